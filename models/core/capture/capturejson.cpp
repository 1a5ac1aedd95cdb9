#include "capturejson.h"

#include <nlohmann/json.hpp>

#include <ostream>
#include <utility>

namespace bs {

namespace {

using ojson = nlohmann::ordered_json;

// `j` as dump(2) prints it nested `depth` levels deep: every line after the
// first indented by 2 × depth spaces (a string's newline is escaped, so
// every newline of the dump is the dump's own).
void writeNested(std::ostream &out, const ojson &j, int depth)
{
    const std::string text = j.dump(2, ' ', false, ojson::error_handler_t::replace); // invalid UTF-8 as U+FFFD
    const std::string indent(std::size_t(2 * depth), ' ');
    std::size_t start = 0;
    for (std::size_t nl = text.find('\n'); nl != std::string::npos; nl = text.find('\n', start)) {
        out.write(text.data() + start, std::streamsize(nl + 1 - start));
        out << indent;
        start = nl + 1;
    }
    out.write(text.data() + start, std::streamsize(text.size() - start));
}

std::string keyText(const std::string &key)
{
    return ojson(key).dump(-1, ' ', false, ojson::error_handler_t::replace);
}

// Appends a member whose key is known to be new (ordered_json's operator[]
// searches its members one by one: quadratic for a result of many metrics).
void appendMember(ojson &object, const std::string &key, ojson value)
{
    using Members = std::vector<std::pair<const std::string, ojson>>;
    static_cast<Members &>(object.get_ref<ojson::object_t &>()).emplace_back(key, std::move(value));
}

ojson resultJson(const Result &r)
{
    ojson rj = {{"participant", r.participant}, {"case", r.caseId}, {"status", statusName(r.status)}};
    if (!r.reason.empty())
        rj["reason"] = r.reason;
    if (!r.flags.empty())
        rj["flags"] = r.flags;
    rj["n"] = r.repetitions.size();
    rj["representative"] = r.representative;
    ojson ms = ojson::object();
    for (const auto &[id, s] : r.summary) { // a map: each id once
        ojson m = {{"value", s.value}, {"median", s.median}, {"min", s.min}, {"max", s.max}, {"n", s.n}};
        if (s.once)
            m["once"] = true;
        if (s.zeroSpread())
            m["zero_spread"] = true;
        appendMember(ms, id, std::move(m));
    }
    rj["metrics"] = std::move(ms);
    return rj;
}

// Everything of a capture but its results, in the order printed.
ojson headJson(const Capture &c)
{
    ojson o;
    o["file"] = c.sourcePath;
    o["suite"] = {{"id", c.suite.id}, {"title", c.suite.title}};
    o["revision"] = {{"id", c.revision.id}, {"label", c.revision.label}, {"date", c.revision.date}};
    o["captured_at"] = c.capturedAt;
    ojson parts = ojson::array();
    for (const Participant &p : c.participants)
        parts.push_back({{"id", p.id}, {"label", p.label}, {"runtime", p.runtime}, {"version", p.version},
                         {"baseline", p.baseline}, {"tags", p.tags}});
    o["participants"] = std::move(parts);
    ojson cases = ojson::array();
    for (const CaseInfo &k : c.cases)
        cases.push_back({{"id", k.id}, {"label", k.label}, {"group", k.group}});
    o["cases"] = std::move(cases);
    ojson metrics = ojson::array();
    for (const Metric &m : c.metrics)
        metrics.push_back({{"id", m.id}, {"label", m.label}, {"unit", m.unit},
                           {"better", m.direction == Direction::HigherIsBetter ? "higher" : "lower"},
                           {"primary", m.primary}, {"scope", scopeName(m.scope)}, {"statistic", m.statistic}});
    o["metrics"] = std::move(metrics);
    return o;
}

ojson tailJson(const Capture &c)
{
    ojson o;
    ojson contracts = ojson::array();
    for (const ContractCheck &k : c.contracts)
        contracts.push_back({{"participant", k.participant}, {"case", k.caseId}, {"what", k.what},
                             {"passed", k.passed}, {"expected", k.expected}, {"actual", k.actual}});
    o["contracts"] = std::move(contracts);
    o["caveats"] = c.provenance.caveats;
    o["warnings"] = c.warnings;
    return o;
}

// The members of `o` as they stand inside an object `depth` deep, each
// followed by ",\n" and the indent of the next member.
void writeMembers(std::ostream &out, const ojson &o, int depth)
{
    const std::string indent(std::size_t(2 * depth), ' ');
    for (const auto &[key, value] : o.items()) {
        out << keyText(key) << ": ";
        writeNested(out, value, depth);
        out << ",\n" << indent;
    }
}

// One capture as an object `depth` deep, its results written one at a time.
void writeCapture(std::ostream &out, const Capture &c, int depth)
{
    const std::string inner(std::size_t(2 * (depth + 1)), ' ');
    out << "{\n" << inner;
    writeMembers(out, headJson(c), depth + 1);
    out << "\"results\": ";
    if (c.results.empty()) {
        out << "[]";
    } else {
        const std::string item(std::size_t(2 * (depth + 2)), ' ');
        out << "[\n" << item;
        for (std::size_t i = 0; i < c.results.size(); ++i) {
            writeNested(out, resultJson(c.results[i]), depth + 2);
            out << (i + 1 < c.results.size() ? ",\n" + item : "\n" + inner);
        }
        out << "]";
    }
    const ojson tail = tailJson(c);
    for (const auto &[key, value] : tail.items()) {
        out << ",\n" << inner << keyText(key) << ": ";
        writeNested(out, value, depth + 1);
    }
    out << "\n" << std::string(std::size_t(2 * depth), ' ') << "}";
}

} // namespace

void CaptureJson::write(std::ostream &out, const std::vector<Capture> &captures)
{
    if (captures.size() == 1) {
        writeCapture(out, captures.front(), 0);
        return;
    }
    if (captures.empty()) {
        out << "[]";
        return;
    }
    out << "[\n  ";
    for (std::size_t i = 0; i < captures.size(); ++i) {
        writeCapture(out, captures[i], 1);
        out << (i + 1 < captures.size() ? ",\n  " : "\n");
    }
    out << "]";
}

} // namespace bs
