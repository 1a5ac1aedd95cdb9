#include "webframeworksimporter.h"

#include "capturebuilder.h"
#include "jsonaccess.h"

#include <cmath>
#include <set>

namespace bs {

using J = JsonAccess;
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
std::string versionText(const json *v)
{
    if (!v)
        return {};
    if (v->is_string())
        return v->get<std::string>();
    return v->dump();
}

} // namespace

bool WebFrameworksImporter::detect(const ImportInput &in) const
{
    if (!in.json || !J::hasAll(*in.json, {"metrics", "frameworks"}))
        return false;
    const json &m = (*in.json)["metrics"];
    return m.is_array() && !m.empty() && J::hasAll(m.front(), {"level", "label", "value", "framework_id"});
}

Capture WebFrameworksImporter::import(const ImportInput &in) const
{
    const json &root = *in.json;
    CaptureBuilder b(in, "wrk", "load-generator");
    Provenance &pv = b.provenance();
    pv.conditions.mode = "published";
    pv.conditions.latencyCorrected = false;
    b.capture().capturedAt = J::optString(root, "updated_at", in.jsonPath);
    b.caveat("values are the published means of several wrk runs; each result has one repetition");
    b.caveat("latency is not coordinated-omission corrected (wrk runs a closed loop)");
    b.caveat("latency values and duration_ms are read as microseconds, as the data holds them");

    if (const json *hw = J::optMember(root, "hardware")) {
        const std::string hp = in.at(".hardware");
        pv.machine.cpu = J::optString(*hw, "cpu_name", hp);
        pv.machine.cores = int(J::optNumber(*hw, "cpus", hp).value_or(0));
        pv.machine.memoryBytes = J::optNumber(*hw, "memory", hp).value_or(0) * 1024; // KiB
        if (const json *os = J::optMember(*hw, "os")) {
            const std::string op = hp + ".os";
            pv.machine.os = J::optString(*os, "sysname", op) + " " + J::optString(*os, "release", op) + " "
                + J::optString(*os, "machine", op);
            pv.machine.hostname = J::optString(*os, "nodename", op);
        }
    }
    std::map<std::string, std::string> languages; // label → version
    if (const json *ls = J::optMember(root, "languages"))
        for (std::size_t i = 0; i < J::array(*ls, in.at(".languages")).size(); ++i) {
            const std::string p = in.at(".languages[" + std::to_string(i) + "]");
            languages[J::stringAt((*ls)[i], "label", p)] = versionText(J::optMember((*ls)[i], "version"));
        }

    std::map<long, std::string> participantOf; // framework id → participant id
    const std::string fp = in.at(".frameworks");
    const json &frameworks = J::array(root["frameworks"], fp);
    for (std::size_t i = 0; i < frameworks.size(); ++i) {
        const std::string p = fp + "[" + std::to_string(i) + "]";
        const json &f = J::object(frameworks[i], p);
        const long id = long(J::numberAt(f, "id", p));
        const std::string pid = b.participant(J::stringAt(f, "label", p));
        participantOf[id] = pid;
        Participant &part = b.capture().participants.back();
        part.version = versionText(J::optMember(f, "version"));
        const std::string lang = J::optString(f, "language", p);
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
    const json &metrics = J::array(root["metrics"], mp);
    // Cases in ascending concurrency, whatever order the entries come in.
    std::set<long> levels;
    for (std::size_t i = 0; i < metrics.size(); ++i) {
        const std::string p = mp + "[" + std::to_string(i) + "]";
        levels.insert(long(J::numberAt(J::object(metrics[i], p), "level", p)));
    }
    for (long level : levels)
        b.caseId(std::to_string(level) + " connections", "concurrency");
    std::map<std::pair<std::string, std::string>, Repetition> reps;
    std::size_t unknownFrameworks = 0;
    for (std::size_t i = 0; i < metrics.size(); ++i) {
        const std::string p = mp + "[" + std::to_string(i) + "]";
        const json &m = J::object(metrics[i], p);
        const long level = long(J::numberAt(m, "level", p));
        const std::string label = J::stringAt(m, "label", p);
        const double value = J::numberAt(m, "value", p);
        const long fw = long(J::numberAt(m, "framework_id", p));
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
            throw ImportFailure{p + ".label", "unknown metric label \"" + label + "\""};
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
