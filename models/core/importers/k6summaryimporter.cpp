#include "k6summaryimporter.h"

#include "capturebuilder.h"
#include "jsonnode.h"
#include "k6run.h"

#include <cmath>
#include <set>

namespace bs {

using json = nlohmann::json;

namespace {

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

// Every check of every group, a contract each.
void addChecks(K6Run &run, const JsonNode &rootGroup, bool legacy)
{
    std::vector<std::pair<std::string, const json *>> found;
    checks(rootGroup.object().value(), rootGroup.path(), legacy, found);
    for (const auto &[path, c] : found) {
        const JsonNode check(*c, path);
        const double passes = check.number("passes");
        const double fails = check.number("fails");
        run.check(check.string("name"), fails == 0,
                  std::to_string(std::llround(passes)) + " passed, " + std::to_string(std::llround(fails)) + " failed");
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

    K6Run run(b);
    for (const auto &[name, m] : metrics.members())
        run.add(readMetric(name, m.value(), m.path(), legacy), m.path());
    if (legacy && run.anyThreshold())
        b.caveat("in --summary-export a threshold's true means it FAILED (k6 issue #1498); shown here as failed");
    run.finish();
    addChecks(run, root.member("root_group"), legacy);
    return b.finish();
}

} // namespace bs
