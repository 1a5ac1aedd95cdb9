#include "gobenchimporter.h"

#include "capturebuilder.h"
#include "failureshare.h"
#include "inputfailure.h"
#include "loadtext.h"
#include "textline.h"

#include <algorithm>
#include <cctype>
#include <initializer_list>
#include <iterator>
#include <map>
#include <optional>
#include <set>
#include <sstream>

namespace bs {

namespace {

std::vector<std::string> fieldsOf(const std::string &text)
{
    std::istringstream in(text);
    return {std::istream_iterator<std::string>(in), {}};
}

bool allDigits(const std::string &s)
{
    return !s.empty() && std::all_of(s.begin(), s.end(), [](unsigned char c) { return std::isdigit(c); });
}

// The spec's result name: "Benchmark", then anything but a lower-case letter.
bool isBenchmarkName(const std::string &word)
{
    return word.rfind("Benchmark", 0) == 0 && (word.size() == 9 || !std::islower(static_cast<unsigned char>(word[9])));
}

// "BenchmarkJoin/n=10-8" → base "Join/n=10", GOMAXPROCS 8 (no suffix: 1).
struct GoName {
    std::string base;
    int procs = 1;
    bool procsPrinted = false;
};

GoName splitName(const std::string &full)
{
    GoName n;
    n.base = full.size() > 9 ? full.substr(9) : full;
    const auto dash = n.base.find_last_of('-');
    if (dash != std::string::npos && dash > 0 && n.base.size() - dash <= 7 && allDigits(n.base.substr(dash + 1))) {
        n.procs = std::stoi(n.base.substr(dash + 1));
        n.procsPrinted = true;
        n.base.resize(dash);
    }
    return n;
}

struct GoRun {
    std::string pkg;
    GoName name;
    std::vector<std::pair<double, std::string>> values; // value, Go unit
};

struct GoFailure {
    std::string pkg;
    GoName name;
    std::string message; // the first log line after it
};

// Reads the lines into runs, failures and configuration; builds nothing.
class GoReader {
public:
    void read(const TextLine &line)
    {
        const std::string &t = line.text;
        if (!t.empty() && (t[0] == ' ' || t[0] == '\t')) {
            if (m_pending && m_failures[*m_pending].message.empty())
                m_failures[*m_pending].message = fieldsJoined(t);
            return;
        }
        const std::vector<std::string> f = fieldsOf(t);
        if (f.empty())
            return;
        if (f.size() >= 3 && f[0] == "---" && f[1] == "FAIL:")
            return failure(f[2], f[2], false);
        m_pending.reset();
        if (isBenchmarkName(f[0]))
            benchmarkLine(line, f);
        else if (!configLine(t))
            statusLine(t, f);
    }

    std::vector<GoRun> runs;
    std::map<std::string, std::string> config; // key → value(s)
    std::vector<std::string> configOrder;
    std::vector<std::string> failedTests;
    bool finished = false;
    bool packageFailed = false;
    bool unitLines = false;
    int ignored = 0;
    const std::vector<GoFailure> &failures() const { return m_failures; }

private:
    static std::string fieldsJoined(const std::string &t)
    {
        const auto first = t.find_first_not_of(" \t");
        return first == std::string::npos ? std::string() : t.substr(first);
    }

    void benchmarkLine(const TextLine &line, const std::vector<std::string> &f)
    {
        if (f.size() == 1) // -v prints the name alone before the run
            return;
        if (f.size() >= 4 && f[1] == "---" && f[2] == "FAIL:")
            return failure(f[0], f[3], true);
        if (f[1] == "---")
            return;
        if (!allDigits(f[1]))
            throw InputFailure{line.place(), "expected the iteration count after " + f[0] + ", found \"" + f[1] + "\""};
        if (f.size() < 4 || f.size() % 2 != 0)
            throw InputFailure{line.place(), "expected value and unit pairs after the iteration count of " + f[0]};
        GoRun run{m_pkg, splitName(f[0]), {}};
        std::set<std::string> units;
        for (std::size_t i = 2; i < f.size(); i += 2) {
            if (!units.insert(f[i + 1]).second)
                throw InputFailure{line.place(), "the unit \"" + f[i + 1] + "\" appears twice"};
            run.values.emplace_back(LoadText::number(f[i], line), f[i + 1]);
        }
        runs.push_back(std::move(run));
    }

    // "--- FAIL: NAME" at a line's start, or after the benchmark's name
    // (`inlineReport`). Go reports a failed re-run twice, first without and
    // then with the GOMAXPROCS suffix: the second report is the same failure.
    void failure(const std::string &printed, const std::string &named, bool inlineReport)
    {
        if (!isBenchmarkName(named)) {
            failedTests.push_back(named);
            return;
        }
        const GoName n = splitName(printed);
        if (!inlineReport && m_pending && !m_paired && m_failures[*m_pending].name.base == n.base) {
            if (n.procsPrinted)
                m_failures[*m_pending].name = n;
            m_paired = true;
            return;
        }
        m_failures.push_back({m_pkg, n, {}});
        m_pending = m_failures.size() - 1;
        m_paired = false;
    }

