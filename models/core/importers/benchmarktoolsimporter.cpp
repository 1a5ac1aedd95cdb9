#include "benchmarktoolsimporter.h"

#include "capturebuilder.h"
#include "jsonnode.h"

#include <set>

namespace bs {

namespace {

using json = nlohmann::json;

const long long kMaxCount = 9007199254740992LL; // 2^53: a byte or allocation count read exactly

// ["Trial", {...}]: the value types BenchmarkTools tags so.
bool taggedValue(const json &j)
{
    return j.is_array() && j.size() == 2 && j[0].is_string() && j[1].is_object();
}

// save()'s [{"Julia": …, "BenchmarkTools": …}, [values]].
bool savedFile(const json &j)
{
    return j.is_array() && j.size() == 2 && j[0].is_object() && j[0].contains("Julia")
        && j[0].contains("BenchmarkTools") && j[1].is_array();
}

std::string versionOf(const JsonNode &v)
{
    if (v.value().is_string())
        return v.string();
    const JsonNode &o = v.object();
    return std::to_string(o.integer("major", 0, 1 << 30)) + "." + std::to_string(o.integer("minor", 0, 1 << 30)) + "."
        + std::to_string(o.integer("patch", 0, 1 << 30));
}

class BenchmarkToolsReader {
public:
    BenchmarkToolsReader(CaptureBuilder &b, const std::string &part) : m_b(b), m_part(part) {}

    // A top-level value: a group's keys name its cases; any other value is
    // "benchmark" (the second "benchmark 2" …).
    void readTop(const JsonNode &tagged, std::size_t index)
    {
        std::vector<std::string> path;
        if (tagged.value().is_array() && !tagged.value().empty() && tagged.value()[0] != "BenchmarkGroup")
            path.push_back(index ? "benchmark " + std::to_string(index + 1) : "benchmark");
        read(tagged, path);
    }

    std::size_t trials = 0, estimates = 0, samples = 0;

private:
    void read(const JsonNode &tagged, std::vector<std::string> &path)
    {
        if (!taggedValue(tagged.value()))
            tagged.fail("expected a value as BenchmarkTools saves it: [\"<type>\", {…}]");
        const std::string type = tagged.value()[0].get<std::string>();
        const JsonNode fields = tagged.elements()[1];
        if (type == "BenchmarkGroup") {
            for (const auto &[key, value] : fields.member("data").object().members()) {
                path.push_back(key);
                read(value, path);
                path.pop_back();
            }
        } else if (type == "Trial" || type == "TrialEstimate") {
            const std::string cs = caseOf(fields, path);
            type == "Trial" ? trial(fields, cs) : estimate(fields, cs);
        } else if (type == "Parameters") {
            tagged.fail("BenchmarkTools' tuning parameters (as in a tune.json), not results");
        } else {
            tagged.fail("a BenchmarkTools \"" + type + "\", which is not read (results are Trial and TrialEstimate values)");
        }
    }

    std::string caseOf(const JsonNode &where, const std::vector<std::string> &path)
    {
        std::string label;
        for (const std::string &key : path)
            label += (label.empty() ? "" : "/") + key;
        if (!m_labels.insert(label).second)
            where.fail("a second benchmark named \"" + label + "\"");
        return m_b.caseId(label, path.size() > 1 ? path.front() : std::string());
    }

    // Every sample a repetition (ns per evaluation → s), with its GC time.
    void trial(const JsonNode &t, const std::string &cs)
    {
        const std::vector<JsonNode> times = t.member("times").array().elements();
        const std::vector<JsonNode> gctimes = t.member("gctimes").array().elements();
        if (times.size() != gctimes.size())
            t.fail("gctimes", std::to_string(gctimes.size()) + " GC times for " + std::to_string(times.size()) + " times");
        m_b.defineMetric("time", "Time", "s", Direction::LowerIsBetter, "one sample: the time of one evaluation (ns → s)");
        m_b.defineMetric("gc_time", "GC time", "s", Direction::LowerIsBetter, "the garbage collection time within it");
        for (std::size_t i = 0; i < times.size(); ++i) {
            const double ns = times[i].number(), gc = gctimes[i].number();
            if (ns < 0 || gc < 0 || gc > ns)
                (ns < 0 ? times[i] : gctimes[i]).fail(ns < 0 ? "a negative time" : "a GC time outside 0 … the sample's time");
            Repetition &rep = m_b.addRepetition(m_part, cs);
            m_b.set(rep, "time", ns * 1e-9);
            m_b.set(rep, "gc_time", gc * 1e-9);
        }
        if (times.empty()) {
            Result &r = m_b.result(m_part, cs);
            r.status = ResultStatus::Error;
            r.reason = "a Trial without samples";
        }
        memoryOf(t, cs);
        ++trials;
        samples += times.size();
    }

