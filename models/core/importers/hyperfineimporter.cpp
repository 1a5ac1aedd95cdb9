#include "hyperfineimporter.h"

#include "capturebuilder.h"
#include "failureshare.h"
#include "jsonnode.h"

#include <algorithm>
#include <cctype>
#include <map>

namespace bs {

namespace {

bool isTokenChar(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '.' || c == '_'; }

// Puts "{name}" back for each parameter value (whole tokens only), so that
// every value set shares one participant; `caseLabel` gets "name=value, ...".
std::string commandTemplate(const JsonNode &r, std::string &caseLabel)
{
    std::string command = r.string("command");
    caseLabel = "command";
    const auto params = r.optMember("parameters");
    if (!params)
        return command;
    caseLabel.clear();
    for (const auto &[name, v] : params->members()) {
        const std::string value = v.string();
        caseLabel += (caseLabel.empty() ? "" : ", ") + name + "=" + value;
        for (auto at = command.find(value); !value.empty() && at != std::string::npos;) {
            const auto end = at + value.size();
            if ((at == 0 || !isTokenChar(command[at - 1])) && (end == command.size() || !isTokenChar(command[end]))) {
                command.replace(at, value.size(), "{" + name + "}");
                at += name.size() + 2;
            } else {
                ++at;
            }
            at = command.find(value, at);
        }
    }
    return command;
}

// Why run `k` failed, from its exit code; empty when it did not.
std::string failureOf(const std::vector<JsonNode> &codes, std::size_t k, Repetition &rep)
{
    if (k >= codes.size())
        return {};
    if (codes[k].value().is_null()) {
        rep.flags.push_back("killed-by-signal");
        return "killed by signal";
    }
    const double c = codes[k].number();
    return c != 0 ? "exit code " + std::to_string(long(c)) : std::string();
}

// One result: a repetition per run; returns the number of runs.
std::size_t readResult(CaptureBuilder &b, const JsonNode &r)
{
    std::string caseLabel;
    const std::string part = b.participant(commandTemplate(r.object(), caseLabel));
    const std::string cs = b.caseId(caseLabel);
    b.setOnce(part, cs, "user_time", r.number("user"));
    b.setOnce(part, cs, "system_time", r.number("system"));
    std::vector<double> times;
    if (const auto t = r.optMember("times")) {
        for (const JsonNode &time : t->elements())
            times.push_back(time.number());
    } else {
        times.push_back(r.number("mean"));
        b.caveat("a result has no per-run times; its mean is imported as one repetition");
    }
    const auto memory = r.optMember("memory_usage_byte");
    const auto exits = r.optMember("exit_codes");
    if (!exits)
        b.caveat("a result has no exit_codes (hyperfine before 1.12): failed runs cannot be told apart");
    const std::vector<JsonNode> memories = memory ? memory->elements() : std::vector<JsonNode>();
    const std::vector<JsonNode> codes = exits ? exits->elements() : std::vector<JsonNode>();
    std::uint64_t failed = 0;
    std::map<std::string, std::uint64_t> kinds;
    for (std::size_t k = 0; k < times.size(); ++k) {
        Repetition &rep = b.addRepetition(part, cs);
        b.set(rep, "wall_time", times[k]);
        if (k < memories.size()) {
            b.defineMetric("peak_memory", "Peak memory", "B", Direction::LowerIsBetter, "peak resident memory of the run");
            b.set(rep, "peak_memory", memories[k].number());
        }
        if (const std::string kind = failureOf(codes, k, rep); !kind.empty()) {
            rep.errors[kind] = 1;
            ++kinds[kind];
            ++failed;
        }
    }
    // hyperfine -i times a failing command as readily as a working one.
    FailureShare::apply(b.result(part, cs), failed, times.size(), "runs", "failed (" + FailureShare::kinds(kinds) + ")");
    return times.size();
}

} // namespace

bool HyperfineImporter::detect(const ImportInput &in) const
{
    if (!in.json || !in.json->is_object() || in.json->size() != 1)
        return false;
    const auto results = in.json->find("results");
    return results != in.json->end() && results->is_array() && !results->empty()
        && JsonNode(results->front()).hasAll({"command", "mean"});
}

Capture HyperfineImporter::import(const ImportInput &in) const
{
    CaptureBuilder b(in, "hyperfine", "benchmark-harness");
    b.caveat("hyperfine's JSON records no hyperfine version, date or host");
    b.caveat("user and system CPU times are hyperfine's means over all runs: stored once per result (n = 1)");
    b.provenance().conditions.mode = "command";
    b.defineMetric("wall_time", "Wall time", "s", Direction::LowerIsBetter, "wall-clock time of one run");
    b.defineMetric("user_time", "User CPU (mean)", "s", Direction::LowerIsBetter, "mean user CPU time over all runs");
    b.defineMetric("system_time", "System CPU (mean)", "s", Direction::LowerIsBetter, "mean system CPU time over all runs");
    b.setPrimary("wall_time");
    std::size_t runs = 0;
    for (const JsonNode &r : JsonNode(*in.json, in.jsonPath).member("results").elements())
        runs = std::max(runs, readResult(b, r));
    b.provenance().conditions.repetitions = int(runs);
    b.fillMissing("not run with this parameter set");
    return b.finish();
}

} // namespace bs
