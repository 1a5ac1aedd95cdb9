#include "k6summaryimporter.h"

#include "capturebuilder.h"
#include "failureshare.h"
#include "jsonnode.h"
#include "slug.h"

#include <cmath>
#include <cstdlib>
#include <set>

namespace bs {

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

std::string withoutTags(const std::string &name) { return name.substr(0, name.find('{')); }

K6Metric readMetric(const std::string &name, const json &m, const std::string &path, bool legacy)
{
    K6Metric k;
    k.name = name;
    const JsonNode node = JsonNode(m, path).object();
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
            throw InputFailure{path, "cannot tell the metric type from its keys"};
        const std::string base = withoutTags(name);
        k.contains = k.type == "trend" && isBuiltInTimeTrend(base) ? "time"
            : (base == "data_sent" || base == "data_received") ? "data"
                                                                : "default";
        if (const auto t = node.optMember("thresholds"))
            for (const auto &[expr, failed] : t->members()) // --summary-export: true when it FAILED (k6 #1498)
                k.thresholds.emplace_back(expr, !failed.boolean());
    } else {
        k.type = node.string("type");
        k.contains = node.optString("contains");
        values = &node.member("values").object().value();
        valuesPath = path + ".values";
        if (const auto t = node.optMember("thresholds"))
            for (const auto &[expr, th] : t->members())
                k.thresholds.emplace_back(expr, th.boolean("ok"));
    }
    for (const auto &[key, v] : values->items()) {
        if (key == "thresholds" || v.is_null())
            continue;
        k.values[key] = JsonNode(v, valuesPath + "." + key).number();
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
    const JsonNode node(group, path);
    if (const auto c = node.optMember("checks")) {
        if (legacy && c->value().is_object())
            for (const auto &[name, v] : c->members())
                out.emplace_back(v.path(), &v.value());
        else
            for (const JsonNode &v : c->elements())
                out.emplace_back(v.path(), &v.value());
    }
    if (const auto g = node.optMember("groups")) {
        if (g->value().is_object())
            for (const auto &[name, v] : g->members())
                checks(v.value(), v.path(), legacy, out);
        else
            for (const JsonNode &v : g->elements())
                checks(v.value(), v.path(), legacy, out);
    }
}

std::string unitOf(const K6Metric &k)
{
    return k.contains == "time" ? "s" : k.contains == "data" ? "B" : "count";
}

std::optional<double> valueOf(const K6Metric &k, const char *key)
{
    auto it = k.values.find(key);
    return it == k.values.end() ? std::nullopt : std::optional<double>(it->second);
}

// Percentiles, mean, min and max of a trend; http_req_duration's are the standard latency metrics.
void readTrend(CaptureBuilder &b, Repetition &rep, const K6Metric &k, const std::string &path)
{
    const std::string id = Slug::id(k.name);
    const bool latency = k.name == "http_req_duration";
    const auto dir = k.contains == "time" ? Direction::LowerIsBetter : Direction::HigherIsBetter;
    for (const auto &[stat, v] : k.values) {
        std::string sid, label;
        if (const double p = percentileOfStat(stat); p >= 0) {
            sid = latency ? CaptureBuilder::percentileId("latency", p)
                          : id + "." + CaptureBuilder::percentileId("", p).substr(1);
            label = k.name + " p" + (stat == "med" ? std::string("50") : stat.substr(2, stat.size() - 3));
        } else if (stat == "avg" || stat == "min" || stat == "max") {
            sid = latency ? (stat == "avg" ? "latency_mean" : "latency_" + stat) : id + "." + stat;
            label = k.name + " " + stat;
        } else if (stat == "count") {
            continue; // the number of samples, not a statistic of them
        } else {
            throw InputFailure{path + "." + stat, "unknown trend statistic \"" + stat + "\""};
        }
        if (!latency)
            b.defineMetric(sid, label, unitOf(k), dir);
        b.set(rep, sid, v * (k.contains == "time" ? 1e-3 : 1));
    }
}

void readCounter(CaptureBuilder &b, Repetition &rep, const K6Metric &k)
{
    const std::string id = Slug::id(k.name);
    if (k.name == "http_reqs") {
        b.set(rep, "rps", valueOf(k, "rate"));
        b.set(rep, "requests", valueOf(k, "count"));
    } else if (k.name == "data_received") {
        b.set(rep, "bytes", valueOf(k, "count"));
        b.set(rep, "transfer_rate", valueOf(k, "rate"));
    } else {
        // Iterations an arrival-rate executor could not start are lost work, not work done.
        const auto dir = k.name == "dropped_iterations" ? Direction::LowerIsBetter : Direction::HigherIsBetter;
        b.defineMetric(id, k.name, unitOf(k), dir);
        b.defineMetric(id + ".per_s", k.name + " per second", k.contains == "data" ? "B/s" : "ops/s", dir);
        b.set(rep, id, valueOf(k, "count"));
        b.set(rep, id + ".per_s", valueOf(k, "rate"));
    }
}

void readValues(CaptureBuilder &b, Repetition &rep, const K6Metric &k, const std::string &path)
{
    const std::string id = Slug::id(k.name);
    if (k.type == "trend") {
        readTrend(b, rep, k, path);
    } else if (k.type == "counter") {
        readCounter(b, rep, k);
    } else if (k.type == "rate") {
        // For http_req_failed a "pass" is a failed request.
        const bool failures = k.name == "http_req_failed";
        b.defineMetric(id, k.name, "ratio", failures ? Direction::LowerIsBetter : Direction::HigherIsBetter,
                       failures ? "fraction of requests that failed" : "fraction of non-zero samples");
        b.set(rep, id, valueOf(k, "rate"));
        if (failures && valueOf(k, "passes"))
            rep.errors["http_req_failed"] = std::uint64_t(*valueOf(k, "passes"));
    } else if (k.type == "gauge") {
        b.defineMetric(id, k.name, unitOf(k), Direction::HigherIsBetter);
        b.defineMetric(id + ".max", k.name + " max", unitOf(k), Direction::HigherIsBetter);
        b.set(rep, id, valueOf(k, "value"));
        b.set(rep, id + ".max", valueOf(k, "max"));
    } else {
        throw InputFailure{path + ".type", "unknown metric type \"" + k.type + "\""};
    }
}

// Every check of every group, a contract each.
void addChecks(CaptureBuilder &b, const JsonNode &rootGroup, bool legacy, const std::string &part,
               const std::string &cs)
{
    std::vector<std::pair<std::string, const json *>> found;
    checks(rootGroup.object().value(), rootGroup.path(), legacy, found);
    for (const auto &[path, c] : found) {
        const JsonNode check(*c, path);
        const double passes = check.number("passes");
        const double fails = check.number("fails");
        b.capture().contracts.push_back({part, cs, "check " + check.string("name"), fails == 0, "every check passes",
                                         std::to_string(std::llround(passes)) + " passed, "
                                             + std::to_string(std::llround(fails)) + " failed"});
    }
}

} // namespace