    void estimate(const JsonNode &e, const std::string &cs)
    {
        const double ns = e.number("time"), gc = e.number("gctime");
        if (ns < 0 || gc < 0)
            e.fail(ns < 0 ? "time" : "gctime", "a negative time");
        m_b.defineMetric("time_estimate", "Time (estimate)", "s", Direction::LowerIsBetter,
                         "a TrialEstimate's time: the minimum, median or mean of its trial, the file does not say which");
        m_b.defineMetric("gc_time_estimate", "GC time (estimate)", "s", Direction::LowerIsBetter,
                         "the TrialEstimate's garbage collection time");
        m_b.setOnce(m_part, cs, "time_estimate", ns * 1e-9);
        m_b.setOnce(m_part, cs, "gc_time_estimate", gc * 1e-9);
        memoryOf(e, cs);
        ++estimates;
    }

    // Bytes and allocations of one evaluation: the same for every sample, given once.
    void memoryOf(const JsonNode &v, const std::string &cs)
    {
        m_b.defineMetric("memory", "Memory", "B", Direction::LowerIsBetter, "bytes allocated by one evaluation");
        m_b.defineMetric("allocs", "Allocations", "count", Direction::LowerIsBetter, "allocations of one evaluation");
        m_b.setOnce(m_part, cs, "memory", double(v.integer("memory", 0, kMaxCount)));
        m_b.setOnce(m_part, cs, "allocs", double(v.integer("allocs", 0, kMaxCount)));
    }

    CaptureBuilder &m_b;
    const std::string m_part;
    std::set<std::string> m_labels;
};

} // namespace

bool BenchmarkToolsImporter::detect(const ImportInput &in) const
{
    if (!in.json)
        return false;
    const json &j = *in.json;
    if (savedFile(j))
        return true;
    if (!taggedValue(j))
        return false;
    const std::string type = j[0].get<std::string>();
    return (type == "BenchmarkGroup" && j[1].contains("data")) || (type == "Trial" && j[1].contains("times"))
        || (type == "TrialEstimate" && j[1].contains("time"));
}

Capture BenchmarkToolsImporter::import(const ImportInput &in) const
{
    const JsonNode root(*in.json, in.jsonPath);
    CaptureBuilder b(in, "BenchmarkTools", "benchmark-harness");
    b.provenance().conditions.mode = "microbenchmark";
    std::string part = "BenchmarkTools";
    std::vector<JsonNode> values{root};
    if (savedFile(*in.json)) {
        const std::vector<JsonNode> top = root.elements();
        const JsonNode header = top[0];
        b.tool().version = versionOf(header.member("BenchmarkTools"));
        const std::string julia = header.string("Julia");
        b.provenance().tools.push_back({"Julia", julia, "runtime"});
        part = "Julia " + julia;
        values = top[1].elements();
    }
    const std::string partId = b.participant(part);
    b.capture().participants.back().runtime = part == "BenchmarkTools" ? std::string() : part;
    BenchmarkToolsReader reader(b, partId);
    for (std::size_t i = 0; i < values.size(); ++i)
        reader.readTop(values[i], i);
    if (reader.trials)
        b.setPrimary("time");
    else if (reader.estimates)
        b.setPrimary("time_estimate");
    if (reader.trials)
        b.caveat(std::to_string(reader.trials) + " Trial(s): their " + std::to_string(reader.samples)
                 + " samples are the repetitions (the time of one evaluation, ns → s); memory and allocations are of "
                   "one evaluation, given once");
    if (reader.estimates)
        b.caveat(std::to_string(reader.estimates) + " TrialEstimate(s), each one figure: the file does not say whether "
                 "it is the minimum, median or mean of its trial");
    b.caveat("each benchmark's parameters (samples, evals, seconds, tolerances) and the groups' tags are not imported; "
             "the file names no machine or date");
    return b.finish();
}

} // namespace bs
