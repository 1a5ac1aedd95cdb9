#include "k6summaryimporter.h"

#include "capturebuilder.h"
#include "failureshare.h"
#include "jsonaccess.h"
#include "jsontypename.h"

#include <cmath>
#include <cstdlib>
#include <set>

namespace bs {

using J = JsonAccess;
using json = nlohmann::json;

namespace {

struct K6Metric {
    std::string name;
    std::string type;     // trend, counter, rate, gauge
    std::string contains; // time, data, default
    std::map<std::string, double> values;
    std::vector<std::pair<std::string, bool>> thresholds; // expression, passed
};

// The legacy export carries no types: built-in time trends are known by name.
bool isBuiltInTimeTrend(const std::string &baseName)
{
    static const std::set<std::string> names = {
        "http_req_duration", "http_req_waiting", "http_req_blocked", "http_req_connecting",
        "http_req_tls_handshaking", "http_req_sending", "http_req_receiving", "iteration_duration",
        "group_duration"};
    return names.count(baseName) > 0;
}

std::string baseName(const std::string &name) { return name.substr(0, name.find('{')); }

K6Metric readMetric(const std::string &name, const json &m, const std::string &path, bool legacy)
{
    K6Metric k;
    k.name = name;
    J::object(m, path);
    const json *values = &m;
    std::string valuesPath = path;
    if (legacy) {
        if (m.contains("passes") && m.contains("fails"))
            k.type = "rate";
        else if (m.contains("count") && m.contains("rate"))
            k.type = "counter";
        else if (m.contains("avg") || m.contains("med"))
            k.type = "trend";
        else if (m.contains("value"))
            k.type = "gauge";
        else
            throw ImportFailure{path, "cannot tell the metric type from its keys"};
        const std::string base = baseName(name);
        k.contains = k.type == "trend" && isBuiltInTimeTrend(base) ? "time"
            : (base == "data_sent" || base == "data_received") ? "data"
                                                                : "default";
        if (const json *t = J::optMember(m, "thresholds"))
            for (const auto &[expr, failed] : J::object(*t, path + ".thresholds").items()) {
                if (!failed.is_boolean())
                    throw ImportFailure{path + ".thresholds." + expr,
                                        std::string("expected true or false, found ") + jsonTypeName(failed)};
                // --summary-export writes true when the threshold FAILED (k6 issue #1498).
                k.thresholds.emplace_back(expr, !failed.get<bool>());
            }
    } else {
        k.type = J::stringAt(m, "type", path);
        k.contains = J::optString(m, "contains", path);
        values = &J::object(J::member(m, "values", path), path + ".values");
        valuesPath = path + ".values";
        if (const json *t = J::optMember(m, "thresholds"))
            for (const auto &[expr, th] : J::object(*t, path + ".thresholds").items()) {
                const std::string tp = path + ".thresholds." + expr;
                const json &ok = J::member(th, "ok", tp);
                if (!ok.is_boolean())
                    throw ImportFailure{tp + ".ok", std::string("expected true or false, found ") + jsonTypeName(ok)};
                k.thresholds.emplace_back(expr, ok.get<bool>());
            }
    }
    for (const auto &[key, v] : values->items()) {
        if (key == "thresholds" || v.is_null())
            continue;
        k.values[key] = J::number(v, valuesPath + "." + key);
    }
    // A rate's fraction is "value" in the legacy export and "rate" in handleSummary data.
    if (k.type == "rate" && k.values.count("value"))
        k.values["rate"] = k.values["value"];
    return k;
}

// "p(99.9)" → 99.9, "med" → 50; -1 otherwise.
double percentileOfStat(const std::string &stat)
{
    if (stat == "med")
        return 50;
    if (stat.size() > 3 && stat.compare(0, 2, "p(") == 0 && stat.back() == ')')
        return std::strtod(stat.c_str() + 2, nullptr);
    return -1;
}

void checks(const json &group, const std::string &path, bool legacy, std::vector<std::pair<std::string, const json *>> &out)
{
    if (const json *c = J::optMember(group, "checks")) {
        if (legacy && c->is_object())
            for (const auto &[name, v] : c->items())
                out.emplace_back(path + ".checks." + name, &v);
        else
            for (std::size_t i = 0; i < J::array(*c, path + ".checks").size(); ++i)
                out.emplace_back(path + ".checks[" + std::to_string(i) + "]", &(*c)[i]);
    }
    if (const json *g = J::optMember(group, "groups")) {
        if (g->is_object())
            for (const auto &[name, v] : g->items())
                checks(v, path + ".groups." + name, legacy, out);
        else
            for (std::size_t i = 0; i < J::array(*g, path + ".groups").size(); ++i)
                checks((*g)[i], path + ".groups[" + std::to_string(i) + "]", legacy, out);
    }
}

} // namespace

bool K6SummaryImporter::detect(const ImportInput &in) const
{
    return in.json && J::hasAll(*in.json, {"metrics", "root_group"}) && (*in.json)["metrics"].is_object();
}

Capture K6SummaryImporter::import(const ImportInput &in) const
{
    const json &root = *in.json;
    const std::string mp = in.at(".metrics");
    const json &metrics = J::object(root["metrics"], mp);
    const json &rootGroup = J::object(root["root_group"], in.at(".root_group"));

    // handleSummary data has typed metrics; the legacy export has flat stats.
    bool legacy = true;
    for (const auto &[name, m] : metrics.items())
        if (m.is_object() && m.contains("type") && m.contains("values"))
            legacy = false;

    CaptureBuilder b(in, "k6", "load-generator");
    b.caveat(std::string("k6 ") + (legacy ? "--summary-export (legacy layout)" : "handleSummary() data")
             + "; neither records the k6 version");
    b.caveat("latency is not coordinated-omission corrected unless the script used an arrival-rate "
             "executor, which the summary does not record");
    if (legacy)
        b.caveat("in --summary-export a threshold's true means it FAILED (k6 issue #1498); shown here as failed");
    if (const json *state = J::optMember(root, "state"))
        if (auto ms = J::optNumber(*state, "testRunDurationMs", in.at(".state")))
            b.provenance().conditions.durationSeconds = *ms / 1000;

    const std::string part = b.participant("k6");
    const std::string cs = b.caseId("run");
    Repetition &rep = b.addRepetition(part, cs);
    std::string failedThresholds;

    for (const auto &[name, m] : metrics.items()) {
        const std::string path = mp + "." + name;
        const K6Metric k = readMetric(name, m, path, legacy);
        const std::string id = CaptureBuilder::slug(name);
        const double scale = k.contains == "time" ? 1e-3 : 1;
        const std::string unit = k.contains == "time" ? "s" : k.contains == "data" ? "B" : "count";
        auto value = [&](const char *key) -> std::optional<double> {
            auto it = k.values.find(key);
            return it == k.values.end() ? std::nullopt : std::optional<double>(it->second);
        };

        if (k.type == "trend") {
            const bool latency = name == "http_req_duration";
            const auto dir = k.contains == "time" ? Direction::LowerIsBetter : Direction::HigherIsBetter;
            for (const auto &[stat, v] : k.values) {
                std::string sid, label;
                if (const double p = percentileOfStat(stat); p >= 0) {
                    sid = latency ? CaptureBuilder::percentileId("latency", p)
                                  : id + "." + CaptureBuilder::percentileId("", p).substr(1);
                    label = name + " p" + (stat == "med" ? std::string("50") : stat.substr(2, stat.size() - 3));
                } else if (stat == "avg" || stat == "min" || stat == "max") {
                    sid = latency ? (stat == "avg" ? "latency_mean" : "latency_" + stat) : id + "." + stat;
                    label = name + " " + stat;
                } else if (stat == "count") {
                    continue; // the number of samples, not a statistic of them
                } else {
                    throw ImportFailure{path + "." + stat, "unknown trend statistic \"" + stat + "\""};
                }
                if (!latency)
                    b.defineMetric(sid, label, unit, dir);
                b.set(rep, sid, v * scale);
            }
        } else if (k.type == "counter") {
            if (name == "http_reqs") {
                b.set(rep, "rps", value("rate"));
                b.set(rep, "requests", value("count"));
            } else if (name == "data_received") {
                b.set(rep, "bytes", value("count"));
                b.set(rep, "transfer_rate", value("rate"));
            } else {
                b.defineMetric(id, name, unit, Direction::HigherIsBetter);
                b.defineMetric(id + ".per_s", name + " per second", k.contains == "data" ? "B/s" : "ops/s",
                               Direction::HigherIsBetter);
                b.set(rep, id, value("count"));
                b.set(rep, id + ".per_s", value("rate"));
            }
        } else if (k.type == "rate") {
            // For http_req_failed a "pass" is a failed request.
            const bool failures = name == "http_req_failed";
            b.defineMetric(id, name, "ratio", failures ? Direction::LowerIsBetter : Direction::HigherIsBetter,
                           failures ? "fraction of requests that failed" : "fraction of non-zero samples");
            b.set(rep, id, value("rate"));
            if (failures && value("passes"))
                rep.errors["http_req_failed"] = std::uint64_t(*value("passes"));
        } else if (k.type == "gauge") {
            b.defineMetric(id, name, unit, Direction::HigherIsBetter);
            b.defineMetric(id + ".max", name + " max", unit, Direction::HigherIsBetter);
            b.set(rep, id, value("value"));
            b.set(rep, id + ".max", value("max"));
        } else {
            throw ImportFailure{path + ".type", "unknown metric type \"" + k.type + "\""};
        }
        for (const auto &[expr, passed] : k.thresholds) {
            b.capture().contracts.push_back({part, cs, "threshold " + name, passed, expr,
                                             passed ? "passed" : "failed"});
            if (!passed)
                failedThresholds += (failedThresholds.empty() ? "" : ", ") + name + ": " + expr;
        }
    }
    Result &result = b.result(part, cs);
    if (auto failed = rep.errors.find("http_req_failed"); failed != rep.errors.end() && rep.metrics.count("requests"))
        FailureShare::apply(result, failed->second, std::uint64_t(rep.metrics.at("requests")), "requests",
                            "failed (k6 http_req_failed)");
    if (!failedThresholds.empty())
        FailureShare::flag(result, "k6 thresholds failed: " + failedThresholds);
    if (b.capture().metric("iterations.per_s") && !b.capture().metric("rps"))
        b.setPrimary("iterations.per_s");
    else
        b.setPrimary("rps");

    std::vector<std::pair<std::string, const json *>> found;
    checks(rootGroup, in.at(".root_group"), legacy, found);
    for (const auto &[path, c] : found) {
        const double passes = J::numberAt(*c, "passes", path);
        const double fails = J::numberAt(*c, "fails", path);
        b.capture().contracts.push_back({part, cs, "check " + J::stringAt(*c, "name", path), fails == 0,
                                         "every check passes",
                                         std::to_string(std::llround(passes)) + " passed, "
                                             + std::to_string(std::llround(fails)) + " failed"});
    }
    return b.finish();
}

} // namespace bs
