#include "jmhimporter.h"

#include "capturebuilder.h"
#include "histogramrecorder.h"
#include "jsonnode.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <map>
#include <set>

namespace bs {

namespace {

// Seconds in one of JMH's time unit names (TimeValue: ns, us, ms, s, min, hr, day); 0 if unknown.
double secondsIn(const std::string &unit)
{
    static const std::map<std::string, double> seconds = {
        {"ns", 1e-9}, {"us", 1e-6}, {"ms", 1e-3}, {"s", 1}, {"min", 60}, {"hr", 3600}, {"day", 86400}};
    const auto it = seconds.find(unit);
    return it == seconds.end() ? 0 : it->second;
}

// A JMH score unit in canonical terms: "ops/ms" → ops/s × 1000, "us/op" → s × 1e-6,
// "MB/sec" (GCProfiler's MiB per second) → B/s, "B/op" → B.
struct Unit {
    std::string canonical; // empty when the unit is not one we know: kept as written
    double scale = 1;
    Direction direction = Direction::LowerIsBetter;
};

Unit unitOf(const std::string &text)
{
    const auto slash = text.find('/');
    const std::string top = text.substr(0, slash), bottom = slash == std::string::npos ? "" : text.substr(slash + 1);
    if (top == "ops" && secondsIn(bottom) > 0)
        return {"ops/s", 1 / secondsIn(bottom), Direction::HigherIsBetter};
    if (bottom == "op" && secondsIn(top) > 0)
        return {"s", secondsIn(top), Direction::LowerIsBetter};
    if (text == "MB/sec")
        return {"B/s", 1024.0 * 1024.0, Direction::LowerIsBetter};
    if (text == "B/op")
        return {"B", 1, Direction::LowerIsBetter};
    if (text == "counts")
        return {"count", 1, Direction::LowerIsBetter};
    if (secondsIn(text) > 0)
        return {"s", secondsIn(text), Direction::LowerIsBetter};
    return {};
}

struct Mode {
    const char *metric;
    const char *label;
    const char *description;
};

// The primary metric a mode measures.
Mode modeOf(const JsonNode &row)
{
    const std::string mode = row.string("mode");
    if (mode == "thrpt")
        return {"throughput", "Throughput", "operations per second in one measurement iteration (Throughput mode)"};
    if (mode == "avgt")
        return {"time_per_op", "Time/op", "average time per operation in one measurement iteration (AverageTime mode)"};
    if (mode == "sample")
        return {"sample_time", "Sampled time/op", "mean of the sampled operation times of one iteration (SampleTime mode)"};
    if (mode == "ss")
        return {"single_shot_time", "Single-shot time", "time of one cold call or batch (SingleShotTime mode)"};
    row.fail("mode", "unknown JMH mode \"" + mode + "\" (expected thrpt, avgt, sample or ss)");
}

// "org.pkg.Class.method" → "Class" (empty when the name has no dots).
std::string classOf(const std::string &benchmark)
{
    const auto method = benchmark.rfind('.');
    if (method == std::string::npos || method == 0)
        return {};
    const auto cls = benchmark.rfind('.', method - 1);
    const auto from = cls == std::string::npos ? 0 : cls + 1;
    return benchmark.substr(from, method - from);
}

// "Class.method": the method without its package, which is kept when two
// benchmarks would otherwise share a name.
std::map<std::string, std::string> shortNames(const std::vector<JsonNode> &rows)
{
    std::map<std::string, std::string> shortOf;
    std::map<std::string, std::set<std::string>> byShort;
    for (const JsonNode &row : rows) {
        const std::string full = row.object().nonEmptyString("benchmark");
        const std::string cls = classOf(full);
        shortOf[full] = cls.empty() ? full : cls + full.substr(full.rfind('.'));
        byShort[shortOf[full]].insert(full);
    }
    for (auto &[full, name] : shortOf)
        if (byShort[name].size() > 1)
            name = full;
    return shortOf;
}

std::string caseLabel(const JsonNode &row)
{
    std::string label;
    if (const auto params = row.optMember("params"))
        for (const auto &[name, v] : params->members())
            label += (label.empty() ? "" : ", ") + name + "=" + v.string();
    return label.empty() ? "default" : label;
}

class RowReader {
public:
    RowReader(CaptureBuilder &b, const JsonNode &row, const std::string &part, const std::string &cs)
        : m_b(b), m_row(row), m_part(part), m_cs(cs)
    {
    }

    // Returns the number of measurement iterations.
    std::size_t read()
    {
        const Mode mode = modeOf(m_row);
        const JsonNode primary = m_row.member("primaryMetric");
        const Unit unit = checkedUnit(primary);
        m_b.defineMetric(mode.metric, mode.label, unit.canonical, unit.direction, mode.description);
        const std::size_t n = metric(primary, mode.metric, unit, true);
        if (const auto secondary = m_row.optMember("secondaryMetrics"))
            for (const auto &[name, m] : secondary->members())
                readSecondary(name, m);
        return n;
    }

private:
    Unit checkedUnit(const JsonNode &metric) const
    {
        const Unit unit = unitOf(metric.string("scoreUnit"));
        if (unit.canonical.empty())
            metric.fail("scoreUnit", "unknown primary score unit \"" + metric.string("scoreUnit")
                                         + "\" (expected ops/<time> or <time>/op)");
        return unit;
    }

