#include "vitestbenchimporter.h"

#include "capturebuilder.h"
#include "jsonnode.h"

#include <map>
#include <set>

namespace bs {

namespace {

using json = nlohmann::json;

// A figure tinybench gives once per benchmark: its key, metric and what it is.
struct VitestFigure {
    const char *key;
    const char *id;
    const char *label;
    const char *statistic;
    bool required; // older vitest versions write no median and percentiles
};

// Times in ms, each read once (n = 1).
const VitestFigure kTimes[] = {
    {"mean", "time_mean", "Mean time", "mean", true},      {"min", "time_min", "Fastest sample", "min", true},
    {"max", "time_max", "Slowest sample", "max", true},    {"median", "time_median", "Median time", "median", false},
    {"p75", "time_p75", "Time p75", "percentile", false},         {"p99", "time_p99", "Time p99", "percentile", false},
    {"p995", "time_p995", "Time p99.5", "percentile", false},   {"p999", "time_p999", "Time p99.9", "percentile", false},
};

// One benchmark and the group (describe block or suite) it was in.
struct VitestEntry {
    std::string group;
    JsonNode bench;
};

// The benchmarks of either layout, in file order.
std::vector<VitestEntry> entriesOf(const JsonNode &root)
{
    std::vector<VitestEntry> entries;
    if (root.has("files")) {
        for (const JsonNode &file : root.member("files").elements())
            for (const JsonNode &group : file.member("groups").elements()) {
                const std::string fullName = group.nonEmptyString("fullName");
                for (const JsonNode &bench : group.member("benchmarks").elements())
                    entries.push_back({fullName, bench});
            }
        return entries;
    }
    for (const auto &[suite, benches] : root.member("testResults").members())
        for (const JsonNode &bench : benches.elements())
            entries.push_back({suite, bench});
    return entries;
}

class VitestReader {
public:
    explicit VitestReader(CaptureBuilder &b) : m_b(b), m_part(b.participant("vitest")) {}

    void read(const std::vector<VitestEntry> &entries)
    {
        std::map<std::string, int> names;
        for (const VitestEntry &e : entries)
            ++names[e.bench.nonEmptyString("name")];
        std::set<std::pair<std::string, std::string>> seen;
        for (const VitestEntry &e : entries) {
            const std::string name = e.bench.string("name");
            if (!seen.insert({e.group, name}).second)
                e.bench.fail("name", "the benchmark \"" + name + "\" a second time in \"" + e.group + "\"");
            // A name in two groups is told apart by its group, as vitest's summary does.
            const std::string label = names[name] > 1 ? e.group + " > " + name : name;
            readBenchmark(e.bench, m_b.caseId(label, e.group));
        }
    }

    bool anySamples() const { return m_samples; }

private:
    // Defines a metric on its first use (defineMetric keeps the first definition).
    void define(const std::string &id, const std::string &label, const std::string &unit, Direction d,
                const std::string &description, const std::string &statistic = {})
    {
        m_b.defineMetric(id, label, unit, d, description);
        if (!statistic.empty())
            m_b.setStatistic(id, statistic);
    }

    void readBenchmark(const JsonNode &bench, const std::string &cs)
    {
        const double hz = bench.number("hz");
        if (hz < 0)
            bench.fail("hz", "a negative rate");
        define("ops", "Operations/s", "ops/s", Direction::HigherIsBetter, "tinybench's hz: 1 / the mean time of its samples",
               "mean");
        m_b.setOnce(m_part, cs, "ops", hz);
        for (const VitestFigure &f : kTimes) {
            const std::optional<double> ms = f.required ? bench.number(f.key) : bench.optNumber(f.key);
            if (!ms)
                continue;
            if (*ms < 0)
                bench.fail(f.key, "a negative time");
            define(f.id, f.label, "s", Direction::LowerIsBetter, std::string("tinybench's ") + f.key + " (ms → s)",
                   f.statistic);
            m_b.setOnce(m_part, cs, f.id, *ms / 1000);
        }
        if (bench.number("min") > bench.number("mean") || bench.number("mean") > bench.number("max"))
            bench.fail("mean", "a mean outside the benchmark's min … max");
        const double rme = bench.number("rme");
        if (rme < 0)
            bench.fail("rme", "a negative margin");
        define("margin", "± margin", "%", Direction::LowerIsBetter,
               "relative margin of error of the mean at 95 % confidence, in percent (not a range)");
        m_b.setOnce(m_part, cs, "margin", rme);
        readSamples(bench, cs);
    }

    // The sample count (n), and the raw samples as repetitions when kept.
    void readSamples(const JsonNode &bench, const std::string &cs)
    {
        const auto count = bench.optInteger("sampleCount", 0, 2147483647);
        const auto samples = bench.optMember("samples");
        const std::vector<JsonNode> raw = samples ? samples->array().elements() : std::vector<JsonNode>{};
        if (count && !raw.empty() && std::size_t(*count) != raw.size())
            bench.fail("samples", std::to_string(raw.size()) + " samples, but sampleCount says " + std::to_string(*count));
        define("samples", "Samples", "count", Direction::HigherIsBetter,
               "the number of samples (n) the figures and their margin come from");
        m_b.setOnce(m_part, cs, "samples", double(count ? std::size_t(*count) : raw.size()));
        for (const JsonNode &s : raw) {
            const double ms = s.number();
            if (ms < 0)
                s.fail("a negative time");
            define("time", "Time", "s", Direction::LowerIsBetter, "one tinybench sample (ms → s)");
            m_b.set(m_b.addRepetition(m_part, cs), "time", ms / 1000);
            m_samples = true;
        }
    }

    CaptureBuilder &m_b;
    const std::string m_part;
    bool m_samples = false;
};

} // namespace

bool VitestBenchImporter::detect(const ImportInput &in) const
{
    if (!in.json || !in.json->is_object())
        return false;
    const json &j = *in.json;
    if (const auto files = j.find("files"); files != j.end())
        return files->is_array() && !files->empty() && files->front().is_object()
            && files->front().contains("groups") && files->front().contains("filepath");
    // The older json reporter: suites mapped to benchmarks (Jest's testResults is an array).
    const auto results = j.find("testResults");
    return results != j.end() && results->is_object() && !results->empty() && results->begin()->is_array()
        && !results->begin()->empty() && results->begin()->front().is_object()
        && results->begin()->front().contains("hz");
}

Capture VitestBenchImporter::import(const ImportInput &in) const
{
    const JsonNode root = JsonNode(*in.json, in.jsonPath).object();
    CaptureBuilder b(in, "vitest", "benchmark-harness");
    b.provenance().conditions.mode = "microbenchmark";
    VitestReader reader(b);
    reader.read(entriesOf(root));
    b.setPrimary("ops");
    b.caveat("vitest's figures are tinybench's, each given once per result (n = 1): ops/s is hz (1 / the mean "
             "time), ± margin (rme) a relative margin of error in percent, not a range, and the times are in ms, "
             "read as s");
    if (reader.anySamples())
        b.caveat("the raw samples the file keeps are the repetitions of time");
    else
        b.caveat("the file keeps no raw samples (vitest writes them with benchmark.includeSamples), so each "
                 "figure is one value");
    b.caveat("rank, totalTime, period (the mean), variance, sd, sem, moe, df and critical are not imported; the "
             "file names no vitest version, machine or date");
    return b.finish();
}

} // namespace bs
