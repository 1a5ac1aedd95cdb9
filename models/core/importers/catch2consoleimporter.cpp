#include "catch2consoleimporter.h"

#include "capturebuilder.h"
#include "catch2figures.h"
#include "failureshare.h"
#include "inputfailure.h"
#include "loadtext.h"
#include "textline.h"

#include <regex>

namespace bs {

namespace {

bool isRule(const std::string &t, char c)
{
    return t.size() >= 20 && t.find_first_not_of(c) == std::string::npos;
}

bool isBlank(const std::string &t) { return t.find_first_not_of(" \t") == std::string::npos; }

std::string trimmed(const std::string &t)
{
    const auto first = t.find_first_not_of(" \t");
    return first == std::string::npos ? std::string() : t.substr(first, t.find_last_not_of(" \t") - first + 1);
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
class ConsoleReader {
public:
    explicit ConsoleReader(CaptureBuilder &b) : m_b(b) { }

    void read(const TextLine &line)
    {
        static const std::regex host(R"(^(.*) is a Catch2? v(\S+) host application\.)");
        static const std::regex failed(R"(^\S.*:\d+: FAILED:\s*$)");
        const std::string &t = line.text;
        std::smatch m;
        if (m_expect > 0)
            return estimates(line);
        if (std::regex_search(t, m, host)) {
            m_participant = m_b.participant(m[1]);
            m_b.tool().version = m[2];
        } else if (isRule(t, '=')) {
            finishTestCase();
            m_state = State::Outside;
        } else if (isRule(t, '-')) {
            rule();
        } else if (m_state == State::Header) {
            m_names.push_back(trimmed(t));
        } else if (t.rfind("benchmark name", 0) == 0) {
            m_state = State::TableHead;
        } else if (std::regex_search(t, failed)) {
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

    void tableLine(const TextLine &line)
    {
        static const std::regex row(R"(^(.*?)\s+(\d+)\s+(\d+)\s+(\S+) (ns|us|ms|s|m)\s*$)");
        static const std::regex benchFailed(R"(^\s*Benchmark failed \((.*)\)\s*$)");
        const std::string &t = line.text;
        std::smatch m;
        if (isBlank(t))
            return;
        if (std::regex_match(t, m, benchFailed)) {
            const std::string cs = m_b.caseId(m_pendingName, m_testCase);
            FailureShare::apply(m_b.result(participant(), cs), 1, 1, "runs", "failed (" + m[1].str() + ")");
            m_pendingName.clear();
        } else if (std::regex_match(t, m, row)) {
            m_bench = Catch2Figures{};
            m_bench.name = trimmed(m_pendingName + " " + m[1].str());
            m_bench.samples = LoadText::number(m[2], line);
            m_pendingName.clear();
            m_expect = 2;
        } else if (t[0] != ' ') {
            m_pendingName += (m_pendingName.empty() ? "" : " ") + trimmed(t); // a long name wraps
        } else {
            throw InputFailure{line.place(), "expected a benchmark row (name, samples, iterations, estimated)"};
        }
    }

    // The mean line, then the std. dev. line: value, low and high bound.
    void estimates(const TextLine &line)
    {
        static const std::regex three(R"(^\s+(\S+) (\S+)\s+(\S+) (\S+)\s+(\S+) (\S+)\s*$)");
        std::smatch m;
        if (!std::regex_match(line.text, m, three))
            throw InputFailure{line.place(), std::string("expected the ") + (m_expect == 2 ? "mean" : "std. dev.")
                                                 + " of \"" + m_bench.name + "\" with its low and high bounds"};
        Catch2Figures::Estimate &e = m_expect == 2 ? m_bench.mean : m_bench.stddev;
        e = Catch2Figures::Estimate::fromNanoseconds(nanoseconds(m[1], m[2], line), nanoseconds(m[3], m[4], line),
                                                     nanoseconds(m[5], m[6], line), line);
        if (--m_expect == 0)
            m_cases.push_back(m_bench.store(m_b, participant(), m_testCase));
    }

    void finishTestCase()
    {
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
    State m_state = State::Outside;
    std::vector<std::string> m_names; // the header's test case and sections
    std::string m_testCase;
    std::string m_participant;
    std::string m_pendingName;
    std::string m_failure;
    bool m_failureLine = false; // the line after "FAILED:" names the check
    std::vector<std::string> m_cases;
    Catch2Figures m_bench;
    int m_expect = 0; // estimate lines still to come for m_bench
};

} // namespace

bool Catch2ConsoleImporter::detect(const ImportInput &in) const
{
    return !in.json && in.text.find("\nbenchmark name ") != std::string::npos
        && in.text.find("high std dev") != std::string::npos;
}

Capture Catch2ConsoleImporter::import(const ImportInput &in) const
{
    CaptureBuilder b(in, "Catch2", "benchmark-harness");
    Catch2Figures::define(b);
    ConsoleReader reader(b);
    const std::vector<TextLine> lines = LoadText::lines(in.text);
    for (const TextLine &line : lines)
        reader.read(line);
    reader.finish(lines.empty() ? TextLine{} : lines.back());
    return b.finish();
}

} // namespace bs
