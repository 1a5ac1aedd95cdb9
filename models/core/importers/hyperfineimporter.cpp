#include "hyperfineimporter.h"

#include "capturebuilder.h"
#include "failureshare.h"
#include "hyperfinetemplates.h"
#include "jsonnode.h"

#include <algorithm>
#include <map>

namespace bs {

namespace {

// The result's command and parameter values (`parameters` since hyperfine 1.11,
// from 1.6 to 1.10 one unnamed `parameter`, called "parameter" here).
HyperfineTemplates::Run runOf(CaptureBuilder &b, const JsonNode &r)
{
    HyperfineTemplates::Run run{r.string("command"), {}};
    if (const auto params = r.optMember("parameters")) {
        for (const auto &[name, v] : params->members())
            run.parameters.emplace_back(name, v.string());
    } else if (const auto value = r.optMember("parameter")) {
        run.parameters.emplace_back("parameter", value->string());
        b.caveat("hyperfine before 1.11 wrote a parameter's value without its name: it is called "
                 "\"parameter\" here ({parameter} in the command)");
    }
    return run;
}

// "name=value, ..." ("command" without parameters).
std::string caseLabelOf(const HyperfineTemplates::Run &run)
{
    std::string label;
    for (const auto &[name, value] : run.parameters)
        label += (label.empty() ? "" : ", ") + name + "=" + value;
    return label.empty() ? "command" : label;
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
std::size_t readResult(CaptureBuilder &b, const JsonNode &r, const std::string &command, const std::string &caseLabel)
{
    const std::string part = b.participant(command);
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
    const std::vector<JsonNode> results = JsonNode(*in.json, in.jsonPath).member("results").elements();
    std::vector<HyperfineTemplates::Run> commands;
    for (const JsonNode &r : results)
        commands.push_back(runOf(b, r.object()));
    const std::vector<std::string> templates = HyperfineTemplates::of(commands);
    std::size_t runs = 0;
    for (std::size_t i = 0; i < results.size(); ++i)
        runs = std::max(runs, readResult(b, results[i], templates[i], caseLabelOf(commands[i])));
    b.provenance().conditions.repetitions = int(runs);
    b.fillMissing("not run with this parameter set");
    return b.finish();
}

} // namespace bs