    void readSecondary(const std::string &name, const JsonNode &m)
    {
        std::string id = name;
        if (id.rfind("\xC2\xB7", 0) == 0) // JMH before 1.24 marks profiler metrics with "·"
            id = id.substr(2);
        Unit unit = unitOf(m.object().string("scoreUnit"));
        if (unit.canonical.empty()) {
            unit.canonical = m.string("scoreUnit");
            m_b.caveat("secondary metric units JMH does not define (" + unit.canonical + ") are kept as written");
        }
        m_b.defineMetric(id, id + " per iteration", unit.canonical, unit.direction,
                         "JMH secondary metric " + name + ", its figure in each measurement iteration");
        metric(m, id, unit, false);
    }

    // One metric's iterations into the repetitions (fork by fork); its score
    // error once for the result. Returns the count.
    std::size_t metric(const JsonNode &m, const std::string &id, const Unit &unit, bool primary)
    {
        std::size_t k = 0;
        if (const auto raw = m.optMember("rawData")) {
            for (const JsonNode &fork : raw->elements())
                for (const JsonNode &v : fork.elements())
                    m_b.set(repetition(k++), id, v.number() * unit.scale);
        } else if (const auto hist = m.optMember("rawDataHistogram")) {
            for (const JsonNode &fork : hist->elements())
                for (const JsonNode &iteration : fork.elements())
                    histogram(iteration, repetition(k++), id, unit);
        }
        if (k == 0) {
            m_b.setOnce(m_part, m_cs, id, m.number("score") * unit.scale);
            m_b.setStatistic(id, statisticOf(id, primary));
            m_b.caveat("a metric without raw iterations is JMH's score, stored once per result (n = 1)");
        } else {
            score(m, id, unit, primary);
        }
        scoreError(m, id, unit);
        if (primary)
            percentiles(m, id, unit, k);
        return k;
    }

    // What JMH's score is: the mean over the iterations, but a sum for the
    // GC profiler's counts and times (its AggregationPolicy.SUM).
    static std::string statisticOf(const std::string &id, bool primary)
    {
        return !primary && (id == "gc.count" || id == "gc.time") ? "sum" : "mean";
    }

    // JMH's score as JMH reports it, once: the figure its error margin
    // belongs to (the tables' median of the iterations is another).
    void score(const JsonNode &m, const std::string &id, const Unit &unit, bool primary)
    {
        const Metric *base = m_b.capture().metric(id);
        const std::string statistic = statisticOf(id, primary);
        const std::string label = (primary ? base->label : id) + " score (JMH's " + statistic + ")";
        m_b.defineMetric(id + ".score", label, unit.canonical, unit.direction,
                         "JMH's score: the " + statistic + " over all measurement iterations, as JMH prints it");
        m_b.setStatistic(id + ".score", statistic);
        m_b.setOnce(m_part, m_cs, id + ".score", m.number("score") * unit.scale);
    }

    Repetition &repetition(std::size_t k)
    {
        Result &r = m_b.result(m_part, m_cs);
        while (r.repetitions.size() <= k)
            r.repetitions.emplace_back();
        return r.repetitions[k];
    }

    // One SampleTime iteration: [[value, count], ...] → its mean and a histogram in ns.
    void histogram(const JsonNode &iteration, Repetition &rep, const std::string &id, const Unit &unit)
    {
        HistogramRecorder h;
        double sum = 0, count = 0;
        for (const JsonNode &pair : iteration.elements()) {
            const auto vc = pair.array().elements();
            if (vc.size() != 2)
                pair.fail("expected [value, count]");
            const double seconds = vc[0].number() * unit.scale;
            const auto c = vc[1].integer(0, std::int64_t(1) << 53);
            if (seconds < 0 || seconds * 1e9 > 1.8e19)
                vc[0].fail("a sampled time out of range");
            h.record(std::uint64_t(std::llround(seconds * 1e9)), std::uint64_t(c));
            sum += seconds * double(c);
            count += double(c);
        }
        if (count > 0) {
            m_b.set(rep, id, sum / count);
            rep.histograms[id] = h.toHistogram("ns");
        }
    }

    // JMH writes a statistic it cannot compute (the error of fewer than two
    // iterations) as the string "NaN" (its JSON writer quotes non-finite
    // doubles, "Infinity" and "-Infinity" alike): no margin, said in a caveat.
    void scoreError(const JsonNode &m, const std::string &id, const Unit &unit)
    {
        const auto member = m.optMember("scoreError");
        if (!member)
            return;
        if (member->value().is_string()) {
            const std::string text = member->string();
            if (text != "NaN" && text != "Infinity" && text != "-Infinity")
                member->fail("expected a number or JMH's \"NaN\", \"Infinity\" or \"-Infinity\"");
            m_b.caveat("JMH wrote no error margin (scoreError \"" + text
                       + "\", as it does for fewer than two iterations); those results have none");
            return;
        }
        const double error = member->number();
        m_b.defineMetric(id + ".error", id + " score ± (JMH's error)", unit.canonical, Direction::LowerIsBetter,
                         "JMH's scoreError: half the 99.9% confidence interval of the score (JMH's mean, not the "
                         "median of the iterations); scoreConfidence is score ± error");
        m_b.setStatistic(id + ".error", "error");
        m_b.setOnce(m_part, m_cs, id + ".error", error * unit.scale);
    }

