#pragma once

#include "importfailure.h"

#include <nlohmann/json.hpp>

#include <optional>
#include <string>

namespace bs {

// Typed access to another tool's JSON that throws ImportFailure naming the
// JSON path and what was found, so every importer reports errors the same way.
// Every number is read as a double (tools write 1 and 1.0 alike); null reads
// as "absent" in the opt* accessors, because tools write null for undefined
// statistics.
class JsonAccess {
public:
    using json = nlohmann::json;

    static const json &object(const json &v, const std::string &path);
    static const json &array(const json &v, const std::string &path);
    static const json &member(const json &obj, const std::string &key, const std::string &path);
    static const json *optMember(const json &obj, const std::string &key);

    static double number(const json &v, const std::string &path);
    static double numberAt(const json &obj, const std::string &key, const std::string &path);
    static std::optional<double> optNumber(const json &obj, const std::string &key, const std::string &path);
    static std::string string(const json &v, const std::string &path);
    static std::string stringAt(const json &obj, const std::string &key, const std::string &path);
    static std::string optString(const json &obj, const std::string &key, const std::string &path);

    // True when `obj` is an object holding every key.
    static bool hasAll(const json &obj, std::initializer_list<const char *> keys);
};

} // namespace bs
