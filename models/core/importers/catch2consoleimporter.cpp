#include "catch2consoleimporter.h"

#include "capturebuilder.h"
#include "catch2figures.h"
#include "failureshare.h"
#include "inputfailure.h"
#include "loadtext.h"
#include "textline.h"
#include "textreport.h"

#include <cctype>

namespace bs {

namespace {

bool isRule(const std::string &t, char c)
{
    return t.size() >= 20 && t.find_first_not_of(c) == std::string::npos;
}

bool isBlank(const std::string &t) { return t.find_first_not_of(" \t") == std::string::npos; }

using LoadText::trimmed;

bool isTimeUnit(const std::string &w) { return w == "ns" || w == "us" || w == "ms" || w == "s" || w == "m"; }

// The text before its last `n` words, trimmed.
std::string beforeLastWords(const std::string &t, int n)
{
    std::size_t end = t.find_last_not_of(" \t") + 1; // 0 for a blank text
    for (int i = 0; i < n && end > 0; ++i) {
        const auto space = t.find_last_of(" \t", end - 1);
        end = space == std::string::npos ? 0 : t.find_last_not_of(" \t", space) + 1;
    }
    return trimmed(t.substr(0, end));
}

// "bench is a Catch v2.13.10 host application." → ("bench", "2.13.10").
std::optional<std::pair<std::string, std::string>> hostLine(const std::string &t)
{
    for (const char *marker : {" is a Catch v", " is a Catch2 v"}) {
        const auto at = t.find(marker);
        if (at == std::string::npos)
            continue;
        const auto m = LoadText::match(t.substr(at + std::string(marker).size()), "{} host application.{...}");
        if (m)
            return std::make_pair(t.substr(0, at), m->front());
    }
    return std::nullopt;
}

// "bench_textops.cpp:63: FAILED:" (a file and line at the start of the line).
bool isFailedLine(const std::string &t)
{
    const std::string r = trimmed(t);
    const std::string suffix = ": FAILED:";
    return !t.empty() && t[0] != ' ' && r.size() > suffix.size()
        && r.compare(r.size() - suffix.size(), suffix.size(), suffix) == 0;
}

// "test cases: 3 | 2 passed | 1 failed" or "All tests passed (…)": how many test cases failed.
std::optional<std::uint64_t> failedTestCases(const TextLine &line)
{
    if (line.text.rfind("All tests passed", 0) == 0)
        return 0;
    if (line.text.rfind("test cases:", 0) != 0)
        return std::nullopt;
    for (const std::string &part : LoadText::fields(line.text, '|'))
        if (const auto m = LoadText::match(part, " {} failed{...}"))
            return LoadText::count(m->front(), line);
    return 0;
}

// "228.104" "ns" → nanoseconds.
double nanoseconds(const std::string &value, const std::string &unit, const TextLine &line)
{
    const double v = LoadText::number(value, line);
    if (unit == "ns")
        return v;
    if (unit == "us")
        return v * 1e3;
    if (unit == "ms")
        return v * 1e6;
    if (unit == "s")
        return v * 1e9;
    if (unit == "m")
        return v * 60e9;
    throw InputFailure{line.place(), "expected a time unit (ns, us, ms, s, m), found \"" + unit + "\""};
}

// The console text, line by line: test case headers, benchmark tables and
// failed checks.
class Catch2ConsoleReader {
public:
    explicit Catch2ConsoleReader(CaptureBuilder &b) : m_b(b), m_report("Catch2")
    {
        m_report.expect("a benchmark's figures (a row under \"benchmark name\", its mean and std. dev.)");
    }

    void read(const TextLine &line)
    {
        const std::string &t = line.text;
        if (m_expect > 0)
            return estimates(line);
        if (const auto host = hostLine(t)) {
            m_participant = m_b.participant(host->first);
            m_b.tool().version = host->second;
        } else if (const auto failed = failedTestCases(line); failed && m_state == State::Outside) {
            summary(*failed, line);
        } else if (isRule(t, '=')) {
            finishTestCase();
            m_state = State::Outside;
        } else if (isRule(t, '-')) {
            rule();
        } else if (m_state == State::Header) {
            m_names.push_back(trimmed(t));
        } else if (t.rfind("benchmark name", 0) == 0) {
            m_state = State::TableHead;
            const auto samples = t.find("samples");
            m_nameWidth = samples == std::string::npos || samples < 2 ? 0 : samples - 2;
        } else if (m_state == State::TableHead) {
            if (!LoadText::match(t, " mean low mean high mean") && !LoadText::match(t, " std dev low std dev high std dev"))
                m_report.unread(line);
        } else if (isFailedLine(t)) {
            m_failure = "a check failed";
            m_failureLine = true;
            m_state = State::Outside;
        } else if (m_failureLine && !isBlank(t)) {
            m_failure = trimmed(t); // the failed check, e.g. "CHECK( x == 1 )"
            m_failureLine = false;
        } else if (m_state == State::Table) {
            tableLine(line);
        }
    }

    void finish(const TextLine &last)
    {
        if (m_expect > 0)
            throw InputFailure{last.place(), "benchmark \"" + m_bench.name + "\" ends before its mean and std. dev. lines"};
        finishTestCase();
        if (!m_any)
            m_report.endsBeforeFigures(last);
        m_report.addCaveats(m_b, last);
    }

private:
    enum class State { Outside, Header, TableHead, Table };

    void rule()
    {
        if (m_state == State::Header) {
            std::string group;
            for (const std::string &n : m_names)
                group += (group.empty() ? "" : " / ") + n;
            m_testCase = group;
            m_state = State::Outside;
        } else if (m_state == State::TableHead) {
            m_state = State::Table;
        } else {
            // The next test case's header: the previous one is complete.
            finishTestCase();
            m_names.clear();
            m_state = State::Header;
        }
    }

