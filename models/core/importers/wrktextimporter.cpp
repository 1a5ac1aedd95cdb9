#include "wrktextimporter.h"

#include "capturebuilder.h"
#include "compactjsonparser.h"
#include "failureshare.h"
#include "histogramrecorder.h"
#include "wrkdonejson.h"
#include "inputfailure.h"
#include "loadtext.h"

#include "textreport.h"

#include <cctype>
#include <cmath>

namespace bs {

namespace {

using LoadText::match;
using LoadText::number;

// "706.00us", "1.44ms", "2.00s", "1.00m" → seconds.
double wrkSeconds(const std::string &text, const TextLine &line)
{
    return LoadText::withUnit(text, {{"us", 1e-6}, {"ms", 1e-3}, {"s", 1}, {"m", 60}, {"h", 3600}}, line);
}

// "2.11k", "212.65", "3.44M" → a plain count (wrk scales by 1000).
double metricValue(const std::string &text, const TextLine &line)
{
    return LoadText::withUnit(text, {{"", 1}, {"k", 1e3}, {"M", 1e6}, {"G", 1e9}}, line);
}

// "10.16MB", "173.39KB", "512B" → bytes (wrk scales by 1024).
double bytes(const std::string &text, const TextLine &line)
{
    const double k = 1024;
    return LoadText::withUnit(text, {{"B", 1}, {"KB", k}, {"MB", k * k}, {"GB", k * k * k}, {"TB", k * k * k * k}},
                              line);
}

// The value after a flag in a saved command line: "-R2000", "-R 2000", "--rate 2000".
std::string flagValue(const std::string &cmd, const std::string &shortFlag, const std::string &longFlag)
{
    const std::vector<std::string> words = LoadText::words(cmd);
    for (std::size_t i = 0; i < words.size(); ++i) {
        const std::string &w = words[i];
        if ((w == shortFlag || w == longFlag) && i + 1 < words.size())
            return words[i + 1];
        if (w.size() > shortFlag.size() && w.compare(0, shortFlag.size(), shortFlag) == 0 && w[1] != '-')
            return w.substr(shortFlag.size());
        if (w.compare(0, longFlag.size() + 1, longFlag + "=") == 0)
            return w.substr(longFlag.size() + 1);
    }
    return {};
}

// A saved command line without a shell prompt ("$ wrk2 -t5 …" → "wrk2 -t5 …").
std::string withoutPrompt(const std::string &line)
{
    return line.rfind("$ ", 0) == 0 ? line.substr(2) : line;
}

// A Lua done() script's JSON after the report: when it has wrk-report.lua's
// keys, its exact counts and microsecond latencies replace the rounded
// console figures; another script's JSON is not read, with a caveat. A JSON
// that does not parse is an error at its place.
void readDoneJson(CaptureBuilder &b, const ImportInput &in, std::size_t start, Repetition &rep)
{
    std::string base;
    const nlohmann::json json = WrkDoneJson::parse(in.text, start, base);
    try {
        WrkDoneJson::checkShape(json, base);
    } catch (const InputFailure &f) {
        b.caveat("the done() JSON at " + CompactJsonParser::placeOfByte(in.text, start)
                 + " was not read, only wrk's console report: " + f.message);
        return;
    }
    for (const char *id : {"latency_mean", "latency_stdev", "latency_max"})
        rep.metrics.erase(id);
    rep.errors.clear();
    WrkDoneJson::read(b, rep, json, base);
}

// Reads wrk's (or wrk2's) console text line by line into one repetition.
class WrkConsoleReader {
public:
    explicit WrkConsoleReader(CaptureBuilder &b) : m_b(b), m_k(b.provenance().conditions), m_report("wrk")
    {
        m_report.expect("the \"Running … test @ …\" line");
    }

    void read(std::size_t index, const TextLine &line)
    {
        const std::string &t = index == 0 ? withoutPrompt(line.text) : line.text;
        if (index == 0 && (t.rfind("-", 0) == 0 || t.rfind("wrk", 0) == 0)) {
            // A saved command line, e.g. "-t1 -c64 -d60s -R2000 --latency http://…".
            if (const std::string r = flagValue(t, "-R", "--rate"); !r.empty())
                m_k.rate = metricValue(r, line);
            return;
        }
        if (t.find_first_not_of(" \t") == std::string::npos || ignored(t))
            return;
        if (!(m_inSpectrum ? spectrum(line) : header(line) || totals(line) || latency(line)))
            m_report.unread(line);
    }

