#include "dartbenchmarkimporter.h"

#include "capturebuilder.h"
#include "inputfailure.h"
#include "loadtext.h"
#include "textreport.h"

#include <map>

namespace bs {

namespace {

const std::size_t kDartDetectPrefix = 256 * 1024;

// One report line: "<name>(<metric>): <value>[ <unit>]".
struct DartLine {
    std::string name;
    std::string metric; // RunTime, RunTimeRaw, CpuCycles, MajorPageFaults, Count
    double value = 0;   // seconds for the run times
};

bool isTimeMetric(const std::string &metric) { return metric == "RunTime" || metric == "RunTimeRaw"; }
bool isKnownMetric(const std::string &metric)
{
    return isTimeMetric(metric) || metric == "CpuCycles" || metric == "MajorPageFaults" || metric == "Count";
}

// The name and metric of a line of the report's shape, or nothing: the last
// "(<Metric>): " of the line, its metric one of the harness's.
std::optional<DartLine> lineShape(const std::string &t)
{
    const auto close = t.rfind("): ");
    const auto open = close == std::string::npos ? std::string::npos : t.rfind('(', close);
    if (open == std::string::npos || open == 0)
        return std::nullopt;
    DartLine l;
    l.metric = t.substr(open + 1, close - open - 1);
    l.name = LoadText::trimmed(t.substr(0, open));
    if (!isKnownMetric(l.metric) || l.name.empty())
        return std::nullopt;
    return l;
}

// The line's figure: a run time with its unit ("4996000.0 us.", golem's
// "12 ms"), any other metric a plain number. InputFailure when the figure
// is not in that form.
std::optional<DartLine> reportLine(const TextLine &line)
{
    auto l = lineShape(line.text);
    if (!l)
        return std::nullopt;
    const std::string figure = LoadText::trimmed(line.text.substr(line.text.rfind("): ") + 3));
    const std::vector<std::string> w = LoadText::words(figure);
    if (!isTimeMetric(l->metric)) {
        if (w.size() != 1)
            throw InputFailure{line.place(), "expected \"" + l->name + "(" + l->metric + "): <number>\""};
        l->value = LoadText::number(w[0], line);
        return l;
    }
    static const std::map<std::string, double> kUnits = {{"us.", 1e-6}, {"us", 1e-6}, {"ns.", 1e-9}, {"ns", 1e-9},
                                                         {"ms.", 1e-3}, {"ms", 1e-3}};
    const auto unit = w.size() == 2 ? kUnits.find(w[1]) : kUnits.end();
    if (unit == kUnits.end())
        throw InputFailure{line.place(), "expected \"" + l->name + "(" + l->metric + "): <number> us.\""};
    l->value = LoadText::number(w[0], line) * unit->second;
    if (l->value < 0)
        throw InputFailure{line.place(), "a negative run time"};
    return l;
}

class DartReader {
public:
    explicit DartReader(CaptureBuilder &b) : m_b(b), m_report("benchmark_harness")
    {
        m_report.expect("a benchmark's line (\"<name>(RunTime): <n> us.\")");
    }

    void read(const TextLine &line)
    {
        if (LoadText::trimmed(line.text).empty())
            return;
        const auto l = reportLine(line);
        if (!l)
            return m_report.unread(line);
        m_lines.push_back(*l);
        if (isTimeMetric(l->metric))
            m_report.expect({});
    }

    void finish(const TextLine &last)
    {
        if (!m_report.expected().empty())
            m_report.endsBeforeFigures(last);
        const std::string part = m_b.participant("Dart");
        std::map<std::string, int> printed;
        for (const DartLine &l : m_lines) {
            const std::string suffix = ".totalIterations";
            const bool total = l.metric == "Count" && l.name.size() > suffix.size()
                && l.name.compare(l.name.size() - suffix.size(), suffix.size(), suffix) == 0;
            const std::string name = total ? l.name.substr(0, l.name.size() - suffix.size()) : l.name;
            const std::string cs = m_b.caseId(name);
            if (isTimeMetric(l.metric)) {
                ++printed[name];
                m_b.set(m_b.addRepetition(part, cs), "time", l.value);
            } else {
                m_b.setOnce(part, cs, metricId(l.metric), l.value);
            }
        }
        for (const auto &[name, times] : printed)
            if (times > 1)
                m_b.caveat("\"" + name + "\" is printed " + std::to_string(times)
                           + " times: read as that many runs of one benchmark (if they measured different "
                             "inputs, give them different names)");
        m_b.caveat("benchmark_harness prints nothing after its benchmarks, so a file cut short after a whole line "
                   "cannot be told (this one ends at " + last.place() + ")");
        m_report.addCaveats(m_b, last);
    }

private:
    std::string metricId(const std::string &metric)
    {
        if (metric == "Count")
            return "iterations";
        const bool cycles = metric == "CpuCycles";
        m_b.defineMetric(cycles ? "cpu_cycles" : "major_page_faults", cycles ? "CPU cycles" : "Major page faults",
                         "count", Direction::LowerIsBetter, "per iteration, from perf stat (PerfBenchmarkBase)");
        return cycles ? "cpu_cycles" : "major_page_faults";
    }

    CaptureBuilder &m_b;
    TextReport m_report;
    std::vector<DartLine> m_lines;
};

} // namespace

bool DartBenchmarkImporter::detect(const ImportInput &in) const
{
    if (in.json)
        return false;
    bool found = false;
    LoadText::eachLine(in.text.substr(0, kDartDetectPrefix), [&](const TextLine &line) {
        const auto l = lineShape(line.text);
        found = l && isTimeMetric(l->metric);
        return !found;
    });
    return found;
}

Capture DartBenchmarkImporter::import(const ImportInput &in) const
{
    CaptureBuilder b(in, "benchmark_harness", "benchmark-harness");
    b.provenance().conditions.mode = "microbenchmark";
    b.defineMetric("time", "Run time", "s", Direction::LowerIsBetter,
                   "mean time of one exercise() (by default 10 calls of run()) over a timing loop of at least 2 s");
    b.setStatistic("time", "mean");
    b.defineMetric("iterations", "Iterations", "count", Direction::HigherIsBetter,
                   "exercise() calls measured (PerfBenchmarkBase's totalIterations)");
    b.setPrimary("time");
    b.caveat("RunTime is the time of one exercise(), which calls run() 10 times unless the benchmark overrides it: "
             "divide by 10 for one run(); the file does not say which");
    DartReader reader(b);
    LoadText::readAll(reader, in.text);
    return b.finish();
}

} // namespace bs
