#include "criterionconsoleimporter.h"

#include "capturebuilder.h"
#include "inputfailure.h"
#include "loadtext.h"
#include "textreport.h"

namespace bs {

namespace {

const std::size_t kCriterionDetectPrefix = 256 * 1024;

bool startsWith(const std::string &t, const char *prefix) { return t.rfind(prefix, 0) == 0; }

// criterion's time units (format::time: ps, ns, µs or us, ms, s) → seconds.
double criterionSeconds(const std::string &value, const std::string &unit, const TextLine &line)
{
    const double v = LoadText::number(value, line);
    if (unit == "ps")
        return v * 1e-12;
    if (unit == "ns")
        return v * 1e-9;
    if (unit == "µs" || unit == "us")
        return v * 1e-6;
    if (unit == "ms")
        return v * 1e-3;
    if (unit == "s")
        return v;
    throw InputFailure{line.place(), "expected a time unit (ps, ns, µs, ms, s), found \"" + unit + "\""};
}

// Throughput units (format::throughput): bytes 1024-based, decimal bytes, elements.
struct Rate {
    double value;
    bool bytes;
};
Rate criterionRate(const std::string &value, const std::string &unit, const TextLine &line)
{
    const double v = LoadText::number(value, line);
    const std::pair<const char *, double> bytes[] = {{"B/s", 1}, {"KiB/s", 1024.0}, {"MiB/s", 1024.0 * 1024},
                                                     {"GiB/s", 1024.0 * 1024 * 1024}, {"KB/s", 1e3}, {"MB/s", 1e6},
                                                     {"GB/s", 1e9}};
    for (const auto &[name, scale] : bytes)
        if (unit == name)
            return {v * scale, true};
    const std::pair<const char *, double> elements[] = {{"elem/s", 1}, {"Kelem/s", 1e3}, {"Melem/s", 1e6}, {"Gelem/s", 1e9}};
    for (const auto &[name, scale] : elements)
        if (unit == name)
            return {v * scale, false};
    throw InputFailure{line.place(), "expected a throughput unit (B/s, KiB/s, MiB/s, GiB/s, elem/s …), found \"" + unit + "\""};
}

// Lines criterion prints that carry nothing read (progress, the change
// against the saved baseline, outliers, --verbose intervals, warnings).
bool notRead(const std::string &trimmed)
{
    for (const char *p : {"Benchmarking ", "change:", "Performance has ", "No change in performance",
                          "Change within noise", "Gnuplot not found", "WARNING:", "Warning:", "Running ",
                          "Compiling ", "Finished "})
        if (startsWith(trimmed, p))
            return true;
    for (const char *pattern : {"Found {} outliers among {} measurements ({}%)", "slope [{} {} {} {}] R^2 [{} {}]",
                                "mean [{} {} {} {}] std. dev. [{} {} {} {}]",
                                "median [{} {} {} {}] med. abs. dev. [{} {} {} {}]"})
        if (LoadText::match(trimmed, pattern))
            return true;
    // "  4 (4.00%) high mild": an outlier count
    return LoadText::match(trimmed, "{} ({}%) {} {}").has_value()
        && (trimmed.find(" mild") != std::string::npos || trimmed.find(" severe") != std::string::npos);
}

// With a throughput, criterion prints the change against its baseline as a
// block: "change:" alone, then the change of the time and of the throughput
// in percent ("time:   [+0.47% +0.81% +1.19%] (p = 0.00 < 0.05)",
// "thrpt:  [−1.17% −0.80% −0.47%]"), which are not a benchmark's figures.
bool isChangeOfBlock(const std::string &trimmed)
{
    const auto m = LoadText::match(trimmed, "{}: [{} {} {}]{...}");
    if (!m || ((*m)[0] != "time" && (*m)[0] != "thrpt"))
        return false;
    for (int i = 1; i <= 3; ++i)
        if ((*m)[i].empty() || (*m)[i].back() != '%')
            return false;
    return true;
}

// criterion's progress lines ("Benchmarking <id>: Warming up for 3.0000 s",
// "…: Analyzing") overwrite each other in a terminal; a log that kept them
// without their carriage returns has the benchmark's id glued to the last
// one's cut text: "Benchmarking a/b: Warmin…Benchmarking a/b: Analyza/b".
// That id, else nothing.
std::optional<std::string> idAfterProgress(const std::string &text)
{
    const auto at = text.rfind("Benchmarking ");
    if (text.rfind("Benchmarking ", 0) != 0 || at == std::string::npos)
        return std::nullopt;
    for (auto colon = text.find(": ", at); colon != std::string::npos; colon = text.find(": ", colon + 1)) {
        const std::string id = text.substr(at + 13, colon - at - 13);
        if (!id.empty() && text.size() > colon + 2 + id.size()
            && text.compare(text.size() - id.size(), id.size(), id) == 0)
            return id;
    }
    return std::nullopt;
}

class CriterionConsoleReader {
public:
    explicit CriterionConsoleReader(CaptureBuilder &b) : m_b(b), m_report("criterion.rs")
    {
        m_report.expect("a benchmark's \"time:   [<low> <estimate> <high>]\" line");
    }

