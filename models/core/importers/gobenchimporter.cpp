#include "gobenchimporter.h"

#include "capturebuilder.h"
#include "failureshare.h"
#include "inputfailure.h"
#include "loadtext.h"
#include "textline.h"
#include "slug.h"

#include <algorithm>
#include <cctype>
#include <cstring>
#include <initializer_list>
#include <iterator>
#include <map>
#include <optional>
#include <set>
#include <sstream>
#include <tuple>

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

// A result line's first word, as golang/perf's benchfmt reads it: "Benchmark"
// and a name, whatever its first letter ("Benchmarkk8s_text" of bent's size
// reports). go test only runs functions whose name goes on with an upper-case
// letter, so only those are surely results when the rest of the line is not.
bool isBenchmarkName(const std::string &word)
{
    return word.size() > 9 && word.rfind("Benchmark", 0) == 0;
}

bool isGoTestName(const std::string &word)
{
    return isBenchmarkName(word) && !std::islower(static_cast<unsigned char>(word[9]));
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

// The configuration lines in force ("key: value" between results), as benchfmt
// keeps them: a key's last value; "key:" with no value unsets it.
using GoConfig = std::map<std::string, std::string>;

struct GoRun {
    std::string pkg;
    std::size_t config = 0; // into GoReader::configs
    GoName name;
    std::vector<std::pair<double, std::string>> values; // value, Go unit
};

struct GoFailure {
    std::string pkg;
    std::size_t config = 0;
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
    std::vector<GoConfig> configs{GoConfig{}}; // each change of configuration, in order
    std::vector<std::string> configOrder;   // keys in the order first seen
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
        if (!allDigits(f[1]) && !isGoTestName(f[0])) { // prose such as "Benchmarking ...": not a result
            ++ignored;
            return;
        }
        if (!allDigits(f[1]))
            throw InputFailure{line.place(), "expected the iteration count after " + f[0] + ", found \"" + f[1] + "\""};
        if (f.size() < 4 || f.size() % 2 != 0)
            throw InputFailure{line.place(), "expected value and unit pairs after the iteration count of " + f[0]};
        GoRun run{m_pkg, configs.size() - 1, splitName(f[0]), {}};
        std::set<std::string> units;
        for (std::size_t i = 2; i < f.size(); i += 2) {
            if (!units.insert(f[i + 1]).second)
                throw InputFailure{line.place(), "the unit \"" + f[i + 1] + "\" appears twice"};
            run.values.emplace_back(LoadText::number(f[i], line), f[i + 1]);
        }
        runs.push_back(run);
        m_configUsed = true;
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
        m_failures.push_back({m_pkg, configs.size() - 1, n, {}});
        m_configUsed = true;
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
        std::string value = fieldsJoined(rest);
        while (!value.empty() && std::isspace(static_cast<unsigned char>(value.back())))
            value.pop_back();
        if (key == "pkg")
            m_pkg = value;
        if (std::find(configOrder.begin(), configOrder.end(), key) == configOrder.end())
            configOrder.push_back(key);
        GoConfig next = configs.back();
        if (value.empty())
            next.erase(key);
        else
            next[key] = value;
        if (next != configs.back()) {
            if (m_configUsed)
                configs.push_back(std::move(next)); // results were read under the last one: keep it
            else
                configs.back() = std::move(next);
            m_configUsed = false;
        }
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
    bool m_configUsed = false; // a result or failure was read under configs.back()
};

// A Go unit tidied as golang/perf's benchunit.Tidy does: every "ns" of the
// numerator becomes seconds (× 1e-9), every "MB" bytes (× 1e6), tokens being
// separated by "*", "/", "-" and spaces; the denominator is left as written.
std::pair<std::string, double> tidy(const std::string &unit)
{
    std::string out;
    double factor = 1;
    bool denominator = false;
    for (std::size_t i = 0; i < unit.size();) {
        const char c = unit[i];
        if (c == '*' || c == '/' || c == '-' || std::isspace(static_cast<unsigned char>(c))) {
            denominator = c == '/' || (denominator && c != '*');
            out += c;
            ++i;
            continue;
        }
        std::size_t end = i;
        while (end < unit.size() && unit[end] != '\0' && !std::strchr("*/- \t", unit[end]))
            ++end;
        end = std::max(end, i + 1);
        const std::string token = unit.substr(i, end - i);
        if (!denominator && token == "ns") {
            out += "sec";
            factor *= 1e-9;
        } else if (!denominator && token == "MB") {
            out += "B";
            factor *= 1e6;
        } else {
            out += token;
        }
        i = end;
    }
    return {out, factor};
}

// The metric of a Go unit, defined on first use; returns its id and the
// factor to the canonical unit. The testing package's units are the
// standard metrics; a family such as "build-real-ns/op" is in seconds, as
// benchstat shows it (build-real-sec/op), and so are B/op and MB/s families.
std::pair<std::string, double> metricOf(CaptureBuilder &b, const std::string &unit)
{
    const auto lower = Direction::LowerIsBetter;
    const auto [tidied, factor] = tidy(unit);
    // The standard unit a tidied one ends in, and the prefix before it.
    struct Family {
        const char *suffix, *id, *label, *unit, *what;
        Direction direction;
    };
    static const Family families[] = {
        {"sec/op", "time_per_op", "Time/op", "s", "wall time per iteration (ns/op)", Direction::LowerIsBetter},
        {"B/op", "bytes_per_op", "Allocated B/op", "B", "bytes allocated per iteration (-benchmem)", Direction::LowerIsBetter},
        {"allocs/op", "allocs_per_op", "Allocations/op", "count", "heap allocations per iteration (-benchmem)",
         Direction::LowerIsBetter},
        {"B/s", "throughput", "Throughput", "B/s", "bytes processed per second (b.SetBytes; Go's MB/s is 10^6 B/s)",
         Direction::HigherIsBetter},
    };
    for (const Family &f : families) {
        const std::string suffix = f.suffix;
        if (tidied == suffix) {
            b.defineMetric(f.id, f.label, f.unit, f.direction, f.what);
            return {f.id, factor};
        }
        if (tidied.size() > suffix.size() + 1 && tidied.compare(tidied.size() - suffix.size(), suffix.size(), suffix) == 0
            && tidied[tidied.size() - suffix.size() - 1] == '-') {
            const std::string prefix = tidied.substr(0, tidied.size() - suffix.size() - 1);
            std::string id = Slug::id(prefix) + "_" + f.id;
            std::replace(id.begin(), id.end(), '-', '_');
            b.defineMetric(id, unit, f.unit, f.direction, "the benchmark's " + unit + " (b.ReportMetric; benchstat's "
                           + tidied + ")");
            return {id, factor};
        }
    }
    if (tidied.rfind("sec/", 0) == 0) { // ns/row and the like
        const std::string id = "time_per_" + Slug::id(tidied.substr(4));
        b.defineMetric(id, "Time/" + tidied.substr(4), "s", lower, "the benchmark's " + unit + " (b.ReportMetric)");
        return {id, factor};
    }
    std::string per = tidied;
    if (const auto slash = per.find('/'); slash != std::string::npos)
        per.replace(slash, 1, "_per_");
    const std::string id = Slug::id(per);
    const bool rate = tidied.size() > 2 && tidied.compare(tidied.size() - 2, 2, "/s") == 0;
    b.defineMetric(id, unit, tidied, rate ? Direction::HigherIsBetter : lower, "custom unit (b.ReportMetric)");
    return {id, factor};
}

// The configuration keys whose value changes between results of the file
// (a key unset for some results counts as changing). pkg is always the
// participant, so it is not among them.
std::vector<std::string> varyingKeys(const GoReader &r)
{
    std::set<std::size_t> used;
    for (const GoRun &run : r.runs)
        used.insert(run.config);
    for (const GoFailure &f : r.failures())
        used.insert(f.config);
    std::vector<std::string> varying;
    for (const std::string &key : r.configOrder) {
        std::set<std::string> values;
        for (std::size_t i : used) {
            const auto it = r.configs[i].find(key);
            values.insert(it == r.configs[i].end() ? std::string("\x01unset") : it->second);
        }
        if (key != "pkg" && values.size() > 1)
            varying.push_back(key);
    }
    return varying;
}

// The value a key holds for the whole file: under every result, or under the
// last configuration when the file has no result.
std::optional<std::string> fileWide(const GoReader &r, const std::string &key)
{
    const GoConfig &c = r.runs.empty() ? r.configs.back() : r.configs[r.runs.front().config];
    const auto it = c.find(key);
    return it == c.end() ? std::nullopt : std::optional<std::string>(it->second);
}

void toProvenance(CaptureBuilder &b, const GoReader &r, const std::vector<std::string> &varying)
{
    Provenance &p = b.provenance();
    for (const std::string &key : r.configOrder) {
        const auto value = fileWide(r, key);
        if (key == "pkg" || !value || std::find(varying.begin(), varying.end(), key) != varying.end())
            continue;
        if (key == "cpu")
            p.machine.cpu = *value;
        else if (key == "goversion")
            b.tool().version = *value;
        else
            p.conditions.extra[key] = *value;
    }
    if (const auto goos = fileWide(r, "goos"); goos && varying.end() == std::find(varying.begin(), varying.end(), "goos")) {
        const auto goarch = fileWide(r, "goarch");
        const bool archWide = goarch && varying.end() == std::find(varying.begin(), varying.end(), "goarch");
        p.machine.os = *goos + (archWide ? "/" + *goarch : "");
    }
    if (!varying.empty()) {
        std::string keys;
        for (const std::string &k : varying)
            keys += (keys.empty() ? "" : ", ") + k;
        b.caveat("configuration that changes within the file (" + keys
                 + ") tells results apart, as benchstat does: each value is a participant of its own, never pooled");
    }
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

// A participant's label: the package ("go test" without one), then the
// configuration that changes within the file, "pkg (note: before)".
std::string participantLabel(const GoReader &r, const std::string &pkg, std::size_t config,
                             const std::vector<std::string> &varying)
{
    std::string tags;
    for (const std::string &key : varying) {
        const auto it = r.configs[config].find(key);
        if (it != r.configs[config].end())
            tags += (tags.empty() ? "" : ", ") + key + ": " + it->second;
    }
    const std::string base = pkg.empty() ? (tags.empty() ? "go test" : "") : pkg;
    return tags.empty() ? base : base.empty() ? tags : base + " (" + tags + ")";
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
    const GoConfig &config = r.runs.empty() ? r.configs.back() : r.configs[r.runs.front().config];
    auto first = [&](std::initializer_list<const char *> keys) {
        for (const char *key : keys)
            if (auto it = config.find(key); it != config.end() && !it->second.empty())
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

// Whether a benchmark ran with several GOMAXPROCS (-cpu 1,2): then the
// "-N" suffix tells its runs apart and stays in every name; a file that
// only mixes names with and without it (a benchmark each) drops it.
bool ranWithSeveralProcs(const GoReader &r)
{
    std::map<std::tuple<std::string, std::size_t, std::string>, int> procsOf;
    for (const GoRun &run : r.runs) {
        const auto [it, added] = procsOf.emplace(std::make_tuple(run.pkg, run.config, run.name.base), run.name.procs);
        if (!added && it->second != run.name.procs)
            return true;
    }
    return false;
}

// "1, 8, 16"
std::string joinedProcs(const std::set<int> &procs)
{
    std::string out;
    for (const int p : procs)
        out += (out.empty() ? "" : ", ") + std::to_string(p);
    return out;
}

// Case label: the base name, with Go's "-N" suffix only when a benchmark ran with several GOMAXPROCS.
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

std::string GoBenchImporter::whyNot(const ImportInput &in) const
{
    if (in.json)
        return {};
    bool configuration = false;
    for (const TextLine &line : LoadText::lines(in.text)) {
        const std::vector<std::string> f = fieldsOf(line.text);
        if (!f.empty() && isBenchmarkName(f[0]) && line.text[0] == 'B' && f.size() > 1 && f[1] != "---") {
            std::string shown = line.text.substr(0, 60);
            return line.place() + ": \"" + shown + (line.text.size() > 60 ? "..." : "")
                + "\" is not a result line (a name, an iteration count, then value and unit pairs)";
        }
        for (const char *key : {"goos:", "goarch:", "pkg:"})
            configuration |= line.text.rfind(key, 0) == 0;
    }
    return configuration ? "go test output without a benchmark result line (no -bench, or no benchmark matched it)"
                         : std::string();
}

Capture GoBenchImporter::import(const ImportInput &in) const
{
    GoReader r;
    LoadText::eachLine(in.text, [&](const TextLine &line) { r.read(line); });
    CaptureBuilder b(in, "go test", "benchmark-harness");
    b.provenance().conditions.mode = "microbenchmark";
    const std::vector<std::string> varying = varyingKeys(r);
    toProvenance(b, r, varying);
    toRevision(b, r);

    std::set<int> procs;
    for (const GoRun &run : r.runs)
        procs.insert(run.name.procs);
    const bool several = ranWithSeveralProcs(r);
    if (procs.size() == 1)
        b.provenance().conditions.extra["gomaxprocs"] = std::to_string(*procs.begin());
    else if (!several)
        b.caveat("the benchmarks ran with different GOMAXPROCS (" + joinedProcs(procs)
                 + "), each benchmark with one: the \"-N\" suffix is left out of every name");
    auto idsOf = [&](const std::string &pkg, std::size_t config, const GoName &n) {
        const std::string label = caseLabel(n, several);
        return std::make_pair(b.participant(participantLabel(r, pkg, config, varying)),
                              b.caseId(label, label.substr(0, label.find('/'))));
    };
    for (const GoRun &run : r.runs) {
        const auto [part, cs] = idsOf(run.pkg, run.config, run.name);
        Repetition &rep = b.addRepetition(part, cs);
        for (const auto &[value, unit] : run.values) {
            const auto [id, factor] = metricOf(b, unit);
            b.set(rep, id, value * factor);
        }
    }
    // ns/op when the file has it (a file of sizes or build times may not), else its first unit.
    if (b.capture().metrics.empty())
        metricOf(b, "ns/op");
    b.setPrimary(b.capture().metric("time_per_op") ? "time_per_op" : b.capture().metrics.front().id);
    std::map<std::pair<std::string, std::string>, std::pair<std::uint64_t, std::string>> failed;
    for (const GoFailure &f : r.failures()) {
        GoName n = f.name;
        if (!n.procsPrinted && procs.size() == 1)
            n.procs = *procs.begin(); // Go names the first run's failure without the suffix
        auto &[count, message] = failed[idsOf(f.pkg, f.config, n)];
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
    b.fillMissing("not a benchmark of this package or configuration", ResultStatus::Unsupported);
    Capture c = b.finish();
    for (Metric &m : c.metrics)
        m.scopeDeclared = true;
    return c;
}

} // namespace bs
