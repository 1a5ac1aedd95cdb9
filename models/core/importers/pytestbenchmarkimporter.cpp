#include "pytestbenchmarkimporter.h"

#include "capturebuilder.h"
#include "jsonnode.h"

#include <algorithm>
#include <map>
#include <vector>

namespace bs {

namespace {

// The statistics pytest-benchmark writes, as figures given once when the
// rounds are not in the file: stat key → metric id, label.
// The primary "time" is the median (pytest-benchmark's stats have it since
// 3.0), the statistic the tables compare; the mean is its own metric.
struct Stat {
    const char *key;
    const char *id;
    const char *label;
};
constexpr Stat kStats[] = {
    {"median", "time", "Time per call (median)"}, {"mean", "time_mean", "Time per call (mean)"},
    {"min", "time_min", "Time per call (min)"},   {"max", "time_max", "Time per call (max)"},
    {"stddev", "time_stddev", "Time per call (std. dev.)"},
};

// "n=10, mode=fast" from `params`, for the case's description.
std::string paramsText(const JsonNode &bench)
{
    std::string text;
    if (const auto params = bench.optMember("params"); params && params->value().is_object())
        for (const auto &[key, v] : params->members())
            text += (text.empty() ? "" : ", ") + key + "=" + (v.value().is_string() ? v.string() : v.value().dump());
    return text;
}

// The parameter id: "param" since pytest-benchmark 3.0; before, only in the
// name as pytest writes it ("test_x[10]": a function name has no "[").
std::string paramOf(const JsonNode &bench, const std::string &name)
{
    if (bench.value().contains("param") || name.back() != ']')
        return bench.optString("param");
    const auto open = name.find('[');
    return open == std::string::npos || open == 0 ? std::string() : name.substr(open + 1, name.size() - open - 2);
}

void readMachine(CaptureBuilder &b, const JsonNode &root)
{
    Provenance &p = b.provenance();
    if (const auto m = root.optMember("machine_info")) {
        m->object();
        p.machine.hostname = m->optString("node");
        p.machine.os = m->optString("system") + (m->has("release") ? " " + m->optString("release") : "");
        if (const auto cpu = m->optMember("cpu"); cpu && cpu->value().is_object())
            p.machine.cpu = cpu->optString("brand", cpu->optString("brand_raw"));
        const std::string impl = m->optString("python_implementation", "Python");
        if (m->has("python_version"))
            p.tools.push_back({impl, m->optString("python_version"), "runtime"});
    }
    if (const auto c = root.optMember("commit_info")) {
        c->object();
        Revision &rev = b.capture().revision;
        rev.id = c->optString("id");
        if (const std::string branch = c->optString("branch"); branch != "(unknown)")
            rev.label = branch; // "(unknown)" is pytest-benchmark's word for no branch
        rev.date = c->optString("time");
        if (c->optBoolean("dirty").value_or(false))
            b.caveat("the working tree had uncommitted changes (commit_info.dirty)");
        if (c->has("project"))
            p.conditions.extra["project"] = c->optString("project");
    }
    b.tool().version = root.optString("version");
    b.capture().capturedAt = root.optString("datetime");
}

// Options are the same for every benchmark of a run unless a test overrides them.
void readOptions(CaptureBuilder &b, const JsonNode &bench)
{
    const auto options = bench.optMember("options");
    if (!options || !options->value().is_object())
        return;
    for (const auto &[key, v] : options->members()) {
        const std::string text = v.value().is_string() ? v.string() : v.value().dump();
        auto [it, added] = b.provenance().conditions.extra.emplace(key, text);
        if (!added && it->second != text)
            b.caveat("benchmark options differ between tests (" + key + "); the first test's are shown");
    }
}

class BenchReader {
public:
    explicit BenchReader(CaptureBuilder &b) : m_b(b) { }

    // One benchmark: a repetition per round, or the statistics once.
    void read(const JsonNode &bench)
    {
        bench.object();
        const std::string name = bench.nonEmptyString("name");
        const std::string param = paramOf(bench, name);
        const std::string function = param.empty() ? name : name.substr(0, name.rfind("[" + param + "]"));
        const std::string part = m_b.participant(function);
        const std::string fullname = bench.optString("fullname");
        m_modules.push_back(fullname.empty() ? function : fullname.substr(0, fullname.find("::")));
        const std::string cs = caseOf(param.empty() ? "no params" : param, bench.optString("group"), paramsText(bench));
        readOptions(m_b, bench);
        const JsonNode stats = bench.member("stats");
        const auto data = stats.optMember("data");
        if (data) {
            for (const JsonNode &round : data->elements())
                m_b.set(m_b.addRepetition(part, cs), "time", nonNegative(round));
            if (m_b.result(part, cs).repetitions.empty())
                data->fail("no rounds");
            ++m_withRounds;
        } else {
            for (const Stat &s : kStats) {
                if (const auto v = stats.optMember(s.key))
                    m_b.setOnce(part, cs, defineStat(s), nonNegative(*v));
            }
            if (!stats.has("median")) { // before pytest-benchmark 3.0: the mean, said so
                if (const auto mean = stats.optMember("mean"))
                    m_b.setOnce(part, cs, "time", nonNegative(*mean));
                ++m_meanOnly;
            }
            if (const auto ops = stats.optNumber("ops")) {
                m_b.defineMetric("ops", "Calls/s (1 / mean)", "ops/s", Direction::HigherIsBetter, "1 / mean time per call");
                m_b.setStatistic("ops", "mean");
                m_b.setOnce(part, cs, "ops", *ops);
            }
            const long long rounds = stats.integer("rounds", 1, 1LL << 53);
            m_rounds = {std::min(m_rounds.first, rounds), std::max(m_rounds.second, rounds)};
            ++m_statsOnly;
        }
        if (const auto extra = bench.optMember("extra_info"); extra && !extra->value().empty())
            m_b.caveat("extra_info values were left out");
    }