    // After the last line: the repetition, refused without its requests/s.
    Repetition finish(const TextLine &last)
    {
        finishSpectrum();
        if (!m_requestsPerSec)
            m_report.endsBeforeFigures(last);
        m_report.addCaveats(m_b, last);
        m_b.set(m_rep, "rps", *m_requestsPerSec);
        return m_rep;
    }
    const std::string &url() const { return m_url; }

private:
    // Which latency block the percentile and spectrum lines belong to.
    enum class Block { None, Latency, Uncorrected };

    // Lines wrk prints that carry nothing read.
    static bool ignored(const std::string &t)
    {
        return LoadText::startsAfterSpaces(t, "Thread Stats") || LoadText::startsAfterSpaces(t, "Thread calibration:")
            || t.find_first_not_of('-') == std::string::npos;
    }

    bool header(const TextLine &line)
    {
        if (const auto m = match(line.text, " Running {} test @ {}")) {
            m_k.durationSeconds = wrkSeconds((*m)[0], line);
            m_url = (*m)[1];
            m_report.expect("the \"threads and connections\" line");
        } else if (LoadText::startsAfterSpaces(line.text, "Running ")) {
            throw InputFailure{line.place(), "expected \"Running <duration> test @ <url>\""};
        } else if (line.text.find("threads and") != std::string::npos) {
            const auto m = match(line.text, " {} threads and {} connections");
            if (!m)
                throw InputFailure{line.place(), "expected \"<n> threads and <n> connections\""};
            m_k.extra["threads"] = std::to_string(LoadText::count((*m)[0], line));
            m_k.connections = int(LoadText::count((*m)[1], line));
            m_report.expect("the \"requests in\" line");
        } else if (const auto m = match(line.text, " Latency {} {} {} {}%")) {
            const char *ids[] = {"latency_mean", "latency_stdev", "latency_max"};
            for (int i = 0; i < 3; ++i)
                if (!notANumber((*m)[i], "Latency", i, line))
                    m_b.set(m_rep, ids[i], wrkSeconds((*m)[i], line));
        } else if (const auto m = match(line.text, " Req/Sec {} {} {} {}%")) {
            if (!notANumber((*m)[0], "Req/Sec", 0, line)) {
                m_b.defineMetric("thread_rps_mean", "Req/s per thread (mean)", "req/s", Direction::HigherIsBetter,
                                 "wrk's per-thread requests/s statistic");
                m_b.set(m_rep, "thread_rps_mean", metricValue((*m)[0], line));
            }
        } else if (LoadText::startsAfterSpaces(line.text, "Latency ") || LoadText::startsAfterSpaces(line.text, "Req/Sec")) {
            if (line.text.find("Distribution") == std::string::npos)
                throw InputFailure{line.place(), "expected a Thread Stats row: average, stdev, max and +/- stdev"};
            return false;
        } else {
            return false;
        }
        return true;
    }

    // A Thread Stats figure wrk prints as "-nan" or "nan" (wrk2 does for
    // Req/Sec when it sampled no per-thread rate; "-nanus" for a latency):
    // left out with a caveat naming it, every other figure is read.
    bool notANumber(const std::string &field, const char *row, int column, const TextLine &line)
    {
        const std::string f = field.substr(field[0] == '-' ? 1 : 0, 3);
        if (f != "nan" && f != "NaN")
            return false;
        const char *names[] = {"average", "stdev", "max"};
        m_b.caveat(std::string("the Thread Stats ") + row + " " + names[column] + " at " + line.place()
                   + " is not a number (\"" + field + "\"): it is left out, every other figure is read");
        return true;
    }

    // The latency distribution and wrk2's detailed spectrum's heading.
    bool latency(const TextLine &line)
    {
        const std::string &t = line.text;
        if (LoadText::startsAfterSpaces(t, "Latency Distribution")) {
            finishSpectrum();
            m_block = t.find("Uncorrected") != std::string::npos ? Block::Uncorrected : Block::Latency;
        } else if (LoadText::startsAfterSpaces(t, "Detailed Percentile spectrum:") && m_block != Block::None) {
            m_inSpectrum = true;
            m_spectrumLine = line;
        } else if (const std::string first = LoadText::trimmed(t).substr(0, 1); m_block != Block::None
                   && !first.empty() && std::isdigit(static_cast<unsigned char>(first[0]))) {
            percentile(line);
        } else {
            return false;
        }
        return true;
    }

