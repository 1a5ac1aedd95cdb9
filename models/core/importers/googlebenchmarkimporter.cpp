#include "googlebenchmarkimporter.h"

#include "capturebuilder.h"
#include "endswith.h"
#include "failureshare.h"
#include "jsonnode.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <set>

namespace bs {


namespace {

const std::set<std::string> kKnownKeys = {
    "name", "family_index", "per_family_instance_index", "run_name", "run_type", "repetitions",
    "repetition_index", "threads", "aggregate_name", "aggregate_unit", "iterations", "real_time",
    "cpu_time", "time_unit", "error_occurred", "error_message", "label"};

double secondsPer(const std::string &unit, const std::string &path)
{
    if (unit == "ns")
        return 1e-9;
    if (unit == "us")
        return 1e-6;
    if (unit == "ms")
        return 1e-3;
    if (unit == "s")
        return 1;
    throw InputFailure{path, "unknown time_unit \"" + unit + "\" (expected ns, us, ms or s)"};
}

// A name with something before the suffix: "_mean" alone names a benchmark.
bool hasTail(const std::string &name, const std::string &suffix)
{
    return name.size() > suffix.size() && endsWith(name, suffix);
}

void defineCounter(CaptureBuilder &b, const std::string &key)
{
    if (key == "items_per_second")
        b.defineMetric(key, "Items/s", "ops/s", Direction::HigherIsBetter);
    else if (key == "bytes_per_second")
        b.defineMetric(key, "Bytes/s", "B/s", Direction::HigherIsBetter);
    else if (key == "max_bytes_used" || key == "total_allocated_bytes" || key == "net_heap_growth")
        b.defineMetric(key, key, "B", Direction::LowerIsBetter);
    else if (key == "allocs_per_iter")
        b.defineMetric(key, "Allocations/iteration", "count", Direction::LowerIsBetter);
    else
        b.defineMetric(key, key, "count", Direction::HigherIsBetter,
                       "user counter; Google Benchmark does not say which direction is better");
}

struct Run {
    std::string name;
    std::vector<JsonNode> iterations;
    std::map<std::string, JsonNode> aggregates; // by aggregate name
};

void readContext(CaptureBuilder &b, const JsonNode &ctx)
{
    Provenance &pv = b.provenance();
    b.capture().capturedAt = ctx.optString("date");
    pv.machine.hostname = ctx.optString("host_name");
    if (auto n = ctx.optNumber("num_cpus"))
        pv.machine.cores = int(*n);
    if (auto mhz = ctx.optNumber("mhz_per_cpu"))
        pv.conditions.extra["mhz_per_cpu"] = std::to_string(std::llround(*mhz));
    b.tool().version = ctx.optString("library_version");
    if (ctx.optString("library_build_type") == "debug")
        b.caveat("the benchmark library was a debug build (library_build_type \"debug\")");
    if (const auto s = ctx.optMember("cpu_scaling_enabled"); s && s->value().is_boolean() && s->value().get<bool>())
        b.caveat("CPU frequency scaling was enabled; timings may be noisy");
    for (const auto &[key, v] : ctx.value().items())
        if (v.is_string() && key != "date" && key != "host_name" && key != "library_version")
            pv.conditions.extra[key] = v.get<std::string>();
}

// The aggregate a row is ("mean", ...), empty for an iteration row; `runName` is filled.
std::string aggregateOf(const JsonNode &row, const std::string &name, std::string &runName)
{
    runName = row.optString("run_name");
    const std::string runType = row.optString("run_type");
    if (runType == "aggregate")
        return row.string("aggregate_name");
    if (!runType.empty() && runType != "iteration")
        row.fail("run_type", "expected \"iteration\" or \"aggregate\", found \"" + runType + "\"");
    std::string aggregate;
    if (runType.empty()) // old files: no run_type; aggregates are known by their name suffix
        for (const char *s : {"_mean", "_median", "_stddev", "_cv"})
            if (hasTail(name, s)) {
                aggregate = std::string(s + 1);
                if (runName.empty())
                    runName = name.substr(0, name.size() - std::strlen(s));
            }
    return aggregate;
}

// The rows grouped by run; aggregates are kept apart so that they are never counted twice.
std::vector<Run> groupRuns(CaptureBuilder &b, const JsonNode &rows)
{
    std::vector<Run> runs;
    std::map<std::string, std::size_t> runIndex;
    std::size_t skipped = 0;
    for (const JsonNode &row : rows.elements()) {
        const std::string name = row.object().string("name");
        if (hasTail(name, "_BigO") || hasTail(name, "_RMS") || row.has("big_o") || row.has("rms")) {
            ++skipped; // complexity fits are derived from other rows
            continue;
        }
        std::string runName;
        const std::string aggregate = aggregateOf(row, name, runName);
        if (runName.empty())
            runName = name;
        auto [it, added] = runIndex.emplace(runName, runs.size());
        if (added)
            runs.push_back({runName, {}, {}});
        Run &run = runs[it->second];
        if (aggregate.empty())
            run.iterations.push_back(row);
        else {
            run.aggregates.erase(aggregate); // the last row of a name counts
            run.aggregates.emplace(aggregate, row);
        }
    }
    if (skipped)
        b.caveat(std::to_string(skipped) + " complexity row(s) (_BigO, _RMS) were left out");
    return runs;
}

// One row's figures, into a repetition or (`rep` null) once for the result.
// False when the row reports an error, whose message is kept.
bool readRow(CaptureBuilder &b, const JsonNode &row, Repetition *rep, const std::string &part, const std::string &cs,
             std::string &errorMessage)
{
    auto put = [&](const std::string &id, std::optional<double> v) {
        if (rep)
            b.set(*rep, id, v);
        else
            b.setOnce(part, cs, id, v);
    };
    if (row.optBoolean("error_occurred").value_or(false)) {
        errorMessage = row.optString("error_message");
        if (rep) {
            rep->errors["error"] = 1;
            rep->flags.push_back("error");
        }
        return false; // the timing fields of a failed run are not meaningful
    }
    const double scale = secondsPer(row.optString("time_unit", "ns"), row.pathOf("time_unit"));
    put("real_time", row.optNumber("real_time").value_or(NAN) * scale);
    put("cpu_time", row.optNumber("cpu_time").value_or(NAN) * scale);
    for (const auto &[key, v] : row.members()) {
        if (kKnownKeys.count(key) || !v.value().is_number())
            continue;
        defineCounter(b, key);
        put(key, v.number());
    }
    return true;
}

// SetLabel's text: compare.py shows it beside the name but pairs benchmarks
// by name alone, so it describes the case and is not part of its identity.
void keepLabels(CaptureBuilder &b, const std::string &cs, const std::vector<JsonNode> &rows)
{
    std::vector<std::string> labels;
    for (const JsonNode &row : rows)
        if (const std::string l = row.optString("label");
            !l.empty() && std::find(labels.begin(), labels.end(), l) == labels.end())
            labels.push_back(l);
    if (labels.empty())
        return;
    std::string text = "label: " + labels.front();
    for (std::size_t i = 1; i < labels.size(); ++i)
        text += "; " + labels[i];
    for (CaseInfo &ci : b.capture().cases)
        if (ci.id == cs)
            ci.description = text;
}

// Takes out the rows of SkipWithMessage (Google Benchmark 1.8 on): their
// times are zeros, not figures. Returns why the first was skipped, if any was.
std::optional<std::string> leaveOutSkipped(CaptureBuilder &b, std::vector<JsonNode> &rows)
{
    std::vector<JsonNode> kept;
    std::optional<std::string> why;
    for (const JsonNode &row : rows) {
        if (!row.optBoolean("skipped").value_or(false)) {
            kept.push_back(row);
        } else if (!why) {
            const std::string message = row.optString("skip_message");
            why = "skipped by the benchmark (SkipWithMessage" + (message.empty() ? "" : ": " + message) + ")";
            b.caveat("\"" + row.string("name") + "\" was " + *why + ": its zero times are not figures, and were "
                     "left out");
        }
    }
    rows.swap(kept);
    return why;
}

// The run's iteration rows as repetitions, or its mean (or median) once;
// returns the number of repetitions.
// `onceAggregate` gets the aggregate stored once when the run has no iteration
// rows; `dropped` every other aggregate of the run (stddev, cv, min, max …).
int readRun(CaptureBuilder &b, const Run &run, const std::string &part, std::string &onceAggregate,
            std::set<std::string> &dropped)
{
    const std::string cs = b.caseId(run.name, run.name.substr(0, run.name.find('/')));
    std::vector<JsonNode> rows = run.iterations;
    if (const auto why = leaveOutSkipped(b, rows); why && rows.empty() && run.aggregates.empty()) {
        Result &r = b.result(part, cs);
        r.status = ResultStatus::Missing;
        r.reason = *why;
        return 0;
    }
    const bool aggregateOnly = rows.empty();
    if (aggregateOnly) {
        // --benchmark_report_aggregates_only: the mean (or median) is one figure for the run, not a repetition.
        auto agg = run.aggregates.count("mean") ? run.aggregates.find("mean") : run.aggregates.find("median");
        if (agg == run.aggregates.end())
            run.aggregates.begin()->second.fail("run \"" + run.name
                                                + "\" has neither iteration rows nor a mean or median aggregate");
        rows.push_back(agg->second);
        onceAggregate = agg->first;
        b.caveat("some runs have only aggregate rows; their " + agg->first
                 + " is stored once per result (n = 1), not as repetitions");
    }
    for (const auto &[name, row] : run.aggregates)
        if (name != onceAggregate)
            dropped.insert(name);
    std::size_t failed = 0;
    std::string errorMessage;
    for (const JsonNode &row : rows)
        failed += !readRow(b, row, aggregateOnly ? nullptr : &b.addRepetition(part, cs), part, cs, errorMessage);
    keepLabels(b, cs, rows);
    const std::string how = "reported an error" + (errorMessage.empty() ? std::string() : ": " + errorMessage);
    FailureShare::apply(b.result(part, cs), failed, rows.size(), "repetitions", how);
    return aggregateOnly ? 0 : int(rows.size());
}

} // namespace

bool GoogleBenchmarkImporter::detect(const ImportInput &in) const
{
    return in.json && JsonNode(*in.json).hasAll({"context", "benchmarks"}) && (*in.json)["benchmarks"].is_array();
}

Capture GoogleBenchmarkImporter::import(const ImportInput &in) const
{
    const JsonNode root(*in.json, in.jsonPath);
    CaptureBuilder b(in, "google-benchmark", "benchmark-harness");
    b.provenance().conditions.mode = "microbenchmark";
    const JsonNode ctx = root.member("context").object();
    readContext(b, ctx);
    if (in.nonFiniteValues > 0)
        b.caveat(std::to_string(in.nonFiniteValues) + " NaN/Infinity value(s) in the file were left out");

    std::string executable = ctx.optString("executable");
    executable = executable.substr(executable.find_last_of('/') + 1);
    const std::string part = b.participant(executable.empty() ? "benchmark" : executable);
    b.defineMetric("real_time", "Real time", "s", Direction::LowerIsBetter, "wall-clock time per iteration");
    b.defineMetric("cpu_time", "CPU time", "s", Direction::LowerIsBetter, "CPU time per iteration");
    b.setPrimary("real_time");

    int maxReps = 0;
    std::set<std::string> dropped, once; // aggregate names left out, and stored once
    for (const Run &run : groupRuns(b, root.member("benchmarks"))) {
        std::string aggregate;
        maxReps = std::max(maxReps, readRun(b, run, part, aggregate, dropped));
        if (!aggregate.empty())
            once.insert(aggregate);
    }
    if (!dropped.empty()) {
        std::string names;
        for (const std::string &n : dropped)
            names += (names.empty() ? "" : ", ") + n;
        b.caveat("aggregate rows (" + names + ") were left out: where iteration rows exist, medians and ranges "
                 "are recomputed from the iterations; where only aggregates exist, the one stored is named above");
    }
    // Only aggregates: each figure is that aggregate, and says so.
    if (maxReps == 0 && once.size() == 1)
        for (const Metric &m : std::vector<Metric>(b.capture().metrics))
            b.setStatistic(m.id, *once.begin());
    if (maxReps > 0)
        b.provenance().conditions.repetitions = maxReps;
    return b.finish();
}
} // namespace bs
