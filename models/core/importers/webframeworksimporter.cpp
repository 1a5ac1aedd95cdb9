#include "webframeworksimporter.h"

#include "capturebuilder.h"
#include "jsonnode.h"

#include <cmath>
#include <set>

namespace bs {

using json = nlohmann::json;

namespace {

// Label without "_" and "." so that "percentile_99.999" and "percentile99999" agree.
std::string squash(const std::string &label)
{
    std::string s;
    for (char c : label)
        if (c != '_' && c != '.')
            s += c;
    return s;
}

// JSON numbers lose trailing zeros ("0.20" → 0.2); show what is there as text.
// A version as written: a string, or a number like 3.12.
std::string versionText(const JsonNode &obj)
{
    const auto v = obj.optMember("version");
    if (!v)
        return {};
    return v->value().is_string() ? v->value().get<std::string>() : v->value().dump();
}

} // namespace

bool WebFrameworksImporter::detect(const ImportInput &in) const
{
    if (!in.json || !JsonNode(*in.json).hasAll({"metrics", "frameworks"}))
        return false;
    const json &m = (*in.json)["metrics"];
    return m.is_array() && !m.empty() && JsonNode(m.front()).hasAll({"level", "label", "value", "framework_id"});
}

Capture WebFrameworksImporter::import(const ImportInput &in) const
{
    const json &root = *in.json;
    CaptureBuilder b(in, "wrk", "load-generator");
    Provenance &pv = b.provenance();
    pv.conditions.mode = "published";
    pv.conditions.latencyCorrected = false;
    b.capture().capturedAt = JsonNode(root, in.jsonPath).optString("updated_at");
    b.caveat("values are the published means of several wrk runs; each result has one repetition");
    b.caveat("latency is not coordinated-omission corrected (wrk runs a closed loop)");
    b.caveat("latency values and duration_ms are read as microseconds, as the data holds them");

    if (const auto hw = JsonNode(root, in.jsonPath).optMember("hardware")) {
        pv.machine.cpu = hw->optString("cpu_name");
        pv.machine.cores = int(hw->optNumber("cpus").value_or(0));
        pv.machine.memoryBytes = hw->optNumber("memory").value_or(0) * 1024; // KiB
        if (const auto os = hw->optMember("os")) {
            pv.machine.os = os->optString("sysname") + " " + os->optString("release") + " " + os->optString("machine");
            pv.machine.hostname = os->optString("nodename");
        }
    }
    std::map<std::string, std::string> languages; // label → version
    if (const auto ls = JsonNode(root, in.jsonPath).optMember("languages"))
        for (const JsonNode &l : ls->elements())
            languages[l.string("label")] = versionText(l);

    std::map<long, std::string> participantOf; // framework id → participant id
    const std::string fp = in.at(".frameworks");
    const json &frameworks = JsonNode(root["frameworks"], fp).array().value();
    for (std::size_t i = 0; i < frameworks.size(); ++i) {
        const std::string p = fp + "[" + std::to_string(i) + "]";
        const json &f = JsonNode(frameworks[i], p).object().value();
        const long id = long(JsonNode(f, p).number("id"));
        const std::string pid = b.participant(JsonNode(f, p).string("label"));
        participantOf[id] = pid;
        Participant &part = b.capture().participants.back();
        part.version = versionText(JsonNode(f, p));
        const std::string lang = JsonNode(f, p).optString("language");
        part.runtime = lang.empty() ? "" : lang + (languages[lang].empty() ? "" : " " + languages[lang]);
    }

    // Label (squashed) → metric id and scale to the canonical unit.
    struct Target {
        std::string id;
        double scale;
    };
    const double us = 1e-6;
    const std::map<std::string, Target> targets = {
        {"totalrequestspers", {"rps", 1}},          {"totalrequests", {"requests", 1}},
        {"totalbytesreceived", {"bytes", 1}},       {"averagelatency", {"latency_mean", us}},
        {"minimumlatency", {"latency_min", us}},    {"maximumlatency", {"latency_max", us}},
        {"standarddeviation", {"latency_stdev", us}}, {"percentile50", {"latency_p50", us}},
        {"percentile75", {"latency_p75", us}},      {"percentile90", {"latency_p90", us}},
        {"percentile99", {"latency_p99", us}},      {"percentile99999", {"latency_p99_999", us}},
        {"durationms", {"duration", us}},
    };
    b.defineMetric("duration", "Run duration", "s", Direction::LowerIsBetter,
                   "duration_ms in data.json, which holds microseconds");
    for (const char *e : {"http_errors", "socket_connection_errors", "socket_read_errors", "socket_write_errors",
                          "request_timeouts"})
        b.defineMetric(e, e, "count", Direction::LowerIsBetter, "mean over the published runs");

    const std::string mp = in.at(".metrics");
    const json &metrics = JsonNode(root["metrics"], mp).array().value();
    // Cases in ascending concurrency, whatever order the entries come in.
    std::set<long> levels;
    for (std::size_t i = 0; i < metrics.size(); ++i) {
        const std::string p = mp + "[" + std::to_string(i) + "]";
        levels.insert(long(JsonNode(JsonNode(metrics[i], p).object().value(), p).number("level")));
    }
    for (long level : levels)
        b.caseId(std::to_string(level) + " connections", "concurrency");
    std::map<std::pair<std::string, std::string>, Repetition> reps;
    std::size_t unknownFrameworks = 0;
    for (std::size_t i = 0; i < metrics.size(); ++i) {
        const std::string p = mp + "[" + std::to_string(i) + "]";
        const json &m = JsonNode(metrics[i], p).object().value();
        const long level = long(JsonNode(m, p).number("level"));
        const std::string label = JsonNode(m, p).string("label");
        const double value = JsonNode(m, p).number("value");
        const long fw = long(JsonNode(m, p).number("framework_id"));
        auto it = participantOf.find(fw);
        if (it == participantOf.end()) {
            ++unknownFrameworks;
            it = participantOf.emplace(fw, b.participant("framework #" + std::to_string(fw))).first;
        }
        const std::string cs = b.caseId(std::to_string(level) + " connections", "concurrency");
        Repetition &rep = reps[{it->second, cs}];
        auto t = targets.find(squash(label));
        if (t != targets.end())
            b.set(rep, t->second.id, value * t->second.scale);
        else if (b.capture().metric(label))
            b.set(rep, label, value);
        else
            throw InputFailure{p + ".label", "unknown metric label \"" + label + "\""};
    }
    if (unknownFrameworks)
        b.caveat(std::to_string(unknownFrameworks)
                 + " metric entries name a framework id that is not in \"frameworks\"; shown as \"framework #ID\"");
    for (auto &[key, rep] : reps)
        b.result(key.first, key.second).repetitions.push_back(rep);
    b.setPrimary("rps");
    b.fillMissing("no values for this framework at this concurrency level");
    return b.finish();
}

} // namespace bs
