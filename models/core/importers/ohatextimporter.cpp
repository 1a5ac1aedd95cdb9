#include "ohatextimporter.h"

#include "capturebuilder.h"
#include "inputfailure.h"
#include "loadtext.h"
#include "oharun.h"
#include "textreport.h"

#include <cmath>
#include <set>

namespace bs {

namespace {

const std::size_t kOhaDetectPrefix = 64 * 1024;

// A time as oha prints it: "<n> <unit>", its unit "secs" (before oha 1.9),
// or the time scale it chose or was given: "sec", "ms", "us", "ns", "min",
// "hr", "10 sec", "10 min". "NaN" (no request finished) is no figure.
std::optional<double> ohaTime(const std::string &text, const TextLine &line, double *rounding = nullptr)
{
    const std::vector<std::string> w = LoadText::words(text);
    if (w.size() == 1 && w[0] == "NaN")
        return std::nullopt;
    static const std::pair<const char *, double> kUnits[] = {
        {"secs", 1}, {"sec", 1}, {"ms", 1e-3}, {"us", 1e-6}, {"ns", 1e-9}, {"min", 60},
        {"hr", 3600}, {"10 sec", 10}, {"10 min", 600}};
    std::string unit;
    for (std::size_t i = 1; i < w.size(); ++i)
        unit += (i > 1 ? " " : "") + w[i];
    for (const auto &[name, scale] : kUnits)
        if (w.size() >= 2 && unit == name) {
            const auto point = w[0].find('.');
            if (rounding)
                *rounding = 0.5 * std::pow(10.0, point == std::string::npos ? 0 : -int(w[0].size() - point - 1)) * scale;
            return LoadText::number(w[0], line) * scale;
        }
    throw InputFailure{line.place(), "expected a time (\"<n> secs\", \"<n> ms\" …), found \"" + text + "\""};
}

// A size as oha prints it ("38.28 MiB", "2 B", older "14"; 1024-based), or
// nothing for "NaN".
std::optional<double> ohaSize(const std::string &text, const TextLine &line)
{
    const std::vector<std::string> w = LoadText::words(text);
    if (w.size() == 1 && w[0] == "NaN")
        return std::nullopt;
    static const std::pair<const char *, double> kUnits[] = {
        {"B", 1}, {"KiB", 1024.0}, {"MiB", 1024.0 * 1024}, {"GiB", 1024.0 * 1024 * 1024},
        {"TiB", 1024.0 * 1024 * 1024 * 1024}};
    if (w.size() == 1)
        return LoadText::number(w[0], line);
    for (const auto &[name, scale] : kUnits)
        if (w.size() == 2 && w[1] == name)
            return LoadText::number(w[0], line) * scale;
    throw InputFailure{line.place(), "expected a size (\"<n> B\", \"<n> KiB\", \"<n> MiB\" …), found \"" + text + "\""};
}

enum class Part { Before, Summary, Histogram, Distribution, Details, Statuses, Errors };

class OhaTextReader {
public:
    OhaTextReader(CaptureBuilder &b, Repetition &rep) : m_b(b), m_rep(rep), m_report("oha")
    {
        m_report.expect("the Summary's \"Requests/sec:\" line");
    }

    void read(const TextLine &line)
    {
        const std::string t = LoadText::trimmed(line.text);
        if (t.empty())
            return;
        if (heading(t, line))
            return;
        switch (m_part) {
        case Part::Before:
            return m_report.unread(line);
        case Part::Summary:
            return summary(t, line);
        case Part::Histogram:
            return histogramRow(t, line);
        case Part::Distribution:
            return distributionRow(t, line);
        case Part::Details:
            return detailsRow(t, line);
        case Part::Statuses:
        case Part::Errors:
            return countRow(t, line);
        }
    }

    void finish(const TextLine &last)
    {
        if (!m_seen.count("Requests/sec"))
            m_report.endsBeforeFigures(last);
        if (m_part != Part::Statuses && m_part != Part::Errors)
            m_report.expect("the \"Status code distribution:\" section");
        else if (m_part == Part::Statuses && m_statusRows == 0)
            m_report.expect("the status code rows");
        else
            checkRows(last);
        m_report.addCaveats(m_b, last);
    }