    // " 99.900%    5.72ms"
    void percentile(const TextLine &line)
    {
        const auto m = match(line.text, " {}% {}");
        if (!m)
            throw InputFailure{line.place(), "expected a latency percentile row: \"<percent>% <time>\""};
        const std::string prefix = m_block == Block::Uncorrected ? "service_time" : "latency";
        const double p = number((*m)[0], line);
        if (p < 0 || p > 100)
            throw InputFailure{line.place(), "a percentile outside 0 to 100"};
        const std::string id = CaptureBuilder::percentileId(prefix, p);
        if (m_block == Block::Uncorrected)
            m_b.defineMetric(id, "p" + (*m)[0] + " service time", "s", Direction::LowerIsBetter,
                             "wrk2 -U: latency measured from the actual send, not the intended one");
        m_b.set(m_rep, id, wrkSeconds((*m)[1], line));
    }

    // wrk2's spectrum: value (ms, 3 decimals), percentile, cumulative count,
    // 1/(1-percentile); its footer gives the mean and the total count.
    bool spectrum(const TextLine &line)
    {
        const std::string &t = line.text;
        if (match(t, " Value Percentile TotalCount 1/(1-Percentile)"))
            return true;
        if (const auto m = match(t, "#[Mean = {}, StdDeviation = {}]")) {
            // The footer has more digits than the Thread Stats line.
            if (m_block != Block::Uncorrected) {
                m_b.set(m_rep, "latency_mean", number((*m)[0], line) * 1e-3);
                m_b.set(m_rep, "latency_stdev", number((*m)[1], line) * 1e-3);
            }
        } else if (const auto m = match(t, "#[Max = {}, Total count = {}]")) {
            if (LoadText::count((*m)[1], line) != m_previousCount)
                throw InputFailure{line.place(), "the total count differs from the spectrum's last row"};
        } else if (match(t, "#[Buckets = {}, SubBuckets = {}]")) {
            finishSpectrum();
        } else if (const auto m = match(t, " {} {} {} {}")) {
            row(*m, line);
        } else {
            throw InputFailure{line.place(), "expected a row of the percentile spectrum (value, percentile, total "
                                             "count, 1/(1-percentile)) or its #[Mean, #[Max, #[Buckets footer"};
        }
        return true;
    }

    void row(const std::vector<std::string> &f, const TextLine &line)
    {
        const double value = LoadText::fixed(f[0], 3, line);
        const double p = number(f[1], line);
        const std::uint64_t total = LoadText::count(f[2], line);
        if (f[3] != "inf")
            number(f[3], line);
        if (p < 0 || p > 1)
            throw InputFailure{line.place(), "a spectrum percentile outside 0 to 1"};
        if (total < m_previousCount)
            throw InputFailure{line.place(), "the percentile spectrum's total count went down"};
        m_histogram.record(std::uint64_t(std::llround(value * 1e6)), total - m_previousCount);
        m_previousCount = total;
    }

    bool totals(const TextLine &line)
    {
        const std::string &t = line.text;
        if (t.find(" requests in ") != std::string::npos) {
            const auto m = match(t, " {} requests in {}, {} read");
            if (!m)
                throw InputFailure{line.place(), "expected \"<n> requests in <duration>, <size> read\""};
            m_b.set(m_rep, "requests", double(LoadText::count((*m)[0], line)));
            m_k.durationSeconds = wrkSeconds((*m)[1], line);
            m_b.set(m_rep, "bytes", bytes((*m)[2], line));
            m_report.expect("the \"Requests/sec:\" line");
        } else if (LoadText::startsAfterSpaces(t, "Socket errors:")) {
            const auto m = match(t, " Socket errors: connect {}, read {}, write {}, timeout {}");
            if (!m)
                throw InputFailure{line.place(), "expected \"Socket errors: connect <n>, read <n>, write <n>, timeout <n>\""};
            const char *kinds[] = {"connect", "read", "write", "timeout"};
            for (int e = 0; e < 4; ++e)
                m_rep.errors[kinds[e]] = LoadText::count((*m)[e], line);
        } else if (LoadText::startsAfterSpaces(t, "Non-2xx or 3xx responses:")) {
            m_rep.errors["non-2xx/3xx"] = LoadText::count(field(line, " Non-2xx or 3xx responses: {}"), line);
        } else if (LoadText::startsAfterSpaces(t, "Requests/sec:")) {
            m_requestsPerSec = number(field(line, " Requests/sec: {}"), line);
            m_report.expect("the \"Transfer/sec:\" line");
        } else if (LoadText::startsAfterSpaces(t, "Transfer/sec:")) {
            m_b.set(m_rep, "transfer_rate", bytes(field(line, " Transfer/sec: {}"), line));
            m_report.expect({});
        } else {
            return false;
        }
        return true;
    }