    // "key: value": a lower-case first letter, no space or upper case in the key.
    bool configLine(const std::string &t)
    {
        const auto colon = t.find(':');
        if (colon == std::string::npos || colon == 0 || !std::islower(static_cast<unsigned char>(t[0])))
            return false;
        const std::string key = t.substr(0, colon);
        if (std::any_of(key.begin(), key.end(), [](unsigned char c) { return std::isspace(c) || std::isupper(c); }))
            return false;
        const std::string rest = t.substr(colon + 1);
        if (!rest.empty() && rest[0] != ' ' && rest[0] != '\t')
            return false;
        const std::string value = fieldsJoined(rest);
        if (key == "pkg")
            m_pkg = value;
        if (!config.count(key))
            configOrder.push_back(key);
        std::string &all = config[key];
        if (!value.empty() && (all.empty() || all.find(value) == std::string::npos))
            all += (all.empty() ? "" : ", ") + value;
        return true;
    }

    void statusLine(const std::string &t, const std::vector<std::string> &f)
    {
        if (t == "PASS" || f[0] == "ok") {
            finished = true;
        } else if (f[0] == "FAIL") {
            finished = true;
            packageFailed = true;
        } else if (f[0] == "Unit") {
            unitLines = true;
        } else {
            ++ignored;
        }
    }