bool K6SummaryImporter::detect(const ImportInput &in) const
{
    return in.json && JsonNode(*in.json).hasAll({"metrics", "root_group"}) && (*in.json)["metrics"].is_object();
}

Capture K6SummaryImporter::import(const ImportInput &in) const
{
    const JsonNode root(*in.json, in.jsonPath);
    const JsonNode metrics = root.member("metrics").object();
    // handleSummary data has typed metrics; the legacy export has flat stats.
    bool legacy = true;
    for (const auto &[name, m] : metrics.value().items())
        if (m.is_object() && m.contains("type") && m.contains("values"))
            legacy = false;

    CaptureBuilder b(in, "k6", "load-generator");
    b.caveat(std::string("k6 ") + (legacy ? "--summary-export (legacy layout)" : "handleSummary() data")
             + "; neither records the k6 version");
    b.caveat("latency is not coordinated-omission corrected unless the script used an arrival-rate "
             "executor, which the summary does not record");
    if (const auto state = root.optMember("state"))
        if (auto ms = state->optNumber("testRunDurationMs"))
            b.provenance().conditions.durationSeconds = *ms / 1000;

    const std::string part = b.participant("k6");
    const std::string cs = b.caseId("run");
    Repetition &rep = b.addRepetition(part, cs);
    std::string failedThresholds;
    bool anyThreshold = false;
    for (const auto &[name, m] : metrics.members()) {
        const K6Metric k = readMetric(name, m.value(), m.path(), legacy);
        readValues(b, rep, k, m.path());
        anyThreshold = anyThreshold || !k.thresholds.empty();
        for (const auto &[expr, passed] : k.thresholds) {
            b.capture().contracts.push_back({part, cs, "threshold " + name, passed, expr, passed ? "passed" : "failed"});
            if (!passed)
                failedThresholds += (failedThresholds.empty() ? "" : ", ") + name + ": " + expr;
        }
    }
    if (legacy && anyThreshold)
        b.caveat("in --summary-export a threshold's true means it FAILED (k6 issue #1498); shown here as failed");
    Result &result = b.result(part, cs);
    if (auto failed = rep.errors.find("http_req_failed"); failed != rep.errors.end() && rep.metrics.count("requests"))
        FailureShare::apply(result, failed->second, std::uint64_t(rep.metrics.at("requests")), "requests",
                            "failed (k6 http_req_failed)");
    if (!failedThresholds.empty())
        FailureShare::flag(result, "k6 thresholds failed: " + failedThresholds);
    b.setPrimary(b.capture().metric("iterations.per_s") && !b.capture().metric("rps") ? "iterations.per_s" : "rps");
    addChecks(b, root.member("root_group"), legacy, part, cs);
    return b.finish();
}

} // namespace bs