    // The one value of a "Label: value" line, or InputFailure.
    static std::string field(const TextLine &line, const std::string &pattern)
    {
        const auto m = match(line.text, pattern);
        if (!m)
            throw InputFailure{line.place(), "expected \"" + LoadText::trimmed(pattern.substr(0, pattern.find(':') + 1))
                                                 + " <value>\""};
        return m->front();
    }

    void finishSpectrum()
    {
        if (m_inSpectrum && m_histogram.isEmpty())
            throw InputFailure{m_spectrumLine.place(), "the percentile spectrum has no rows"};
        if (m_inSpectrum)
            m_rep.histograms[m_block == Block::Uncorrected ? "service_time" : "latency"] = m_histogram.toHistogram("ns");
        m_inSpectrum = false;
        m_histogram.reset();
        m_previousCount = 0;
    }

    CaptureBuilder &m_b;
    Conditions &m_k;
    TextReport m_report;
    Repetition m_rep;
    std::string m_url;
    Block m_block = Block::None;
    bool m_inSpectrum = false;
    TextLine m_spectrumLine{{}, 0};
    HistogramRecorder m_histogram;
    std::uint64_t m_previousCount = 0;
    std::optional<double> m_requestsPerSec;
};

} // namespace

bool WrkTextImporter::detect(const ImportInput &in) const
{
    if (in.json)
        return false;
    return in.text.find(" test @ ") != std::string::npos && in.text.find("threads and") != std::string::npos;
}

Capture WrkTextImporter::import(const ImportInput &in) const
{
    const bool wrk2 = in.text.find("Thread calibration:") != std::string::npos
        || in.text.find("HdrHistogram") != std::string::npos || in.text.rfind("wrk2 ", 0) == 0 || in.text.rfind("$ wrk2 ", 0) == 0;
    CaptureBuilder b(in, wrk2 ? "wrk2" : "wrk", "load-generator");
    b.caveat("wrk prints no version; values were read from its console text, which rounds to 2 decimals");
    WrkConsoleReader reader(b);
    // The console report, up to a done() JSON's line.
    const std::size_t json = WrkDoneJson::start(in.text);
    const std::size_t reportEnd = json == std::string::npos ? in.text.size() : in.text.rfind('\n', json) + 1;
    const std::vector<TextLine> lines = LoadText::lines(in.text.substr(0, reportEnd));
    for (std::size_t i = 0; i < lines.size(); ++i)
        reader.read(i, lines[i]);
    Repetition rep = reader.finish(lines.empty() ? TextLine{{}, 1} : lines.back());
    b.setPrimary("rps");

    Conditions &k = b.provenance().conditions;
    k.mode = wrk2 ? "fixed-rate" : "saturation";
    k.latencyCorrected = wrk2;
    b.caveat(wrk2 ? "wrk2 latency is coordinated-omission corrected (measured from each request's intended send time)"
                  : "latency is not coordinated-omission corrected (wrk runs a closed loop)");
    const auto [host, path] = LoadText::hostAndPath(reader.url(), b.tool().name);
    if (json != std::string::npos)
        readDoneJson(b, in, json, rep);
    const std::string part = b.participant(host);
    const std::string cs = b.caseId(path);
    b.capture().cases.back().description = reader.url();
    Result &r = b.result(part, cs);
    r.repetitions.push_back(rep);
    if (rep.metrics.count("requests"))
        FailureShare::applyToRequests(r, rep.errors, std::uint64_t(rep.metrics.at("requests")));
    return b.finish();
}

} // namespace bs