    void finish()
    {
        if (m_withRounds > 0)
            m_b.caveat("each repetition is one round: the round's time divided by its iterations (calls); "
                       "pytest-benchmark's summary statistics are recomputed, not imported");
        if (m_statsOnly > 0) {
            m_b.provenance().conditions.extra["rounds"] = std::to_string(m_rounds.first)
                + (m_rounds.first == m_rounds.second ? "" : "–" + std::to_string(m_rounds.second)) + " per benchmark";
            m_b.caveat("no per-round data (saved without --benchmark-save-data): median, mean, min, max, std. dev. "
                       "and calls/s are pytest-benchmark's figures over its rounds, each stored once per result "
                       "(n = 1: the rounds are not samples here, and a diff cannot test them)");
            // "time" is the median where only statistics were saved; with
            // rounds beside them it is per round, and says neither.
            if (m_withRounds == 0 && m_meanOnly == 0)
                m_b.setStatistic("time", "median");
            if (m_withRounds == 0 && m_meanOnly == m_statsOnly) {
                m_b.setStatistic("time", "mean");
                m_b.capture().metrics.front().label = "Time per call (mean)";
            } else if (m_meanOnly > 0) {
                m_b.caveat(std::to_string(m_meanOnly) + " benchmarks have no median (pytest-benchmark before 3.0): "
                           "their \"Time per call\" is the mean");
            }
            if (m_withRounds > 0)
                m_b.caveat("some benchmarks have rounds and some only statistics: their \"Time per call\" is the "
                           "median of the rounds for the first and pytest-benchmark's median for the others");
        }
        m_b.caveat("pytest-benchmark leaves failed benchmarks out of its JSON: a failed test is absent, not an error");
        m_b.setMeasured(m_modules); // the suite: the test modules, as in "tests/test_x.py::test_y"
    }

private:
    static double nonNegative(const JsonNode &v)
    {
        const double d = v.number();
        if (d < 0)
            v.fail("a time cannot be negative");
        return d;
    }

    std::string defineStat(const Stat &s)
    {
        if (std::string(s.id) != "time") {
            m_b.defineMetric(s.id, s.label, "s", Direction::LowerIsBetter, "pytest-benchmark's statistic over its rounds");
            m_b.setStatistic(s.id, s.key);
        }
        return s.id;
    }

    // Case by parameter id; the same id in another group becomes its own
    // case ("10 (split)"), so that each group's tab shows its own cases.
    std::string caseOf(const std::string &param, const std::string &group, const std::string &description)
    {
        auto [it, added] = m_groupOf.emplace(param, group);
        const std::string label = added || it->second == group ? param : param + " (" + group + ")";
        const std::string id = m_b.caseId(label, group);
        for (CaseInfo &c : m_b.capture().cases)
            if (c.id == id && c.description.empty())
                c.description = description;
        return id;
    }

    CaptureBuilder &m_b;
    std::map<std::string, std::string> m_groupOf; // parameter id → its first group
    std::vector<std::string> m_modules; // of each benchmark's fullname
    int m_withRounds = 0;
    int m_statsOnly = 0;
    int m_meanOnly = 0; // of m_statsOnly, without a median
    std::pair<long long, long long> m_rounds{1LL << 53, 0}; // fewest and most rounds without data
};

} // namespace

bool PytestBenchmarkImporter::detect(const ImportInput &in) const
{
    if (!in.json || !in.json->is_object())
        return false;
    const JsonNode root(*in.json);
    return root.has("machine_info") && root.has("benchmarks") && in.json->at("benchmarks").is_array();
}

Capture PytestBenchmarkImporter::import(const ImportInput &in) const
{
    const JsonNode root(*in.json, in.jsonPath);
    CaptureBuilder b(in, "pytest-benchmark", "benchmark-harness");
    b.provenance().conditions.mode = "microbenchmark";
    b.defineMetric("time", "Time per call", "s", Direction::LowerIsBetter,
                   "one call of the benchmarked function: a round's time ÷ its iterations");
    b.setPrimary("time");
    readMachine(b, root);
    BenchReader reader(b);
    for (const JsonNode &bench : root.member("benchmarks").elements())
        reader.read(bench);
    reader.finish();
    int most = 0;
    for (const Result &r : b.capture().results)
        most = std::max(most, int(r.repetitions.size()));
    if (most > 0)
        b.provenance().conditions.repetitions = most;
    b.fillMissing("not a parameter of this test", ResultStatus::Unsupported);
    return b.finish();
}

} // namespace bs