    OhaFigures &figures() { return m_f; }

private:
    // Requests/sec is every finished request (responses and errors) over the
    // run's Total: rows that do not add up to it (to the two figures'
    // rounding) are missing, as in a file cut among them.
    void checkRows(const TextLine &last)
    {
        double rows = 0;
        for (const auto &[status, n] : m_f.statuses)
            rows += double(n);
        for (const auto &[error, n] : m_f.errors)
            rows += double(n);
        const double expected = m_f.rps * m_f.total;
        if (std::abs(rows - expected) > 0.5 + m_f.rps * m_totalRounding + m_f.total * 5e-5)
            m_b.caveat("the status code and error rows add up to " + std::to_string(std::uint64_t(rows))
                       + " requests where Requests/sec × Total gives " + std::to_string(std::llround(expected))
                       + ": rows are missing (the file ends at " + last.place() + "; cut short?)");
    }

    bool heading(const std::string &t, const TextLine &line)
    {
        static const std::set<std::string> kKnown = {"Summary:", "Response time histogram:",
                                                     "Response time distribution:", "Latency distribution:",
                                                     "Details (average, fastest, slowest):",
                                                     "Status code distribution:", "Error distribution:"};
        const bool breakdownHeading = t.rfind("Response time ", 0) == 0
            && (t.find(" (2xx only):") != std::string::npos || t.find(" (4xx + 5xx only):") != std::string::npos);
        if (!kKnown.count(t) && !breakdownHeading)
            return false;
        if (t == "Summary:" && m_part != Part::Before)
            throw InputFailure{line.place(), "a second oha summary in one file"};
        if (t != "Summary:" && m_part == Part::Before)
            return false; // a heading before the summary is not oha's
        m_prefix = t.find("(2xx") != std::string::npos ? "success_latency"
            : t.find("(4xx") != std::string::npos     ? "failure_latency"
                                                      : "latency";
        m_part = t == "Summary:"                         ? Part::Summary
            : t == "Status code distribution:"           ? Part::Statuses
            : t == "Error distribution:"                 ? Part::Errors
            : t.rfind("Details", 0) == 0                 ? Part::Details
            : t.find("histogram") != std::string::npos   ? Part::Histogram
                                                         : Part::Distribution;
        if (m_part == Part::Statuses)
            m_report.expect("the status code rows");
        return true;
    }

    void summary(const std::string &t, const TextLine &line)
    {
        const auto colon = t.find(':');
        if (colon == std::string::npos)
            return m_report.unread(line);
        const std::string key = t.substr(0, colon), value = LoadText::trimmed(t.substr(colon + 1));
        static const std::set<std::string> kKeys = {"Success rate", "Total", "Slowest", "Fastest", "Average",
                                                    "Requests/sec", "Total data", "Size/request", "Size/sec"};
        if (!kKeys.count(key))
            return m_report.unread(line);
        if (!m_seen.insert(key).second)
            throw InputFailure{line.place(), "\"" + key + ":\" a second time in the summary"};
        if (key == "Success rate")
            return successRate(value, line);
        if (key == "Requests/sec") {
            m_f.rps = LoadText::number(value, line);
            return m_report.expect("the \"Status code distribution:\" section");
        }
        if (key == "Total")
            m_f.total = ohaTime(value, line, &m_totalRounding).value_or(0);
        else if (key == "Slowest")
            m_f.slowest = ohaTime(value, line);
        else if (key == "Fastest")
            m_f.fastest = ohaTime(value, line);
        else if (key == "Average")
            m_f.average = ohaTime(value, line);
        else if (key == "Total data")
            m_f.totalData = ohaSize(value, line);
        else if (key == "Size/sec")
            m_f.sizePerSec = ohaSize(value, line);
        else
            ohaSize(value, line); // Size/request: checked, not read (total data ÷ responses)
    }

    // "100.00%" (oha 0.6 and later), "1.0000" before; "NaN" when nothing finished.
    void successRate(const std::string &value, const TextLine &line)
    {
        if (value == "NaN%" || value == "NaN") {
            m_f.noneSucceeded = true;
            return;
        }
        const bool percent = !value.empty() && value.back() == '%';
        const double v = LoadText::number(percent ? value.substr(0, value.size() - 1) : value, line);
        const double ratio = percent ? v / 100 : v;
        if (ratio < 0 || ratio > 1)
            throw InputFailure{line.place(), "a success rate outside 0 … 100 %"};
        m_f.successRate = ratio;
    }

