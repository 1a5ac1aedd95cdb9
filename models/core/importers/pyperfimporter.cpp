#include "pyperfimporter.h"

#include "capturebuilder.h"
#include "jsonnode.h"

#include <cmath>

namespace bs {

namespace {

// A metadata key of the benchmark, else of the file.
std::string metaString(const std::optional<JsonNode> &own, const std::optional<JsonNode> &common, const char *key)
{
    if (own && own->has(key))
        return own->string(key);
    return common && common->has(key) ? common->string(key) : std::string();
}

// pyperf's unit → metric id, label and canonical unit.
struct PyperfUnit {
    const char *id;
    const char *label;
    const char *unit;
};

PyperfUnit unitOf(const std::string &unit, const JsonNode &where)
{
    if (unit.empty() || unit == "second")
        return {"time", "Time", "s"};
    if (unit == "byte")
        return {"memory", "Memory", "B"};
    if (unit == "integer")
        return {"value", "Value", "count"};
    where.fail("unit", "expected \"second\", \"byte\" or \"integer\", found \"" + unit + "\"");
}

struct PyperfCounts {
    std::size_t warmups = 0;
    std::size_t calibrationRuns = 0;
};

// Where the file keeps a benchmark's metadata and a run's values: format
// 1.0 and perf 0.9.6's version 6 as "metadata" and "values", perf 0.8.3's
// version 5 as "common_metadata" and "samples" (pyperf still reads both).
struct PyperfLayout {
    const char *metadata = "metadata";
    const char *values = "values";
};

// A run's date: its own metadata's, else (one run, or the same date in all)
// its benchmark's or the file's, as pyperf merges them.
std::string runDate(const JsonNode &run, const std::optional<JsonNode> &own, const std::optional<JsonNode> &common)
{
    if (const auto meta = run.object().optMember("metadata"); meta && meta->has("date"))
        return meta->string("date");
    return metaString(own, common, "date");
}

// One benchmark: every value of every run a repetition.
void readBenchmark(CaptureBuilder &b, const std::string &part, const JsonNode &bench,
                   const std::optional<JsonNode> &common, const PyperfLayout &layout, PyperfCounts &counts)
{
    const auto own = bench.object().optMember(layout.metadata);
    const std::string name = metaString(own, common, "name");
    if (name.empty())
        bench.fail("metadata", "a benchmark without a \"name\" in its metadata or the file's");
    const JsonNode &unitHolder = own && own->has("unit") ? *own : common ? *common : bench;
    const PyperfUnit u = unitOf(metaString(own, common, "unit"), unitHolder);
    b.defineMetric(u.id, u.label, u.unit, Direction::LowerIsBetter, "one pyperf value (per loop)");
    const std::string cs = b.caseId(name);
    std::size_t values = 0;
    for (const JsonNode &run : bench.member("runs").elements()) {
        if (const auto w = run.object().optMember("warmups"))
            counts.warmups += w->elements().size();
        const auto v = run.optMember(layout.values);
        if (!v || v->elements().empty()) {
            ++counts.calibrationRuns;
            continue;
        }
        for (const JsonNode &value : v->elements()) {
            const double x = value.number();
            if (x < 0)
                value.fail("a negative value");
            b.set(b.addRepetition(part, cs), u.id, x);
            ++values;
        }
    }
    if (!values) {
        Result &r = b.result(part, cs);
        r.status = ResultStatus::Error;
        r.reason = "no values: only calibration or warm-up runs";
    }
}

} // namespace

bool PyperfImporter::detect(const ImportInput &in) const
{
    if (!in.json || !in.json->is_object())
        return false;
    const auto version = in.json->find("version");
    const auto benchmarks = in.json->find("benchmarks");
    const bool known = version != in.json->end()
        && ((version->is_string() && version->get<std::string>().rfind("1.", 0) == 0)
            || (version->is_number_integer() && (*version == 5 || *version == 6)));
    return known && benchmarks != in.json->end() && benchmarks->is_array() && !benchmarks->empty()
        && benchmarks->front().is_object() && benchmarks->front().contains("runs");
}

Capture PyperfImporter::import(const ImportInput &in) const
{
    const JsonNode root = JsonNode(*in.json, in.jsonPath).object();
    const bool version5 = root.value()["version"] == 5;
    const PyperfLayout layout = version5 ? PyperfLayout{"common_metadata", "samples"} : PyperfLayout{};
    const std::vector<JsonNode> benchmarks = root.member("benchmarks").elements();
    // Version 5 has no metadata of the file: the first benchmark's stands for it.
    const auto common = version5 ? benchmarks.front().object().optMember(layout.metadata) : root.optMember("metadata");
    CaptureBuilder b(in, "pyperf", "benchmark-harness");
    b.provenance().conditions.mode = "microbenchmark";
    b.tool().version = metaString(std::nullopt, common, "perf_version");
    if (common) {
        b.provenance().machine.cpu = metaString(std::nullopt, common, "cpu_model_name");
        b.provenance().machine.hostname = metaString(std::nullopt, common, "hostname");
        b.provenance().machine.os = metaString(std::nullopt, common, "platform");
    }
    const std::string impl = metaString(std::nullopt, common, "python_implementation");
    const std::string version = metaString(std::nullopt, common, "python_version");
    const std::string runtime = impl.empty() ? std::string() : impl + " " + version.substr(0, version.find(' '));
    if (!runtime.empty())
        b.provenance().tools.push_back({impl, version, "runtime"});
    const std::string part = b.participant(runtime.empty() ? "pyperf" : runtime);
    b.capture().participants.back().runtime = runtime;
    PyperfCounts counts;
    for (const JsonNode &bench : benchmarks)
        readBenchmark(b, part, bench, common, layout, counts);
    if (const auto first = benchmarks.front().member("runs").elements(); !first.empty())
        if (std::string date = runDate(first.front(), benchmarks.front().object().optMember(layout.metadata), common);
            !date.empty()) {
            if (date.size() > 10 && date[10] == ' ')
                date[10] = 'T';
            b.capture().capturedAt = date;
            b.caveat("pyperf's run dates are local time without a time zone");
        }
    if (!root.value()["version"].is_string())
        b.caveat("pyperf's format version " + std::to_string(root.value()["version"].get<int>())
                 + " (perf before 1.0), read as pyperf reads it");
    b.setPrimary(b.capture().metrics.front().id);
    b.caveat("every value of every run is a repetition; " + std::to_string(counts.warmups) + " warm-up value(s) and "
             + std::to_string(counts.calibrationRuns) + " calibration run(s) without values were left out");
    b.caveat("pyperf's metadata (loops, inner loops, CPU frequency and temperature, tags) is not imported");
    return b.finish();
}

} // namespace bs
