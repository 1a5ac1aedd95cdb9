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

void readMachine(Machine &machine, const JsonNode &hw)
{
    machine.cpu = hw.optString("cpu_name");
    machine.cores = int(hw.optNumber("cpus").value_or(0));
    machine.memoryBytes = hw.optNumber("memory").value_or(0) * 1024; // KiB
    if (const auto os = hw.optMember("os")) {
        machine.os = os->optString("sysname") + " " + os->optString("release") + " " + os->optString("machine");
        machine.hostname = os->optString("nodename");
    }
}

// A participant per framework, with its language's version; framework id → participant id.
std::map<long, std::string> readFrameworks(CaptureBuilder &b, const JsonNode &root)
{
    std::map<std::string, std::string> languages; // label → version
    if (const auto ls = root.optMember("languages"))
        for (const JsonNode &l : ls->elements())
            languages[l.string("label")] = versionText(l);
    std::map<long, std::string> participantOf;
    for (const JsonNode &f : root.member("frameworks").elements()) {
        const long id = long(f.object().number("id"));
        participantOf[id] = b.participant(f.string("label"));
        Participant &part = b.capture().participants.back();
        part.version = versionText(f);
        const std::string lang = f.optString("language");
        part.runtime = lang.empty() ? "" : lang + (languages[lang].empty() ? "" : " " + languages[lang]);
    }
    return participantOf;
}

// Label (squashed) → metric id and scale to the canonical unit.
struct Target {
    std::string id;
    double scale;
};

const std::map<std::string, Target> &targets()
{
    const double us = 1e-6;
    static const std::map<std::string, Target> targets = {
        {"totalrequestspers", {"rps", 1}},          {"totalrequests", {"requests", 1}},
        {"totalbytesreceived", {"bytes", 1}},       {"averagelatency", {"latency_mean", us}},
        {"minimumlatency", {"latency_min", us}},    {"maximumlatency", {"latency_max", us}},
        {"standarddeviation", {"latency_stdev", us}}, {"percentile50", {"latency_p50", us}},
        {"percentile75", {"latency_p75", us}},      {"percentile90", {"latency_p90", us}},
        {"percentile99", {"latency_p99", us}},      {"percentile99999", {"latency_p99_999", us}},
        {"durationms", {"duration", us}},
    };
    return targets;
}

void defineMetrics(CaptureBuilder &b)
{
    b.defineMetric("duration", "Run duration", "s", Direction::LowerIsBetter,
                   "duration_ms in data.json, which holds microseconds");
    for (const char *e : {"http_errors", "socket_connection_errors", "socket_read_errors", "socket_write_errors",
                          "request_timeouts"})
        b.defineMetric(e, e, "count", Direction::LowerIsBetter, "mean over the published runs");
}

// One repetition per framework and concurrency level, from the flat list of values.
void readMetrics(CaptureBuilder &b, const JsonNode &metrics, std::map<long, std::string> &participantOf)
{
    // Cases in ascending concurrency, whatever order the entries come in.
    std::set<long> levels;
    for (const JsonNode &m : metrics.elements())
        levels.insert(long(m.object().number("level")));
    for (long level : levels)
        b.caseId(std::to_string(level) + " connections", "concurrency");
    std::map<std::pair<std::string, std::string>, Repetition> reps;
    std::size_t unknownFrameworks = 0;
    for (const JsonNode &m : metrics.elements()) {
        const std::string label = m.string("label");
        const double value = m.number("value");
        const long fw = long(m.number("framework_id"));
        auto it = participantOf.find(fw);
        if (it == participantOf.end()) {
            ++unknownFrameworks;
            it = participantOf.emplace(fw, b.participant("framework #" + std::to_string(fw))).first;
        }
        const std::string cs = b.caseId(std::to_string(long(m.number("level"))) + " connections", "concurrency");
        Repetition &rep = reps[{it->second, cs}];
        auto t = targets().find(squash(label));
        if (t != targets().end())
            b.set(rep, t->second.id, value * t->second.scale);
        else if (b.capture().metric(label))
            b.set(rep, label, value);
        else
            m.fail("label", "unknown metric label \"" + label + "\"");
    }
    if (unknownFrameworks)
        b.caveat(std::to_string(unknownFrameworks)
                 + " metric entries name a framework id that is not in \"frameworks\"; shown as \"framework #ID\"");
    for (auto &[key, rep] : reps)
        b.result(key.first, key.second).repetitions.push_back(rep);
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
    const JsonNode root(*in.json, in.jsonPath);
    CaptureBuilder b(in, "wrk", "load-generator");
    Provenance &pv = b.provenance();
    pv.conditions.mode = "published";
    pv.conditions.latencyCorrected = false;
    b.capture().capturedAt = root.optString("updated_at");
    b.caveat("values are the published means of several wrk runs; each result has one repetition");
    b.caveat("latency is not coordinated-omission corrected (wrk runs a closed loop)");
    b.caveat("latency values and duration_ms are read as microseconds, as the data holds them");
    if (const auto hw = root.optMember("hardware"))
        readMachine(pv.machine, *hw);
    std::map<long, std::string> participantOf = readFrameworks(b, root);
    defineMetrics(b);
    readMetrics(b, root.member("metrics"), participantOf);
    b.setPrimary("rps");
    b.fillMissing("no values for this framework at this concurrency level");
    return b.finish();
}

} // namespace bs