    // "0.002 [19800] |■■■…" or "1.238 ms [1] |": the coarse histogram, checked and not read (as from JSON).
    void histogramRow(const std::string &t, const TextLine &line)
    {
        const auto open = t.find(" ["), close = t.find("]", open == std::string::npos ? 0 : open);
        if (open == std::string::npos || close == std::string::npos || t.find('|', close) == std::string::npos)
            throw InputFailure{line.place(), "expected a histogram row (\"<time> [<count>] |■■…\")"};
        ohaTime(LoadText::words(t.substr(0, open)).size() == 1 ? t.substr(0, open) + " sec" : t.substr(0, open), line);
        LoadText::count(t.substr(open + 2, close - open - 2), line);
    }

    // "99.90% in 0.0071 secs" (older: "99% in 0.0071 secs")
    void distributionRow(const std::string &t, const TextLine &line)
    {
        const auto m = LoadText::match(t, "{}% in {...}");
        if (!m)
            throw InputFailure{line.place(), "expected a percentile row (\"<n>% in <time>\")"};
        const double p = LoadText::number((*m)[0], line);
        if (p < 0 || p > 100)
            throw InputFailure{line.place(), "a percentile outside 0 … 100"};
        if (const auto s = ohaTime((*m)[1], line))
            OhaRun::percentile(m_b, m_rep, m_prefix, m_prefix == "success_latency" ? "latency (2xx)"
                                                                                   : "latency (4xx/5xx)",
                               p, (*m)[0], *s);
    }

    // "DNS+dialup:\t0.0086 secs, 0.0039 secs, 0.0097 secs": checked, not read (as from JSON).
    void detailsRow(const std::string &t, const TextLine &line)
    {
        const auto colon = t.find(':');
        const std::vector<std::string> times = LoadText::fields(colon == std::string::npos ? "" : t.substr(colon + 1), ',');
        if (colon == std::string::npos || times.size() != 3)
            throw InputFailure{line.place(), "expected \"<phase>: <average>, <fastest>, <slowest>\""};
        for (const std::string &time : times)
            ohaTime(LoadText::trimmed(time), line);
    }

    // "[200] 20000 responses" and "[100] aborted due to deadline"
    void countRow(const std::string &t, const TextLine &line)
    {
        const auto close = t.find("] ");
        if (t.empty() || t[0] != '[' || close == std::string::npos)
            throw InputFailure{line.place(), m_part == Part::Statuses ? "expected \"[<status>] <n> responses\""
                                                                       : "expected \"[<count>] <error>\""};
        const std::string inside = t.substr(1, close - 1), rest = LoadText::trimmed(t.substr(close + 2));
        if (m_part == Part::Errors) {
            m_f.errors[rest] += LoadText::count(inside, line);
            return;
        }
        const auto n = LoadText::match(rest, "{} responses");
        if (!n || LoadText::count(inside, line) > 999 || inside.size() != 3)
            throw InputFailure{line.place(), "expected \"[<status>] <n> responses\""};
        m_f.statuses[inside] += LoadText::count((*n)[0], line);
        ++m_statusRows;
        m_report.expect({});
    }

    CaptureBuilder &m_b;
    Repetition &m_rep;
    TextReport m_report;
    OhaFigures m_f;
    Part m_part = Part::Before;
    std::string m_prefix = "latency";
    std::set<std::string> m_seen;
    int m_statusRows = 0;
    double m_totalRounding = 0;
};

} // namespace

bool OhaTextImporter::isOhaSummary(const std::string &text)
{
    bool summary = false, found = false;
    LoadText::eachLine(text.substr(0, kOhaDetectPrefix), [&](const TextLine &line) {
        const std::string t = LoadText::trimmed(line.text);
        if (t.empty())
            return true;
        found = summary && t.rfind("Success rate:", 0) == 0;
        summary = t == "Summary:";
        return !found;
    });
    return found;
}

bool OhaTextImporter::detect(const ImportInput &in) const { return !in.json && isOhaSummary(in.text); }

Capture OhaTextImporter::import(const ImportInput &in) const
{
    CaptureBuilder b(in, "oha", "load-generator");
    b.caveat("oha's console text does not record its version, URL or command line, and rounds every figure "
             "(times to 4 decimals, the success rate to 2, sizes to 2 in KiB/MiB): its JSON has them in full");
    Repetition &rep = OhaRun::begin(b);
    OhaTextReader reader(b, rep);
    LoadText::readAll(reader, in.text);
    b.caveat("the response time histogram (11 coarse buckets), the Details' DNS times and Size/request are "
             "not imported, as from oha's JSON");
    OhaRun::finish(b, rep, reader.figures());
    return b.finish();
}

} // namespace bs