    // SampleTime percentiles are over every sampled call, which the
    // repetitions (one mean per iteration) cannot give back: kept once.
    void percentiles(const JsonNode &m, const std::string &id, const Unit &unit, std::size_t iterations)
    {
        const auto p = m.optMember("scorePercentiles");
        if (!p || m_row.string("mode") != "sample")
            return;
        for (const auto &[key, v] : p->members()) {
            char *end = nullptr;
            const double q = std::strtod(key.c_str(), &end);
            if (end == key.c_str() || *end || q < 0 || q > 100)
                v.fail("expected a percentile key from 0 to 100");
            const std::string pid = CaptureBuilder::percentileId(id, q);
            m_b.defineMetric(pid, id + " p" + key, unit.canonical, unit.direction,
                             "JMH's percentile over all " + std::to_string(iterations) + " iterations' samples");
            m_b.setOnce(m_part, m_cs, pid, v.number() * unit.scale);
        }
    }

    CaptureBuilder &m_b;
    const JsonNode &m_row;
    const std::string m_part, m_cs;
};

void readProvenance(CaptureBuilder &b, const JsonNode &first, const std::vector<JsonNode> &rows)
{
    b.tool().version = first.optString("jmhVersion");
    if (first.has("vmName"))
        b.provenance().tools.push_back({first.optString("vmName"), first.optString("vmVersion"), "runtime"});
    auto &extra = b.provenance().conditions.extra;
    for (const char *key : {"jdkVersion", "jvm", "threads", "forks", "warmupIterations", "warmupTime",
                            "warmupBatchSize", "measurementIterations", "measurementTime", "measurementBatchSize"}) {
        const auto v = first.optMember(key);
        if (!v)
            continue;
        extra[key] = v->value().is_string() ? v->string() : v->value().dump();
        for (const JsonNode &row : rows)
            if (const auto other = row.optMember(key); other && other->value() != v->value())
                b.caveat(std::string("rows differ in ") + key + "; provenance shows the first row's");
    }
    if (const auto args = first.optMember("jvmArgs")) {
        std::string joined;
        for (const JsonNode &a : args->elements())
            joined += (joined.empty() ? "" : " ") + a.string();
        if (!joined.empty())
            extra["jvmArgs"] = joined;
    }
}

} // namespace

bool JmhImporter::detect(const ImportInput &in) const
{
    if (!in.json || !in.json->is_array() || in.json->empty())
        return false;
    const JsonNode first(in.json->front());
    return first.hasAll({"benchmark", "mode", "primaryMetric"});
}

Capture JmhImporter::import(const ImportInput &in) const
{
    CaptureBuilder b(in, "jmh", "benchmark-harness");
    b.provenance().conditions.mode = "microbenchmark";
    b.caveat("JMH writes no row for a benchmark that failed; such a benchmark is absent, not an error");
    const std::vector<JsonNode> rows = JsonNode(*in.json, in.jsonPath).elements();
    const auto names = shortNames(rows);
    std::map<std::string, std::set<std::string>> modes; // by benchmark
    for (const JsonNode &row : rows)
        modes[row.string("benchmark")].insert(row.string("mode"));
    std::map<std::string, std::set<std::string>> classesOf; // by case label
    for (const JsonNode &row : rows)
        classesOf[caseLabel(row)].insert(classOf(row.string("benchmark")));
    std::size_t iterations = 0;
    for (const JsonNode &row : rows) {
        std::string name = names.at(row.string("benchmark"));
        if (modes[row.string("benchmark")].size() > 1) // a method measured in two modes is two participants
            name += " [" + row.string("mode") + "]";
        const std::string part = b.participant(name);
        // The class is the case's group: its methods share its parameters.
        const std::string group = classOf(row.string("benchmark"));
        std::string label = caseLabel(row);
        if (classesOf[label].size() > 1)
            label += " (" + group + ")";
        const std::string cs = b.caseId(label, group);
        if (const Result *done = b.capture().result(part, cs); done && !done->repetitions.empty())
            row.fail("a second row for the same benchmark, mode and parameters");
        iterations = std::max(iterations, RowReader(b, row, part, cs).read());
    }
    readProvenance(b, rows.front(), rows);
    b.setPrimary(modeOf(rows.front()).metric);
    if (iterations)
        b.provenance().conditions.repetitions = int(iterations);
    b.fillMissingWithinGroups("not run with this parameter set");
    return b.finish();
}

} // namespace bs