    // The test run's summary: the failed test cases it counts are the ones read.
    void summary(std::uint64_t failed, const TextLine &line)
    {
        m_report.expect({});
        if (failed != m_failedTestCases)
            m_b.caveat("Catch2's summary at " + line.place() + " counts " + std::to_string(failed)
                       + " failed test cases, " + std::to_string(m_failedTestCases)
                       + " were read: a failure line was not in the form Catch2 prints");
    }

    void tableLine(const TextLine &line)
    {
        const std::string &t = line.text;
        if (isBlank(t))
            return;
        const std::vector<std::string> w = LoadText::words(t);
        if (const auto m = LoadText::match(t, " Benchmark failed ({...}"); m && m->front().back() == ')') {
            const std::string cs = m_b.caseId(m_pendingName, m_testCase);
            const std::string why = m->front().substr(0, m->front().size() - 1);
            FailureShare::apply(m_b.result(participant(), cs), 1, 1, "runs", "failed (" + why + ")");
            m_pendingName.clear();
            benchmarkRead();
        } else if (w.size() >= 4 && isTimeUnit(w.back())) {
            // name, samples, iterations, estimated: the name is what precedes the last four words.
            m_bench = Catch2Figures{};
            m_bench.name = joinedName(m_pendingName, beforeLastWords(t, 4));
            m_bench.samples = double(LoadText::count(w[w.size() - 4], line));
            LoadText::count(w[w.size() - 3], line);
            nanoseconds(w[w.size() - 2], w.back(), line);
            m_pendingName.clear();
            m_expect = 2;
        } else if (t[0] != ' ') {
            m_pendingName = joinedName(m_pendingName, trimmed(t)); // a long name wraps
        } else {
            throw InputFailure{line.place(), "expected a benchmark row (name, samples, iterations, estimated)"};
        }
    }

    // A long name wrapped as Catch2's TextFlow wraps it: at a space (one
    // space put back), or inside a word that does not fit, where it fills
    // the column and adds "-" (taken out again).
    std::string joinedName(const std::string &before, const std::string &next)
    {
        const std::string last = m_lastPiece; // the line `before` ends with
        m_lastPiece = next;
        if (before.empty())
            return next;
        const bool hyphenated = m_nameWidth > 1 && last.size() == m_nameWidth && last.back() == '-'
            && std::isalnum(static_cast<unsigned char>(last[last.size() - 2]));
        return hyphenated ? before.substr(0, before.size() - 1) + next : before + " " + next;
    }

    // The mean line, then the std. dev. line: value, low and high bound.
    void estimates(const TextLine &line)
    {
        const std::vector<std::string> m = LoadText::words(line.text);
        if (m.size() != 6 || line.text.empty() || line.text[0] != ' ')
            throw InputFailure{line.place(), std::string("expected the ") + (m_expect == 2 ? "mean" : "std. dev.")
                                                 + " of \"" + m_bench.name + "\" with its low and high bounds"};
        Catch2Figures::Estimate &e = m_expect == 2 ? m_bench.mean : m_bench.stddev;
        e = Catch2Figures::Estimate::fromNanoseconds(nanoseconds(m[0], m[1], line), nanoseconds(m[2], m[3], line),
                                                     nanoseconds(m[4], m[5], line), line);
        if (--m_expect == 0) {
            m_cases.push_back(m_bench.store(m_b, participant(), m_testCase));
            benchmarkRead();
        }
    }

    void benchmarkRead()
    {
        m_any = true;
        m_report.expect("the test run's summary (\"test cases: …\" or \"All tests passed\")");
    }

    void finishTestCase()
    {
        if (!m_failure.empty())
            ++m_failedTestCases;
        if (!m_failure.empty())
            for (const std::string &cs : m_cases)
                FailureShare::apply(m_b.result(participant(), cs), 1, 1, "runs of test case \"" + m_testCase + "\"",
                                    "failed (" + m_failure + ")");
        m_cases.clear();
        m_failure.clear();
        m_failureLine = false;
    }

    const std::string &participant()
    {
        if (m_participant.empty())
            m_participant = m_b.participant("Catch2");
        return m_participant;
    }

    CaptureBuilder &m_b;
    TextReport m_report;
    bool m_any = false; // a benchmark read
    std::uint64_t m_failedTestCases = 0;
    State m_state = State::Outside;
    std::vector<std::string> m_names; // the header's test case and sections
    std::string m_testCase;
    std::string m_participant;
    std::string m_pendingName;
    std::string m_lastPiece; // the name's last line read
    std::size_t m_nameWidth = 0; // the name column's width, less Catch2's margin of 2
    std::string m_failure;
    bool m_failureLine = false; // the line after "FAILED:" names the check
    std::vector<std::string> m_cases;
    Catch2Figures m_bench;
    int m_expect = 0; // estimate lines still to come for m_bench
};

} // namespace

bool Catch2ConsoleImporter::detect(const ImportInput &in) const
{
    // The table's head starts a line, or the file (a table pasted alone, as in Catch2's docs/benchmarks.md).
    return !in.json && (in.text.rfind("benchmark name ", 0) == 0 || in.text.find("\nbenchmark name ") != std::string::npos)
        && in.text.find("high std dev") != std::string::npos;
}

Capture Catch2ConsoleImporter::import(const ImportInput &in) const
{
    CaptureBuilder b(in, "Catch2", "benchmark-harness");
    Catch2Figures::define(b);
    Catch2ConsoleReader reader(b);
    const std::vector<TextLine> lines = LoadText::lines(in.text);
    for (const TextLine &line : lines)
        reader.read(line);
    reader.finish(lines.empty() ? TextLine{} : lines.back());
    return b.finish();
}

} // namespace bs
