#include "benchmarkjsimporter.h"

#include "capturebuilder.h"
#include "inputfailure.h"
#include "loadtext.h"
#include "textreport.h"

#include <algorithm>

namespace bs {

namespace {

const std::size_t kBenchmarkJsDetectPrefix = 256 * 1024;
const char *const kOpsSec = " ops/sec ";

// One benchmark's line.
struct BenchmarkJsLine {
    std::string name;
    double hz = 0;
    double rme = 0; // percent
    std::uint64_t samples = 0;
};

// "fib(10) x 1,431,759 ops/sec ±0.74% (93 runs sampled)"; nothing for a
// line without " ops/sec ", InputFailure for one that has it and goes on
// otherwise than Benchmark.js writes it.
std::optional<BenchmarkJsLine> benchmarkLine(const TextLine &line)
{
    const std::string &t = line.text;
    const auto ops = t.find(kOpsSec);
    if (ops == std::string::npos)
        return std::nullopt;
    const auto x = t.rfind(" x ", ops);
    const auto m = LoadText::match(t.substr(ops + 1), "ops/sec ±{}% ({} {} sampled)");
    if (x == std::string::npos || x == 0 || !m || ((*m)[2] != "runs" && (*m)[2] != "run"))
        throw InputFailure{line.place(), "expected \"<name> x <n> ops/sec ±<n>% (<n> runs sampled)\""};
    BenchmarkJsLine b;
    b.name = LoadText::trimmed(t.substr(0, x));
    b.hz = LoadText::groupedNumber(LoadText::trimmed(t.substr(x + 3, ops - x - 3)), line);
    b.rme = LoadText::number((*m)[0], line);
    b.samples = LoadText::count((*m)[1], line);
    if (b.name.empty() || b.samples == 0)
        throw InputFailure{line.place(), "a benchmark without a name or without samples"};
    return b;
}

// A mark that starts every benchmark's line, put there by the script or the
// page around the output, not by Benchmark.js: "* " of a comment block, "- "
// of a Markdown list, "> ", "// ", moleculer's "›› ". Empty when there is none.
std::string commonMark(const std::vector<BenchmarkJsLine> &lines)
{
    for (const char *mark : {"*", "-", ">", "#", "//", "\u203a\u203a", "\u00bb", "\u2022"}) {
        const std::string m = std::string(mark) + ' ';
        if (!lines.empty() && std::all_of(lines.begin(), lines.end(), [&](const BenchmarkJsLine &l) {
                return l.name.size() > m.size() && l.name.compare(0, m.size(), m) == 0;
            }))
            return mark;
    }
    return {};
}

class BenchmarkJsReader {
public:
    explicit BenchmarkJsReader(CaptureBuilder &b) : m_b(b), m_report("Benchmark.js")
    {
        m_report.expect("a benchmark's line (\"<name> x <n> ops/sec ±<n>% (<n> runs sampled)\")");
    }

    void read(const TextLine &line)
    {
        if (LoadText::trimmed(line.text).empty())
            return;
        const auto l = benchmarkLine(line);
        if (!l)
            return m_report.unread(line);
        for (const BenchmarkJsLine &seen : m_lines)
            if (seen.name == l->name)
                throw InputFailure{line.place(), "the benchmark \"" + l->name + "\" a second time"};
        m_lines.push_back(*l);
        m_report.expect({});
    }

    void finish(const TextLine &last)
    {
        if (m_lines.empty())
            m_report.endsBeforeFigures(last);
        const std::string part = m_b.participant("Benchmark.js");
        const std::string mark = commonMark(m_lines);
        if (!mark.empty())
            m_b.caveat("every benchmark's line starts with \"" + mark + "\", which Benchmark.js does not print (the "
                       "script or the page around the output put it there): left out of the names");
        for (const BenchmarkJsLine &l : m_lines) {
            const std::string cs = m_b.caseId(mark.empty() ? l.name : LoadText::trimmed(l.name.substr(mark.size())));
            m_b.setOnce(part, cs, "ops", l.hz);
            m_b.setOnce(part, cs, "margin", l.rme);
            m_b.setOnce(part, cs, "samples", double(l.samples));
        }
        m_b.caveat("Benchmark.js prints no summary after its benchmarks, so a file cut short after a whole line "
                   "cannot be told (this one ends at " + last.place() + ")");
        m_report.addCaveats(m_b, last);
    }

private:
    CaptureBuilder &m_b;
    TextReport m_report;
    std::vector<BenchmarkJsLine> m_lines;
};

} // namespace

bool BenchmarkJsImporter::detect(const ImportInput &in) const
{
    if (in.json)
        return false;
    bool found = false;
    LoadText::eachLine(in.text.substr(0, kBenchmarkJsDetectPrefix), [&](const TextLine &line) {
        const auto ops = line.text.find(" ops/sec ±");
        found = ops != std::string::npos && line.text.rfind(" x ", ops) != std::string::npos
            && line.text.find(" sampled)", ops) != std::string::npos;
        return !found;
    });
    return found;
}

Capture BenchmarkJsImporter::import(const ImportInput &in) const
{
    CaptureBuilder b(in, "Benchmark.js", "benchmark-harness");
    b.provenance().conditions.mode = "microbenchmark";
    b.defineMetric("ops", "Operations/s", "ops/s", Direction::HigherIsBetter,
                   "Benchmark.js's hz: 1 / the mean time of its samples");
    b.setStatistic("ops", "mean");
    b.defineMetric("margin", "± margin", "%", Direction::LowerIsBetter,
                   "relative margin of error of ops/s at 95 % confidence, in percent (not a range)");
    b.defineMetric("samples", "Runs sampled", "count", Direction::HigherIsBetter,
                   "the number of samples (n) the ops/s and its margin come from");
    b.setPrimary("ops");
    b.caveat("ops/s ± margin is a relative margin of error in percent, not a range; each figure is given once "
             "(n = 1), with the runs sampled beside it; Benchmark.js rounds ops/s to whole numbers from 100 up");
    BenchmarkJsReader reader(b);
    LoadText::readAll(reader, in.text);
    return b.finish();
}

} // namespace bs