    std::string m_pkg;
    std::vector<GoFailure> m_failures;
    std::optional<std::size_t> m_pending; // the failure whose log lines follow
    bool m_paired = false;
};

// The metric of a Go unit, defined on first use; returns its id and the
// factor to the canonical unit.
std::pair<std::string, double> metricOf(CaptureBuilder &b, const std::string &unit)
{
    const auto lower = Direction::LowerIsBetter;
    if (unit == "ns/op")
        return {"time_per_op", 1e-9};
    if (unit == "B/op") {
        b.defineMetric("bytes_per_op", "Allocated B/op", "B", lower, "bytes allocated per iteration (-benchmem)");
        return {"bytes_per_op", 1};
    }
    if (unit == "allocs/op") {
        b.defineMetric("allocs_per_op", "Allocations/op", "count", lower, "heap allocations per iteration (-benchmem)");
        return {"allocs_per_op", 1};
    }
    if (unit == "MB/s") {
        b.defineMetric("throughput", "Throughput", "B/s", Direction::HigherIsBetter,
                       "bytes processed per second (b.SetBytes; Go's MB/s is 10^6 B/s)");
        return {"throughput", 1e6};
    }
    std::string per = unit;
    if (const auto slash = per.find('/'); slash != std::string::npos)
        per.replace(slash, 1, "_per_");
    if (unit.rfind("ns/", 0) == 0) {
        const std::string id = "time_per_" + CaptureBuilder::slug(unit.substr(3));
        b.defineMetric(id, "Time/" + unit.substr(3), "s", lower, "the benchmark's " + unit + " (b.ReportMetric)");
        return {id, 1e-9};
    }
    const std::string id = CaptureBuilder::slug(per);
    const bool rate = unit.size() > 2 && unit.compare(unit.size() - 2, 2, "/s") == 0;
    b.defineMetric(id, unit, unit, rate ? Direction::HigherIsBetter : lower, "custom unit (b.ReportMetric)");
    return {id, 1};
}

void toProvenance(CaptureBuilder &b, const GoReader &r)
{
    Provenance &p = b.provenance();
    for (const std::string &key : r.configOrder) {
        const std::string &value = r.config.at(key);
        if (key == "cpu")
            p.machine.cpu = value;
        else if (key == "goversion")
            b.tool().version = value;
        else if (key != "pkg")
            p.conditions.extra[key] = value;
    }
    if (r.config.count("goos"))
        p.machine.os = r.config.at("goos") + (r.config.count("goarch") ? "/" + r.config.at("goarch") : "");
    if (b.tool().version.empty())
        b.caveat("go test prints no Go version (no goversion line)");
    b.caveat("each run's iteration count (b.N) is not imported");
    if (!r.finished)
        b.caveat("no final PASS, FAIL or ok line: the output may be cut short");
    if (r.unitLines)
        b.caveat("Unit metadata lines were ignored");
    if (r.ignored > 0)
        b.caveat(std::to_string(r.ignored) + " line(s) that are neither results nor configuration were ignored");
    if (!r.failedTests.empty())
        b.caveat("tests failed in the same run: " + r.failedTests.front()
                 + (r.failedTests.size() > 1 ? " and " + std::to_string(r.failedTests.size() - 1) + " more" : ""));
    else if (r.packageFailed && r.failures().empty())
        b.caveat("go test reported FAIL without naming a failed benchmark");
}

// "20220109T213214" (benchseries' runstamp) → "2022-01-09T21:32:14"; other texts as they are.
std::string isoStamp(const std::string &t)
{
    const bool compact = t.size() == 15 && t[8] == 'T' && allDigits(t.substr(0, 8)) && allDigits(t.substr(9));
    if (!compact)
        return t;
    return t.substr(0, 4) + "-" + t.substr(4, 2) + "-" + t.substr(6, 2) + "T" + t.substr(9, 2) + ":" + t.substr(11, 2)
        + ":" + t.substr(13, 2);
}

// The revision and run time that configuration lines record, for a history's
// order: the keys golang/perf's benchseries reads by default and their
// alternatives (`commit`, `commit-time`, `experiment-commit`,
// `experiment-commit-time`, `numerator_hash`, `numerator_stamp`; the run's
// `runstamp` or `upload-time`), the first of each found. Each stays
// provenance as well. Packages name the suite.
void toRevision(CaptureBuilder &b, const GoReader &r)
{
    auto first = [&](std::initializer_list<const char *> keys) {
        for (const char *key : keys)
            if (auto it = r.config.find(key); it != r.config.end() && !it->second.empty())
                return it->second;
        return std::string();
    };
    Capture &c = b.capture();
    c.revision.id = first({"commit", "experiment-commit", "numerator_hash"});
    c.revision.date = isoStamp(first({"commit-time", "experiment-commit-time", "numerator_stamp"}));
    c.capturedAt = isoStamp(first({"runstamp", "upload-time"}));
    std::set<std::string> packages;
    for (const GoRun &run : r.runs)
        packages.insert(run.pkg);
    b.setMeasured({packages.begin(), packages.end()});
}

// Case label: the base name, with Go's "-N" suffix only when runs differ in GOMAXPROCS.
std::string caseLabel(const GoName &n, bool severalProcs)
{
    return severalProcs && n.procs != 1 ? n.base + "-" + std::to_string(n.procs) : n.base;
}

} // namespace

bool GoBenchImporter::detect(const ImportInput &in) const
{
    if (in.json)
        return false;
    bool found = false;
    LoadText::eachLine(in.text, [&](const TextLine &line) {
        const std::vector<std::string> f = fieldsOf(line.text);
        found = f.size() >= 4 && isBenchmarkName(f[0]) && allDigits(f[1]) && line.text[0] == 'B';
        return !found;
    });
    return found;
}

Capture GoBenchImporter::import(const ImportInput &in) const
{
    GoReader r;
    LoadText::eachLine(in.text, [&](const TextLine &line) { r.read(line); });
    CaptureBuilder b(in, "go test", "benchmark-harness");
    b.provenance().conditions.mode = "microbenchmark";
    b.defineMetric("time_per_op", "Time/op", "s", Direction::LowerIsBetter, "wall time per iteration (ns/op)");
    b.setPrimary("time_per_op");
    toProvenance(b, r);
    toRevision(b, r);

    std::set<int> procs;
    for (const GoRun &run : r.runs)
        procs.insert(run.name.procs);
    const bool several = procs.size() > 1;
    if (procs.size() == 1)
        b.provenance().conditions.extra["gomaxprocs"] = std::to_string(*procs.begin());
    auto idsOf = [&](const std::string &pkg, const GoName &n) {
        const std::string label = caseLabel(n, several);
        return std::make_pair(b.participant(pkg.empty() ? "go test" : pkg),
                              b.caseId(label, label.substr(0, label.find('/'))));
    };
    for (const GoRun &run : r.runs) {
        const auto [part, cs] = idsOf(run.pkg, run.name);
        Repetition &rep = b.addRepetition(part, cs);
        for (const auto &[value, unit] : run.values) {
            const auto [id, factor] = metricOf(b, unit);
            b.set(rep, id, value * factor);
        }
    }
    std::vector<GoRun>().swap(r.runs); // read into the capture: free before the summaries are made
    std::map<std::pair<std::string, std::string>, std::pair<std::uint64_t, std::string>> failed;
    for (const GoFailure &f : r.failures()) {
        GoName n = f.name;
        if (!n.procsPrinted && procs.size() == 1)
            n.procs = *procs.begin(); // Go names the first run's failure without the suffix
        auto &[count, message] = failed[idsOf(f.pkg, n)];
        ++count;
        if (message.empty())
            message = f.message;
    }
    int most = 0;
    for (Result &res : b.capture().results)
        most = std::max(most, int(res.repetitions.size()));
    b.provenance().conditions.repetitions = most;
    for (const auto &[ids, failure] : failed) {
        Result &res = b.result(ids.first, ids.second);
        const std::string how = "failed" + (failure.second.empty() ? std::string() : " (" + failure.second + ")");
        FailureShare::apply(res, failure.first, res.repetitions.size() + failure.first, "runs", how);
    }
    b.fillMissing("not a benchmark of this package", ResultStatus::Unsupported);
    Capture c = b.finish();
    for (Metric &m : c.metrics)
        m.scopeDeclared = true;
    return c;
}

} // namespace bs
