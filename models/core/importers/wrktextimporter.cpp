#include "wrktextimporter.h"

#include "capturebuilder.h"
#include "failureshare.h"
#include "textline.h"
#include "wrkdonejson.h"
#include "inputfailure.h"

#include <cmath>
#include <iterator>
#include <regex>
#include <sstream>

namespace bs {

namespace {

// "706.00us", "1.44ms", "2.00s", "1.00m" → seconds.
double seconds(const std::string &text, const TextLine &line)
{
    static const std::regex re(R"(([0-9.]+)(us|ms|s|m|h))");
    std::smatch m;
    if (!std::regex_match(text, m, re))
        throw InputFailure{line.place(), "expected a time with a unit (us, ms, s, m, h), found \"" + text + "\""};
    const std::string u = m[2];
    const double scale = u == "us" ? 1e-6 : u == "ms" ? 1e-3 : u == "s" ? 1 : u == "m" ? 60 : 3600;
    return line.toNumber(m[1]) * scale;
}

// "2.11k", "212.65", "3.44M" → a plain count (wrk scales by 1000).
double metricValue(const std::string &text, const TextLine &line)
{
    static const std::regex re(R"(([0-9.]+)([kMG]?))");
    std::smatch m;
    if (!std::regex_match(text, m, re))
        throw InputFailure{line.place(), "expected a number with an optional k/M/G suffix, found \"" + text + "\""};
    const std::string u = m[2];
    return line.toNumber(m[1]) * (u == "k" ? 1e3 : u == "M" ? 1e6 : u == "G" ? 1e9 : 1);
}

// "10.16MB", "173.39KB", "512B" → bytes (wrk scales by 1024).
double bytes(const std::string &text, const TextLine &line)
{
    static const std::regex re(R"(([0-9.]+)(B|KB|MB|GB|TB))");
    std::smatch m;
    if (!std::regex_match(text, m, re))
        throw InputFailure{line.place(), "expected a size with a unit (B, KB, MB, GB, TB), found \"" + text + "\""};
    const std::string u = m[2];
    const double scale = u == "B" ? 1 : u == "KB" ? 1024. : u == "MB" ? 1024. * 1024 : u == "GB" ? std::pow(1024., 3) : std::pow(1024., 4);
    return line.toNumber(m[1]) * scale;
}

// The value after a flag in a saved command line: "-R2000", "-R 2000", "--rate 2000".
std::string flagValue(const std::string &cmd, const std::string &shortFlag, const std::string &longFlag)
{
    std::istringstream in(cmd);
    std::vector<std::string> words{std::istream_iterator<std::string>(in), {}};
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

// A Lua done() script's JSON after the report: its exact counts and
// microsecond latencies replace the rounded console figures.
void readDoneJson(CaptureBuilder &b, const ImportInput &in, Repetition &rep)
{
    const std::size_t start = WrkDoneJson::start(in.text);
    if (start == std::string::npos)
        return;
    std::string base;
    const nlohmann::json json = WrkDoneJson::parse(in.text, start, base);
    for (const char *id : {"latency_mean", "latency_stdev", "latency_max"})
        rep.metrics.erase(id);
    rep.errors.clear();
    WrkDoneJson::read(b, rep, json, base);
}

// Reads wrk's (or wrk2's) console text line by line into one repetition.
class ConsoleReader {
public:
    explicit ConsoleReader(CaptureBuilder &b) : m_b(b), m_k(b.provenance().conditions) { }

    void read(std::size_t index, const TextLine &line)
    {
        const std::string &t = line.text;
        if (index == 0 && (t.rfind("-", 0) == 0 || t.rfind("wrk", 0) == 0)) {
            // A saved command line, e.g. "-t1 -c64 -d60s -R2000 --latency http://…".
            if (const std::string r = flagValue(t, "-R", "--rate"); !r.empty())
                m_k.rate = metricValue(r, line);
            return;
        }
        if (!header(line) && !latency(line))
            totals(line);
    }

    // After the last line: the repetition, the URL and the requests/s.
    Repetition finish(const std::vector<TextLine> &lines)
    {
        finishSpectrum();
        if (!m_requestsPerSec)
            throw InputFailure{"line " + std::to_string(lines.size()),
                               "no \"Requests/sec:\" line; the output looks cut short"};
        m_b.set(m_rep, "rps", *m_requestsPerSec);
        return m_rep;
    }
    const std::string &url() const { return m_url; }

private:
    // Which latency block the percentile and spectrum lines belong to.
    enum class Block { None, Latency, Uncorrected };

    bool header(const TextLine &line)
    {
        static const std::regex running(R"(^\s*Running (\S+) test @ (\S+))");
        static const std::regex threads(R"(^\s*(\d+) threads and (\d+) connections)");
        static const std::regex stats(R"(^\s*(Latency|Req/Sec)\s+(\S+)\s+(\S+)\s+(\S+)\s+(\S+)%\s*$)");
        std::smatch m;
        if (std::regex_search(line.text, m, running)) {
            m_k.durationSeconds = seconds(m[1], line);
            m_url = m[2];
        } else if (std::regex_search(line.text, m, threads)) {
            m_k.extra["threads"] = m[1];
            m_k.connections = int(line.toNumber(m[2]));
        } else if (std::regex_search(line.text, m, stats)) {
            if (m[1] == "Latency") {
                m_b.set(m_rep, "latency_mean", seconds(m[2], line));
                m_b.set(m_rep, "latency_stdev", seconds(m[3], line));
                m_b.set(m_rep, "latency_max", seconds(m[4], line));
            } else {
                m_b.defineMetric("thread_rps_mean", "Req/s per thread (mean)", "req/s", Direction::HigherIsBetter,
                                 "wrk's per-thread requests/s statistic");
                m_b.set(m_rep, "thread_rps_mean", metricValue(m[2], line));
            }
        } else {
            return false;
        }
        return true;
    }

    // The latency distribution, wrk2's detailed spectrum and its footer.
    bool latency(const TextLine &line)
    {
        static const std::regex percentile(R"(^\s*([0-9.]+)%\s+(\S+)\s*$)");
        static const std::regex spectrum(R"(^\s*([0-9.]+)\s+([0-9.]+)\s+(\d+)\s+(\S+)\s*$)");
        static const std::regex mean(R"(^#\[Mean\s*=\s*([0-9.]+),\s*StdDeviation\s*=\s*([0-9.]+)\])");
        const std::string &t = line.text;
        std::smatch m;
        if (t.find("Uncorrected Latency") != std::string::npos || t.find("Latency Distribution") != std::string::npos) {
            finishSpectrum();
            m_block = t.find("Uncorrected Latency") != std::string::npos ? Block::Uncorrected : Block::Latency;
        } else if (t.find("Detailed Percentile spectrum") != std::string::npos) {
            m_inSpectrum = true;
        } else if (m_block != Block::None && !m_inSpectrum && std::regex_search(t, m, percentile)) {
            const std::string prefix = m_block == Block::Uncorrected ? "service_time" : "latency";
            const std::string id = CaptureBuilder::percentileId(prefix, line.toNumber(m[1]));
            if (m_block == Block::Uncorrected)
                m_b.defineMetric(id, "p" + m[1].str() + " service time", "s", Direction::LowerIsBetter,
                                 "wrk2 -U: latency measured from the actual send, not the intended one");
            m_b.set(m_rep, id, seconds(m[2], line));
        } else if (m_inSpectrum && std::regex_search(t, m, spectrum)) {
            // Value in ms (3 decimals), cumulative count.
            const auto total = std::uint64_t(line.toNumber(m[3]));
            if (total < m_previousCount)
                throw InputFailure{line.place(), "the percentile spectrum's total count went down"};
            m_histogram.record(std::uint64_t(std::llround(line.toNumber(m[1]) * 1e6)), total - m_previousCount);
            m_previousCount = total;
        } else if (std::regex_search(t, m, mean)) {
            // The footer has more digits than the Thread Stats line.
            if (m_block != Block::Uncorrected) {
                m_b.set(m_rep, "latency_mean", line.toNumber(m[1]) * 1e-3);
                m_b.set(m_rep, "latency_stdev", line.toNumber(m[2]) * 1e-3);
            }
        } else if (t.rfind("#[Buckets", 0) == 0) {
            finishSpectrum();
        } else {
            return false;
        }
        return true;
    }

    void totals(const TextLine &line)
    {
        static const std::regex totals(R"(^\s*(\d+) requests in (\S+), (\S+) read)");
        static const std::regex socket(R"(^\s*Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+))");
        static const std::regex non2xx(R"(^\s*Non-2xx or 3xx responses: (\d+))");
        static const std::regex rps(R"(^\s*Requests/sec:\s+(\S+))");
        static const std::regex transfer(R"(^\s*Transfer/sec:\s+(\S+))");
        std::smatch m;
        if (std::regex_search(line.text, m, totals)) {
            finishSpectrum();
            m_b.set(m_rep, "requests", line.toNumber(m[1]));
            m_b.set(m_rep, "bytes", bytes(m[3], line));
            m_k.durationSeconds = seconds(m[2], line);
        } else if (std::regex_search(line.text, m, socket)) {
            const char *kinds[] = {"connect", "read", "write", "timeout"};
            for (int e = 0; e < 4; ++e)
                m_rep.errors[kinds[e]] = std::uint64_t(line.toNumber(m[e + 1]));
        } else if (std::regex_search(line.text, m, non2xx)) {
            m_rep.errors["non-2xx/3xx"] = std::uint64_t(line.toNumber(m[1]));
        } else if (std::regex_search(line.text, m, rps)) {
            m_requestsPerSec = line.toNumber(m[1]);
        } else if (std::regex_search(line.text, m, transfer)) {
            m_b.set(m_rep, "transfer_rate", bytes(m[1], line));
        }
    }

    void finishSpectrum()
    {
        if (m_inSpectrum && !m_histogram.isEmpty())
            m_rep.histograms[m_block == Block::Uncorrected ? "service_time" : "latency"] = m_histogram;
        m_inSpectrum = false;
        m_histogram = Histogram("ns");
        m_previousCount = 0;
    }

    CaptureBuilder &m_b;
    Conditions &m_k;
    Repetition m_rep;
    std::string m_url;
    Block m_block = Block::None;
    bool m_inSpectrum = false;
    Histogram m_histogram{"ns"};
    std::uint64_t m_previousCount = 0;
    std::optional<double> m_requestsPerSec;
};

// "http://host:port/path" → host:port and /path; the tool's name and "run" without a URL.
std::pair<std::string, std::string> hostAndPath(const std::string &url, const std::string &tool)
{
    const auto scheme = url.find("://");
    if (scheme == std::string::npos)
        return {tool, "run"};
    const auto slash = url.find('/', scheme + 3);
    return {url.substr(scheme + 3, slash == std::string::npos ? std::string::npos : slash - scheme - 3),
            slash == std::string::npos ? "/" : url.substr(slash)};
}

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
        || in.text.find("HdrHistogram") != std::string::npos;
    CaptureBuilder b(in, wrk2 ? "wrk2" : "wrk", "load-generator");
    b.caveat("wrk prints no version; values were read from its console text, which rounds to 2 decimals");
    ConsoleReader reader(b);
    const std::vector<TextLine> lines = TextLine::split(in.text);
    for (std::size_t i = 0; i < lines.size(); ++i)
        reader.read(i, lines[i]);
    Repetition rep = reader.finish(lines);
    b.setPrimary("rps");

    Conditions &k = b.provenance().conditions;
    k.mode = wrk2 ? "fixed-rate" : "saturation";
    k.latencyCorrected = wrk2;
    b.caveat(wrk2 ? "wrk2 latency is coordinated-omission corrected (measured from each request's intended send time)"
                  : "latency is not coordinated-omission corrected (wrk runs a closed loop)");
    const auto [host, path] = hostAndPath(reader.url(), b.tool().name);
    readDoneJson(b, in, rep);
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