    void read(const TextLine &raw)
    {
        // A terminal shows what follows a line's last carriage return.
        const TextLine line{raw.text.substr(raw.text.rfind('\r') + 1), raw.number};
        const std::string t = LoadText::trimmed(line.text);
        if (t.empty())
            return;
        if (t == "change:") {
            m_changeBlock = 2;
            return;
        }
        if (m_changeBlock > 0 && isChangeOfBlock(t)) {
            --m_changeBlock;
            return;
        }
        m_changeBlock = 0;
        const auto time = line.text.find("time:");
        if (time != std::string::npos && (time == 0 || line.text[time - 1] == ' '))
            return timeLine(line, time);
        if (const auto id = idAfterProgress(t)) {
            // The id of the next time line, glued after progress lines.
            if (m_pending)
                m_report.unread(*m_pending);
            m_pending = TextLine{*id, line.number};
            return;
        }
        if (startsWith(t, "thrpt:"))
            return throughput(line);
        if (notRead(t))
            return;
        if (line.text[0] != ' ') {
            // A name too long for its column: its time follows on the next line.
            if (m_pending)
                m_report.unread(*m_pending);
            m_pending = line;
            return;
        }
        m_report.unread(line);
    }

    void finish(const TextLine &last)
    {
        if (m_pending)
            m_report.unread(*m_pending);
        if (m_cases.empty())
            m_report.endsBeforeFigures(last);
        m_b.caveat("criterion prints no summary after its benchmarks, so a file cut short after a whole benchmark "
                   "cannot be told (this one ends at " + last.place() + ")");
        m_report.addCaveats(m_b, last);
    }

private:
    // "name   time:   [10.008 ns 10.013 ns 10.020 ns]", or the time alone under a long name.
    void timeLine(const TextLine &line, std::size_t at)
    {
        std::string name = LoadText::trimmed(line.text.substr(0, at));
        if (const auto id = idAfterProgress(name))
            name = *id;
        if (name.empty() && m_pending)
            name = LoadText::trimmed(m_pending->text);
        else if (m_pending)
            m_report.unread(*m_pending);
        m_pending.reset();
        const auto m = LoadText::match(line.text.substr(at), "time: [{} {} {} {} {} {}]");
        if (name.empty() || !m)
            throw InputFailure{line.place(), "expected \"<name> time: [<low> <unit> <estimate> <unit> <high> <unit>]\""};
        const double low = criterionSeconds((*m)[0], (*m)[1], line);
        const double estimate = criterionSeconds((*m)[2], (*m)[3], line);
        const double high = criterionSeconds((*m)[4], (*m)[5], line);
        if (!(low <= estimate && estimate <= high))
            throw InputFailure{line.place(), "the estimate is outside its confidence interval"};
        for (const std::string &seen : m_cases)
            if (seen == name)
                throw InputFailure{line.place(), "the benchmark \"" + name + "\" a second time"};
        m_cases.push_back(name);
        m_case = m_b.caseId(name, name.substr(0, name.find('/')));
        m_b.setOnce(part(), m_case, "estimate_typical", estimate);
        m_b.setOnce(part(), m_case, "estimate_typical.ci_lower", low);
        m_b.setOnce(part(), m_case, "estimate_typical.ci_upper", high);
        m_report.expect({});
    }

