#include "libtestimporter.h"

#include "capturebuilder.h"
#include "failureshare.h"
#include "inputfailure.h"
#include "loadtext.h"
#include "textreport.h"

#include <cctype>

namespace bs {

namespace {

const std::size_t kLibtestDetectPrefix = 256 * 1024;

bool ltStartsWith(const std::string &t, const std::string &prefix) { return t.compare(0, prefix.size(), prefix) == 0; }

// One "test … ... bench: …" line.
struct BenchLine {
    std::string name;
    double value = 0;
    double spread = 0;
    std::string unit; // "ns/iter", or another harness's "cycles/iter"
    std::optional<double> mbPerSecond;
};

std::optional<BenchLine> benchLine(const std::string &t, const TextLine &line, std::optional<bool> &grouped)
{
    const auto dots = t.find(" ... bench:");
    if (!ltStartsWith(t, "test ") || dots == std::string::npos)
        return std::nullopt;
    BenchLine b;
    b.name = LoadText::trimmed(t.substr(5, dots - 5));
    const auto m = LoadText::match(t.substr(dots + 11), " {} {} (+/- {}){...}");
    if (b.name.empty() || !m)
        throw InputFailure{line.place(), "expected \"test <name> ... bench: <n> ns/iter (+/- <n>)\""};
    b.value = LoadText::groupedNumber((*m)[0], line, &grouped);
    b.unit = (*m)[1];
    b.spread = LoadText::groupedNumber((*m)[2], line, &grouped);
    const std::string rest = (*m)[3];
    if (!rest.empty()) {
        const auto mb = LoadText::match(rest, "= {} MB/s");
        if (!mb)
            throw InputFailure{line.place(), "expected \"= <n> MB/s\" after the figures, found \"" + rest + "\""};
        // libtest prints MB/s without separators ("= 1204 MB/s"), so it says
        // nothing of whether the times were grouped.
        b.mbPerSecond = LoadText::groupedNumber((*mb)[0], line, nullptr);
    }
    if (b.unit.size() < 6 || b.unit.compare(b.unit.size() - 5, 5, "/iter") != 0)
        throw InputFailure{line.place(), "expected a unit per iteration (ns/iter), found \"" + b.unit + "\""};
    return b;
}

// Lines only criterion.rs prints around its bencher output.
bool isCriterionLine(const std::string &t)
{
    return ltStartsWith(t, "Gnuplot not found") || ltStartsWith(t, "Warning: Unable to complete")
        || (ltStartsWith(t, "WARNING: HTML report generation") && t.find("Criterion.rs") != std::string::npos)
        || ltStartsWith(t, "Benchmarking ");
}

// Lines cargo prints around the bench binaries' output.
bool isCargoLine(const std::string &t)
{
    for (const char *p : {"Compiling ", "Finished ", "Running ", "Doc-tests ", "Downloaded ", "Downloading ",
                          "Updating ", "Blocking ", "Locking ", "Adding ", "Fresh "})
        if (ltStartsWith(t, p))
            return true;
    return false;
}

class LibtestReader {
public:
    explicit LibtestReader(CaptureBuilder &b) : m_b(b), m_report("libtest")
    {
        m_report.expect("a bench line (\"test <name> ... bench: <n> ns/iter (+/- <n>)\")");
    }

    void read(const TextLine &line)
    {
        const std::string t = LoadText::trimmed(line.text);
        if (t.empty() || isCargoLine(t))
            return;
        if (isCriterionLine(t)) {
            m_criterionSeen = true;
            return;
        }
        if (ltStartsWith(t, "running "))
            return running(t, line);
        if (ltStartsWith(t, "test result: "))
            return result(t, line);
        if (const auto b = benchLine(t, line, m_grouped))
            return bench(*b, line);
        if (ltStartsWith(t, "test ")) {
            const auto dots = t.rfind(" ... ");
            if (dots == std::string::npos || dots < 5)
                throw InputFailure{line.place(), "expected \"test <name> ... <outcome>\""};
            const std::string outcome = LoadText::trimmed(t.substr(dots + 5));
            if (outcome == "FAILED")
                failed(LoadText::trimmed(t.substr(5, dots - 5)));
            else if (outcome != "ok" && outcome != "ignored")
                throw InputFailure{line.place(), "unknown outcome \"" + outcome + "\" (ok, ignored, FAILED or bench:)"};
            ++m_inBlock;
            return;
        }
        m_report.unread(line);
    }

    void finish(const TextLine &last)
    {
        if (m_benches.empty() && m_failed.empty())
            m_report.endsBeforeFigures(last);
        if (m_blockTests && !m_report.expected().empty() && m_inBlock < *m_blockTests)
            m_report.expect(std::to_string(*m_blockTests - m_inBlock) + " more of the "
                            + std::to_string(*m_blockTests) + " tests announced by \"running\"");
        const bool criterion = m_criterionSeen || (m_grouped && !*m_grouped);
        if (!m_framed)
            m_b.caveat("no \"running N tests\" line frames the benches, so the file's end cannot be checked (it ends at "
                       + last.place() + ")"
                       + (criterion ? std::string()
                                    : "; read as libtest's output: if it is criterion's --output-format bencher, its "
                                      "\"+/-\" is a standard deviation"));
        store(criterion);
        m_report.addCaveats(m_b, last);
    }

private:
    void running(const std::string &t, const TextLine &line)
    {
        const auto m = LoadText::match(t, "running {} {}");
        if (!m || ((*m)[1] != "tests" && (*m)[1] != "test"))
            throw InputFailure{line.place(), "expected \"running <n> tests\""};
        if (m_blockTests && m_inBlock < *m_blockTests)
            throw InputFailure{line.place(), "a new run starts before the " + std::to_string(*m_blockTests)
                                                 + " tests announced ended (" + std::to_string(m_inBlock) + " read)"};
        m_blockTests = LoadText::count((*m)[0], line);
        m_inBlock = 0;
        m_measuredInBlock = 0;
        m_framed = true;
        m_report.expect("the \"test result:\" line of the run that starts at " + line.place());
    }

