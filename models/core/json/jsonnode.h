#pragma once

#include "inputfailure.h"

#include <nlohmann/json.hpp>

#include <initializer_list>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace bs {

// The one JSON checker: a JSON value paired with its path in the file
// ("$.results[3].repetitions[0].metrics.rps"), with typed getters that throw
// InputFailure naming that path and what was found there. Every reader of
// JSON input walks its document with it (the capture reader, the runner's
// suite file, the importers); the loader catches InputFailure at its edge
// and returns a LoadError (file, place, message).
//
//   const JsonNode root(*in.json, in.jsonPath);     // "$"
//   const JsonNode summary = root.member("summary"); // required: "$.summary"
//   double rps = summary.number("requestsPerSec");  // required, finite
//   auto p99 = summary.optNumber("p99");            // absent or null: nullopt
//   for (const JsonNode &row : root.member("rows").elements())   // "$.rows[0]"...
//       names.push_back(row.string("name"));
//   if (rps < 0) summary.fail("requestsPerSec", "must not be negative");
//
// Keyed getters read a member of this value, which must be an object (else
// "expected an object, found ..."). A required member that is absent is a
// "missing required field"; one that is null is "expected ..., found null".
// The opt* getters take null as absent (nullopt, or the fallback), since
// tools write null for undefined statistics. Numbers are doubles and must be finite (tools write 1 and 1.0
// alike); integer() takes any whole number within [min, max].
//
// JsonNode wraps nlohmann::json; OrderedJsonNode wraps ordered_json, for a
// file whose key order matters (the folder importer's mapping).
template <class Json>
class BasicJsonNode {
public:
    explicit BasicJsonNode(const Json &value, std::string path = "$");

    const Json &value() const { return m_value; }
    const std::string &path() const { return m_path; }
    std::string pathOf(const std::string &key) const { return m_path + "." + key; }

    // This value, checked.
    const BasicJsonNode &object() const;
    const BasicJsonNode &array() const;
    std::string string() const;
    double number() const;
    long long integer(long long min, long long max) const;
    bool boolean() const;

    // Members of this object. has() and hasAll() never throw (false when
    // this is not an object), so detect() code may use them.
    bool has(const std::string &key) const;
    bool hasAll(std::initializer_list<const char *> keys) const;
    BasicJsonNode member(const std::string &key) const;
    std::optional<BasicJsonNode> optMember(const std::string &key) const;
    std::string string(const std::string &key) const;
    std::string nonEmptyString(const std::string &key) const;
    std::string optString(const std::string &key, const std::string &fallback = {}) const;
    double number(const std::string &key) const;
    std::optional<double> optNumber(const std::string &key) const;
    long long integer(const std::string &key, long long min, long long max) const;
    std::optional<long long> optInteger(const std::string &key, long long min, long long max) const;
    bool boolean(const std::string &key) const;
    std::optional<bool> optBoolean(const std::string &key) const;
    // An array of strings; empty when absent or null.
    std::vector<std::string> optStrings(const std::string &key) const;
    // Refuses any member not named (a typo must not fall back to a default).
    void allowOnly(std::initializer_list<const char *> keys) const;

    // The elements of this array and the members of this object, each with its path.
    std::vector<BasicJsonNode> elements() const;
    std::vector<std::pair<std::string, BasicJsonNode>> members() const;

    // Throws InputFailure at this value, or at its member `key`.
    [[noreturn]] void fail(const std::string &message) const;
    [[noreturn]] void fail(const std::string &key, const std::string &message) const;

private:
    const Json &m_value;
    std::string m_path;
};

using JsonNode = BasicJsonNode<nlohmann::json>;
using OrderedJsonNode = BasicJsonNode<nlohmann::ordered_json>;

extern template class BasicJsonNode<nlohmann::json>;
extern template class BasicJsonNode<nlohmann::ordered_json>;

} // namespace bs