    // "thrpt:  [391.34 MiB/s 395.17 MiB/s 398.51 MiB/s]" under a time line.
    void throughput(const TextLine &line)
    {
        const auto m = LoadText::match(line.text, " thrpt: [{} {} {} {} {} {}]");
        if (!m || m_case.empty())
            throw InputFailure{line.place(), "expected \"thrpt: [<low> <unit> <estimate> <unit> <high> <unit>]\" "
                                             "under a benchmark's time"};
        const Rate low = criterionRate((*m)[0], (*m)[1], line);
        const Rate estimate = criterionRate((*m)[2], (*m)[3], line);
        const Rate high = criterionRate((*m)[4], (*m)[5], line);
        const std::string id = estimate.bytes ? "bytes_per_s" : "elements_per_s";
        if (low.bytes != estimate.bytes || high.bytes != estimate.bytes)
            throw InputFailure{line.place(), "the throughput's bounds are in another unit than its estimate"};
        m_b.defineMetric(id, estimate.bytes ? "Throughput" : "Elements/s", estimate.bytes ? "B/s" : "ops/s",
                         Direction::HigherIsBetter, "criterion's throughput at its typical estimate");
        m_b.setOnce(part(), m_case, id, estimate.value);
        // The interval of a rate runs the other way: the lower time is the higher rate.
        for (const auto &[suffix, rate] : {std::pair<const char *, Rate>{".ci_lower", low}, {".ci_upper", high}}) {
            m_b.defineMetric(id + suffix, std::string("Throughput, CI bound ") + suffix, estimate.bytes ? "B/s" : "ops/s",
                             Direction::HigherIsBetter, "a bound of the confidence interval of criterion's throughput");
            m_b.setOnce(part(), m_case, id + suffix, rate.value);
        }
    }

    const std::string &part()
    {
        if (m_participant.empty())
            m_participant = m_b.participant("criterion");
        return m_participant;
    }

    CaptureBuilder &m_b;
    TextReport m_report;
    std::optional<TextLine> m_pending; // a line at column 0 that may name the next time line's benchmark
    int m_changeBlock = 0;             // lines of a "change:" block still to come
    std::vector<std::string> m_cases;
    std::string m_case;
    std::string m_participant;
};

} // namespace

bool CriterionConsoleImporter::detect(const ImportInput &in) const
{
    if (in.json)
        return false;
    bool found = false;
    LoadText::eachLine(in.text.substr(0, kCriterionDetectPrefix), [&](const TextLine &line) {
        const auto at = line.text.find("time:   [");
        found = at != std::string::npos && line.text.find(']', at) != std::string::npos;
        return !found;
    });
    return found;
}

Capture CriterionConsoleImporter::import(const ImportInput &in) const
{
    CaptureBuilder b(in, "criterion.rs", "benchmark-harness");
    b.provenance().conditions.mode = "microbenchmark";
    b.defineMetric("estimate_typical", "Time (typical estimate)", "s", Direction::LowerIsBetter,
                   "criterion's typical estimate of the time per iteration: the slope with linear sampling, else the "
                   "mean (its text does not say which)");
    b.defineMetric("estimate_typical.ci_lower", "Time, CI lower bound", "s", Direction::LowerIsBetter,
                   "the lower bound of the estimate's confidence interval (95 % unless configured)");
    b.defineMetric("estimate_typical.ci_upper", "Time, CI upper bound", "s", Direction::LowerIsBetter,
                   "the upper bound of the estimate's confidence interval (95 % unless configured)");
    b.setPrimary("estimate_typical");
    b.caveat("criterion's console text gives each benchmark's typical estimate (slope or mean) with its confidence "
             "interval, once (n = 1), rounded to 5 significant digits; its samples are in target/criterion/ (open "
             "that folder to read them)");
    b.caveat("criterion's change against its saved baseline, the outlier counts and the --verbose intervals (slope, "
             "mean, median, std. dev., med. abs. dev.) are not imported");
    CriterionConsoleReader reader(b);
    LoadText::readAll(reader, in.text);
    return b.finish();
}

} // namespace bs