    // "test result: ok. 0 passed; 0 failed; 0 ignored; 2 measured; 0 filtered out"
    void result(const std::string &t, const TextLine &line)
    {
        const auto m = LoadText::match(t, "test result: {}. {} passed; {} failed; {} ignored; {} measured{...}");
        if (!m)
            throw InputFailure{line.place(), "expected \"test result: <ok|FAILED>. <n> passed; <n> failed; <n> "
                                             "ignored; <n> measured…\""};
        for (int i = 1; i <= 3; ++i)
            LoadText::count((*m)[i], line);
        const auto measured = LoadText::count((*m)[4], line);
        if (measured != m_measuredInBlock)
            throw InputFailure{line.place(), "the run counts " + std::to_string(measured) + " measured benches, "
                                                 + std::to_string(m_measuredInBlock) + " bench lines were read"};
        if (m_blockTests && m_inBlock != *m_blockTests)
            throw InputFailure{line.place(), "the run announced " + std::to_string(*m_blockTests) + " tests, "
                                                 + std::to_string(m_inBlock) + " were read"};
        m_blockTests.reset();
        m_report.expect({});
    }

    void bench(const BenchLine &b, const TextLine &line)
    {
        for (const BenchLine &seen : m_benches)
            if (seen.name == b.name)
                throw InputFailure{line.place(), "the bench \"" + b.name + "\" a second time"};
        m_benches.push_back(b);
        ++m_inBlock;
        ++m_measuredInBlock;
        if (!m_blockTests)
            m_report.expect({});
    }

    void failed(const std::string &name) { m_failed.push_back(name); }

    void store(bool criterion)
    {
        const std::string part = m_b.participant(criterion ? "criterion" : "libtest");
        const std::string value = criterion ? "estimate_median" : "time_per_iter";
        const std::string spread = criterion ? "estimate_std_dev" : "time_per_iter_range";
        for (const BenchLine &l : m_benches) {
            const bool ns = l.unit == "ns/iter";
            const std::string unit = ns ? "s" : l.unit.substr(0, l.unit.size() - 5);
            const std::string suffix = ns ? "" : "." + unit;
            m_b.defineMetric(value + suffix, criterion ? "median" : "time per iteration (median)", unit,
                             Direction::LowerIsBetter,
                             criterion ? "the median of criterion's samples" : "libtest's median of its samples");
            m_b.defineMetric(spread + suffix, criterion ? "std. dev." : "max − min of the samples", unit,
                             Direction::LowerIsBetter,
                             criterion ? "the standard deviation of criterion's samples"
                                       : "libtest's \"+/-\": the spread between the largest and the smallest of its "
                                         "samples (winsorized at 5 %), not a margin of error");
            const std::string cs = m_b.caseId(l.name);
            const double scale = ns ? 1e-9 : 1;
            m_b.setOnce(part, cs, value + suffix, l.value * scale);
            m_b.setOnce(part, cs, spread + suffix, l.spread * scale);
            if (l.mbPerSecond) {
                m_b.defineMetric("throughput", "throughput", "B/s", Direction::HigherIsBetter,
                                 "libtest's MB/s (b.bytes per iteration over the median time), 10^6 B");
                m_b.setOnce(part, cs, "throughput", *l.mbPerSecond * 1e6);
            }
        }
        for (const std::string &name : m_failed) {
            Result &r = m_b.result(part, m_b.caseId(name));
            FailureShare::apply(r, 1, 1, "runs", "FAILED (the bench panicked or its test failed)");
        }
        m_b.setPrimary(value);
        m_b.provenance().tools.front().name = criterion ? "criterion.rs" : "libtest";
        m_b.caveat(criterion ? "criterion.rs --output-format bencher: the median and the standard deviation of its "
                               "samples, each given once (n = 1), rounded down to whole units"
                             : "libtest gives the median and the spread (max − min) of its samples, each once (n = 1); "
                               "the samples themselves are not printed");
    }

    CaptureBuilder &m_b;
    TextReport m_report;
    std::vector<BenchLine> m_benches;
    std::vector<std::string> m_failed;
    std::optional<std::uint64_t> m_blockTests; // announced by "running N tests"
    std::uint64_t m_inBlock = 0;
    std::uint64_t m_measuredInBlock = 0;
    bool m_framed = false;
    bool m_criterionSeen = false;
    std::optional<bool> m_grouped; // whether numbers of 1,000 or more had their separators
};

} // namespace

bool LibtestImporter::detect(const ImportInput &in) const
{
    if (in.json)
        return false;
    bool found = false;
    LoadText::eachLine(in.text.substr(0, kLibtestDetectPrefix), [&](const TextLine &line) {
        const std::string t = LoadText::trimmed(line.text);
        found = ltStartsWith(t, "test ") && t.find(" ... bench:") != std::string::npos
            && t.find("/iter (+/- ") != std::string::npos;
        return !found;
    });
    return found;
}

Capture LibtestImporter::import(const ImportInput &in) const
{
    CaptureBuilder b(in, "libtest", "benchmark-harness");
    LibtestReader reader(b);
    LoadText::readAll(reader, in.text);
    return b.finish();
}

} // namespace bs
