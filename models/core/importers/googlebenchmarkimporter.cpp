#include "googlebenchmarkimporter.h"

#include "capturebuilder.h"
#include "failureshare.h"
#include "jsonnode.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <set>

namespace bs {

using json = nlohmann::json;

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

bool endsWith(const std::string &s, const std::string &suffix)
{
    return s.size() > suffix.size() && s.compare(s.size() - suffix.size(), std::string::npos, suffix) == 0;
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
    std::vector<std::pair<std::string, const json *>> iterations; // path, row
    std::map<std::string, std::pair<std::string, const json *>> aggregates; // aggregate name → path, row
};

} // namespace

bool GoogleBenchmarkImporter::detect(const ImportInput &in) const
{
    return in.json && JsonNode(*in.json).hasAll({"context", "benchmarks"}) && (*in.json)["benchmarks"].is_array();
}

Capture GoogleBenchmarkImporter::import(const ImportInput &in) const
{
    const json &root = *in.json;
    CaptureBuilder b(in, "google-benchmark", "benchmark-harness");
    Provenance &pv = b.provenance();
    pv.conditions.mode = "microbenchmark";

    const std::string cp = in.at(".context");
    const json &ctx = JsonNode(root["context"], cp).object().value();
    b.capture().capturedAt = JsonNode(ctx, cp).optString("date");
    pv.machine.hostname = JsonNode(ctx, cp).optString("host_name");
    if (auto n = JsonNode(ctx, cp).optNumber("num_cpus"))
        pv.machine.cores = int(*n);
    if (auto mhz = JsonNode(ctx, cp).optNumber("mhz_per_cpu"))
        pv.conditions.extra["mhz_per_cpu"] = std::to_string(std::llround(*mhz));
    b.tool().version = JsonNode(ctx, cp).optString("library_version");
    if (JsonNode(ctx, cp).optString("library_build_type") == "debug")
        b.caveat("the benchmark library was a debug build (library_build_type \"debug\")");
    if (const auto s = JsonNode(ctx, cp).optMember("cpu_scaling_enabled"); s && s->value().is_boolean() && s->value().get<bool>())
        b.caveat("CPU frequency scaling was enabled; timings may be noisy");
    for (const auto &[key, v] : ctx.items())
        if (v.is_string() && key != "date" && key != "host_name" && key != "library_version")
            pv.conditions.extra[key] = v.get<std::string>();
    if (in.nonFiniteValues > 0)
        b.caveat(std::to_string(in.nonFiniteValues) + " NaN/Infinity value(s) in the file were left out");

    std::string executable = JsonNode(ctx, cp).optString("executable");
    executable = executable.substr(executable.find_last_of('/') + 1);
    const std::string part = b.participant(executable.empty() ? "benchmark" : executable);

    b.defineMetric("real_time", "Real time", "s", Direction::LowerIsBetter, "wall-clock time per iteration");
    b.defineMetric("cpu_time", "CPU time", "s", Direction::LowerIsBetter, "CPU time per iteration");
    b.setPrimary("real_time");

    // Group the rows by run; aggregates are kept apart so that they are never counted twice.
    const std::string bp = in.at(".benchmarks");
    const json &rows = JsonNode(root["benchmarks"], bp).array().value();
    std::vector<Run> runs;
    std::map<std::string, std::size_t> runIndex;
    std::size_t skipped = 0;
    for (std::size_t i = 0; i < rows.size(); ++i) {
        const std::string p = bp + "[" + std::to_string(i) + "]";
        const json &row = JsonNode(rows[i], p).object().value();
        const std::string name = JsonNode(row, p).string("name");
        if (endsWith(name, "_BigO") || endsWith(name, "_RMS") || row.contains("big_o") || row.contains("rms")) {
            ++skipped; // complexity fits are derived from other rows
            continue;
        }
        std::string runName = JsonNode(row, p).optString("run_name");
        std::string aggregate;
        const std::string runType = JsonNode(row, p).optString("run_type");
        if (runType == "aggregate") {
            aggregate = JsonNode(row, p).string("aggregate_name");
        } else if (runType.empty()) {
            // Old files: no run_type; aggregates are known by their name suffix.
            for (const char *s : {"_mean", "_median", "_stddev", "_cv"})
                if (endsWith(name, s)) {
                    aggregate = std::string(s + 1);
                    if (runName.empty())
                        runName = name.substr(0, name.size() - std::strlen(s));
                }
        } else if (runType != "iteration") {
            throw InputFailure{p + ".run_type", "expected \"iteration\" or \"aggregate\", found \"" + runType + "\""};
        }
        if (runName.empty())
            runName = name;
        auto [it, added] = runIndex.emplace(runName, runs.size());
        if (added)
            runs.push_back({runName, {}, {}});
        Run &run = runs[it->second];
        if (aggregate.empty())
            run.iterations.emplace_back(p, &row);
        else
            run.aggregates[aggregate] = {p, &row};
    }
    if (skipped)
        b.caveat(std::to_string(skipped) + " complexity row(s) (_BigO, _RMS) were left out");

    int maxReps = 0;
    bool droppedAggregates = false;
    for (const Run &run : runs) {
        const std::string group = run.name.substr(0, run.name.find('/'));
        const std::string cs = b.caseId(run.name, group);
        auto rowsToUse = run.iterations;
        const bool aggregateOnly = rowsToUse.empty();
        droppedAggregates = droppedAggregates || (!aggregateOnly && !run.aggregates.empty());
        if (aggregateOnly) {
            // --benchmark_report_aggregates_only: the mean (or median) is one figure for the run, not a repetition.
            auto agg = run.aggregates.count("mean") ? run.aggregates.find("mean") : run.aggregates.find("median");
            if (agg == run.aggregates.end())
                throw InputFailure{run.aggregates.begin()->second.first,
                                    "run \"" + run.name + "\" has neither iteration rows nor a mean or median aggregate"};
            rowsToUse.push_back(agg->second);
            b.caveat("some runs have only aggregate rows; their " + agg->first
                     + " is stored once per result (n = 1), not as repetitions");
        }
        std::size_t failed = 0;
        std::string errorMessage;
        for (const auto &[p, rowPtr] : rowsToUse) {
            const json &row = *rowPtr;
            Repetition *rep = aggregateOnly ? nullptr : &b.addRepetition(part, cs);
            auto put = [&](const std::string &id, std::optional<double> v) {
                if (rep)
                    b.set(*rep, id, v);
                else
                    b.setOnce(part, cs, id, v);
            };
            if (const auto e = JsonNode(row, p).optMember("error_occurred"); e && e->value().is_boolean() && e->value().get<bool>()) {
                ++failed;
                errorMessage = JsonNode(row, p).optString("error_message");
                if (rep) {
                    rep->errors["error"] = 1;
                    rep->flags.push_back("error");
                }
                continue; // the timing fields of a failed run are not meaningful
            }
            const double scale = secondsPer(row.contains("time_unit") ? JsonNode(row, p).string("time_unit") : "ns",
                                            p + ".time_unit");
            put("real_time", JsonNode(row, p).optNumber("real_time").value_or(NAN) * scale);
            put("cpu_time", JsonNode(row, p).optNumber("cpu_time").value_or(NAN) * scale);
            for (const auto &[key, v] : row.items()) {
                if (kKnownKeys.count(key) || !v.is_number())
                    continue;
                defineCounter(b, key);
                put(key, JsonNode(v, p + "." + key).number());
            }
        }
        const std::string how = "reported an error" + (errorMessage.empty() ? std::string() : ": " + errorMessage);
        FailureShare::apply(b.result(part, cs), failed, rowsToUse.size(), "repetitions", how);
        maxReps = std::max(maxReps, int(aggregateOnly ? 0 : rowsToUse.size()));
    }
    if (droppedAggregates)
        b.caveat("aggregate rows (mean, median, stddev, cv) were left out where iteration rows exist: medians and "
                 "ranges are recomputed from the iterations");
    if (maxReps > 0)
        pv.conditions.repetitions = maxReps;
    return b.finish();
}

} // namespace bs
