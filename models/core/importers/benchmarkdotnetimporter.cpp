#include "benchmarkdotnetimporter.h"

#include "capturebuilder.h"
#include "slug.h"
#include "jsonnode.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdlib>
#include <map>

namespace bs {

namespace {

constexpr double kNs = 1e-9;

// The repetitions' metric, defined on first use so that a brief report has none.
const char *timePerOp(CaptureBuilder &b)
{
    b.defineMetric("time_per_op", "Time/op", "s", Direction::LowerIsBetter,
                   "one result iteration's time per operation, overhead subtracted (Nanoseconds ÷ Operations)");
    return "time_per_op";
}

// The statistics BenchmarkDotNet computed, stored once: a summary, never a sample.
void readStatistics(CaptureBuilder &b, const JsonNode &stats, const std::string &part, const std::string &cs)
{
    struct Stat {
        const char *id, *label, *statistic;
    };
    static const std::map<std::string, Stat> kStats = {
        {"Mean", {"time_mean", "Mean time/op", "mean"}},      {"Median", {"time_median", "Median time/op", "median"}},
        {"Min", {"time_min", "Min time/op", "min"}},          {"Max", {"time_max", "Max time/op", "max"}},
        {"StandardDeviation", {"time_stdev", "Time/op std. dev.", "stddev"}},
        {"StandardError", {"time_stderr", "Time/op std. error", "error"}}};
    for (const auto &[key, stat] : kStats)
        if (const auto v = stats.optNumber(key)) {
            b.defineMetric(stat.id, stat.label, "s", Direction::LowerIsBetter,
                           "BenchmarkDotNet's statistic over its result iterations");
            b.setStatistic(stat.id, stat.statistic);
            b.setOnce(part, cs, stat.id, *v * kNs);
        }
    // Margin, not the bounds: the lower bound of a noisy benchmark can be negative.
    if (const auto ci = stats.optMember("ConfidenceInterval"))
        if (const auto margin = ci->optNumber("Margin")) {
            b.defineMetric("time_ci_margin", "Time/op CI margin", "s", Direction::LowerIsBetter,
                           "half-width of BenchmarkDotNet's confidence interval of the mean (99.9% by default)");
            b.setStatistic("time_ci_margin", "error");
            b.setOnce(part, cs, "time_ci_margin", *margin * kNs);
        }
    if (const auto p = stats.optMember("Percentiles"))
        for (const auto &[key, v] : p->members()) {
            char *end = nullptr;
            const double q = key.size() > 1 && key[0] == 'P' ? std::strtod(key.c_str() + 1, &end) : -1;
            if (q < 0 || q > 100 || !end || *end)
                v.fail("expected a percentile key P0 to P100");
            const std::string id = CaptureBuilder::percentileId("time", q);
            b.defineMetric(id, "p" + key.substr(1) + " time/op", "s", Direction::LowerIsBetter,
                           "BenchmarkDotNet's percentile of the result iterations");
            b.setStatistic(id, "percentile");
            b.setOnce(part, cs, id, v.number() * kNs);
        }
}

void readMemory(CaptureBuilder &b, const JsonNode &memory, const std::string &part, const std::string &cs)
{
    if (const auto bytes = memory.optNumber("BytesAllocatedPerOperation")) {
        b.defineMetric("allocated_per_op", "Allocated/op", "B", Direction::LowerIsBetter,
                       "managed memory allocated per operation (MemoryDiagnoser)");
        b.setOnce(part, cs, "allocated_per_op", *bytes);
    }
    const auto ops = memory.optNumber("TotalOperations");
    for (const char *gen : {"Gen0Collections", "Gen1Collections", "Gen2Collections"}) {
        const auto count = memory.optNumber(gen);
        if (!count || !ops || *ops <= 0)
            continue;
        const std::string id = "gen" + std::string(1, gen[3]) + "_per_1000_ops";
        b.defineMetric(id, "Gen " + std::string(1, gen[3]) + " GCs/1000 ops", "count", Direction::LowerIsBetter,
                       "garbage collections per 1000 operations, as BenchmarkDotNet's table shows them");
        b.setOnce(part, cs, id, *count / *ops * 1000);
    }
}

// A metric's canonical unit and the factor to it, from BenchmarkDotNet's
// UnitType (0 dimensionless, 1 time, 2 size, 3 code size) and unit text.
std::pair<std::string, double> metricUnit(const JsonNode &descriptor)
{
    const long long type = descriptor.optInteger("UnitType", 0, 3).value_or(0);
    const std::string unit = descriptor.optString("Unit");
    static const std::map<std::string, double> times = {{"ns", 1e-9}, {"us", 1e-6}, {"\xCE\xBCs", 1e-6},
                                                        {"ms", 1e-3}, {"s", 1}};
    static const std::map<std::string, double> sizes = {{"B", 1}, {"KB", 1024.0}, {"MB", 1024.0 * 1024},
                                                        {"GB", 1024.0 * 1024 * 1024}};
    if (type == 1 && times.count(unit))
        return {"s", times.at(unit)};
    if ((type == 2 || type == 3) && sizes.count(unit))
        return {"B", sizes.at(unit)};
    if (type == 1 || type == 2 || type == 3)
        descriptor.fail("Unit", "unknown " + std::string(type == 1 ? "time" : "size") + " unit \"" + unit + "\"");
    return {unit.empty() || unit == "Count" ? "count" : unit, 1};
}

// The diagnosers' figures (Metrics: hardware counters, allocated memory,
// GCs, threading, exceptions, code size), one per result: BenchmarkDotNet
// gives each once, per operation, over the whole run. Allocated memory and
// GCs keep the ids the Memory block gives them.
void readMetrics(CaptureBuilder &b, const JsonNode &metrics, const std::string &part, const std::string &cs,
                 std::size_t &undefined)
{
    for (const JsonNode &m : metrics.elements()) {
        const JsonNode d = m.object().member("Descriptor").object();
        const std::string bdnId = d.nonEmptyString("Id");
        const auto value = m.optNumber("Value");
        if (!value) { // NaN, written bare and read as null, or null
            ++undefined;
            continue;
        }
        const auto [unit, factor] = metricUnit(d);
        std::string id;
        if (bdnId == "Allocated Memory") {
            id = "allocated_per_op";
        } else if (bdnId.size() == 12 && bdnId.rfind("Gen", 0) == 0 && bdnId.compare(4, 8, "Collects") == 0) {
            id = "gen" + bdnId.substr(3, 1) + "_per_1000_ops";
        } else {
            id = Slug::id(bdnId);
            std::replace(id.begin(), id.end(), '-', '_');
        }
        const bool higher = d.optBoolean("TheGreaterTheBetter").value_or(false);
        b.defineMetric(id, d.optString("DisplayName", bdnId), unit, higher ? Direction::HigherIsBetter : Direction::LowerIsBetter,
                       d.optString("Legend", "BenchmarkDotNet metric " + bdnId));
        b.setOnce(part, cs, id, *value * factor);
    }
}

// The workload's result iterations as repetitions; returns how many. The
// other stages (jitting, pilot, overhead, warm-up) are counted in `dropped`.
// BenchmarkDotNet 0.10 has no IterationStage: its result rows are IterationMode "Result".
std::size_t readMeasurements(CaptureBuilder &b, const JsonNode &measurements, const std::string &part,
                             const std::string &cs, std::size_t &dropped)
{
    std::size_t n = 0;
    for (const JsonNode &m : measurements.elements()) {
        const std::string mode = m.object().string("IterationMode");
        const bool result = m.has("IterationStage") ? mode == "Workload" && m.string("IterationStage") == "Result"
                                                    : mode == "Result";
        if (!result) {
            ++dropped;
            continue;
        }
        const double ops = m.number("Operations");
        if (ops <= 0)
            m.fail("Operations", "must be positive");
        b.set(b.addRepetition(part, cs), timePerOp(b), m.number("Nanoseconds") / ops * kNs);
        ++n;
    }
    return n;
}

// One benchmark; returns its number of repetitions.
std::size_t readBenchmark(CaptureBuilder &b, const JsonNode &bench, std::size_t &dropped, std::size_t &undefined)
{
    std::string label = bench.object().optString("Type");
    label += (label.empty() ? "" : ".") + bench.optString("MethodTitle", bench.string("Method"));
    const std::string display = bench.optString("DisplayInfo");
    const auto colon = display.rfind(": ");
    if (colon != std::string::npos && display.substr(colon + 2) != "DefaultJob")
        label += " (" + display.substr(colon + 2) + ")";
    const std::string part = b.participant(label);
    const std::string params = bench.optString("Parameters");
    const std::string cs = b.caseId(params.empty() ? "default" : params);
    if (b.capture().result(part, cs))
        bench.fail("a second benchmark with the same type, method, job and parameters");
    std::size_t n = 0;
    if (const auto measurements = bench.optMember("Measurements"))
        n = readMeasurements(b, *measurements, part, cs, dropped);
    const auto stats = bench.optMember("Statistics");
    if (n == 0 && stats)
        if (const auto values = stats->optMember("OriginalValues")) {
            for (const JsonNode &v : values->elements())
                b.set(b.addRepetition(part, cs), timePerOp(b), v.number() * kNs);
            n = values->elements().size();
            if (n)
                b.caveat("a benchmark without result measurements: its Statistics.OriginalValues are the repetitions");
        }
    if (stats)
        readStatistics(b, *stats, part, cs);
    if (const auto memory = bench.optMember("Memory"))
        readMemory(b, *memory, part, cs);
    if (const auto metrics = bench.optMember("Metrics"))
        readMetrics(b, *metrics, part, cs, undefined);
    Result &r = b.result(part, cs);
    if (!stats && n == 0) {
        r.status = ResultStatus::Error;
        r.reason = "BenchmarkDotNet wrote no statistics and no measurements (the benchmark failed or did not run)";
    } else if (n == 0) {
        b.caveat("a brief report (or one without measurements) has statistics only: stored once per result (n = 1)");
    }
    return n;
}

std::string text(const JsonNode &v)
{
    if (v.value().is_string())
        return v.string();
    if (v.value().is_object() && v.has("Value")) // 0.9: Lazy<string> serialised whole
        return text(v.member("Value"));
    if (v.value().is_object() && v.has("Hertz"))
        return v.member("Hertz").value().dump() + " Hz";
    return v.value().dump();
}

void readHost(CaptureBuilder &b, const JsonNode &host)
{
    Provenance &pv = b.provenance();
    b.tool().version = host.optString("BenchmarkDotNetVersion");
    if (const auto os = host.optMember("OsVersion")) // 0.10.0 to 0.10.6: {"IsValueCreated": ..., "Value": ...}
        pv.machine.os = text(*os);
    if (const auto cpu = host.optMember("ProcessorName"))
        pv.machine.cpu = text(*cpu);
    if (const auto cores = host.optInteger("LogicalCoreCount", 0, 1 << 20))
        pv.machine.cores = int(*cores);
    else if (const auto count = host.optInteger("ProcessorCount", 0, 1 << 20))
        pv.machine.cores = int(*count);
    // ".NET Core 3.0.0 (CoreCLR ...)" → ".NET Core", "3.0.0 (CoreCLR ...)"
    const std::string runtime = host.optString("RuntimeVersion", host.optString("ClrVersion"));
    std::size_t at = 0;
    while ((at = runtime.find(' ', at)) != std::string::npos && !std::isdigit(static_cast<unsigned char>(runtime[at + 1])))
        ++at;
    if (!runtime.empty())
        pv.tools.push_back(at == std::string::npos ? ToolVersion{runtime, {}, "runtime"}
                                                   : ToolVersion{runtime.substr(0, at), runtime.substr(at + 1), "runtime"});
    for (const auto &[key, v] : host.members())
        if (!v.value().is_null() && key != "BenchmarkDotNetVersion" && key != "OsVersion" && key != "ProcessorName"
            && key != "RuntimeVersion" && key != "ClrVersion")
            pv.conditions.extra[key] = text(v);
    if (host.optBoolean("HasAttachedDebugger").value_or(false))
        b.caveat("a debugger was attached while benchmarking (HasAttachedDebugger)");
    if (const std::string config = host.optString("Configuration"); !config.empty() && config != "RELEASE")
        b.caveat("the benchmarks were built in " + config + " configuration, not RELEASE");
}

} // namespace

bool BenchmarkDotNetImporter::detect(const ImportInput &in) const
{
    if (!in.json || !in.json->is_object())
        return false;
    const auto benchmarks = in.json->find("Benchmarks");
    return benchmarks != in.json->end() && benchmarks->is_array() && in.json->contains("HostEnvironmentInfo");
}

Capture BenchmarkDotNetImporter::import(const ImportInput &in) const
{
    CaptureBuilder b(in, "BenchmarkDotNet", "benchmark-harness");
    b.provenance().conditions.mode = "microbenchmark";
    const JsonNode root(*in.json, in.jsonPath);
    readHost(b, root.member("HostEnvironmentInfo").object());
    if (const std::string title = root.optString("Title"); !title.empty())
        b.capture().suite.title = title;
    std::size_t dropped = 0, most = 0, undefined = 0;
    for (const JsonNode &bench : root.member("Benchmarks").elements())
        most = std::max(most, readBenchmark(b, bench, dropped, undefined));
    if (undefined)
        b.caveat(std::to_string(undefined) + " Metrics value(s) without a number (NaN or null) were left out");
    if (dropped)
        b.caveat(std::to_string(dropped) + " measurements of other stages (jitting, pilot, overhead, warm-up, "
                 "workload actual) are not imported; the workload result iterations are");
    b.setPrimary(b.capture().metric("time_per_op") ? "time_per_op" : "time_mean");
    if (most)
        b.provenance().conditions.repetitions = int(most);
    b.fillMissing("not run with these parameters");
    return b.finish();
}

} // namespace bs
