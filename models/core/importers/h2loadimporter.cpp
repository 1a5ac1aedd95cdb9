#include "h2loadimporter.h"

#include "capturebuilder.h"
#include "failureshare.h"
#include "inputfailure.h"
#include "loadtext.h"
#include "requestlog.h"

#include "textreport.h"

#include <cmath>
#include <iterator>

namespace bs {

namespace {

using LoadText::match;

// "41us", "2.96ms", "2.00s" → seconds.
double h2loadSeconds(const std::string &text, const TextLine &line)
{
    return LoadText::withUnit(text, {{"us", 1e-6}, {"ms", 1e-3}, {"s", 1}}, line);
}

// "2.79MB/s", "0B/s", "883.87KB/s" → bytes per second (1024-based).
double bytesPerSecond(const std::string &text, const TextLine &line)
{
    const double k = 1024;
    return LoadText::withUnit(text, {{"B/s", 1}, {"KB/s", k}, {"MB/s", k * k}, {"GB/s", k * k * k}}, line);
}

// The parts after "finished in", in the order h2load prints them.
const char *const kParts[] = {"requests:", "status codes:", "traffic:", "time for request:", "time for connect:",
                              "time to 1st byte:", "req/s:"};

// Lines of h2load's output that carry nothing read.
bool h2loadIgnores(const std::string &t)
{
    for (const char *p : {"starting benchmark", "progress: ", "TLS Protocol:", "Cipher:", "Server Temp Key:",
                          "Warm-up ", "Main benchmark duration", "Stopped all clients"})
        if (t.rfind(p, 0) == 0)
            return true;
    return bool(match(t, " min max mean sd +/- sd"));
}

// The report, line by line, into one repetition.
class H2loadReportReader {
public:
    explicit H2loadReportReader(CaptureBuilder &b) : m_b(b), m_k(b.provenance().conditions), m_report("h2load")
    {
        m_report.expect("the \"finished in\" line");
    }

    void read(const TextLine &line)
    {
        const std::string &t = line.text;
        if (t.find_first_not_of(" \t") == std::string::npos || h2loadIgnores(t))
            return;
        const auto colon = t.find(':');
        std::string key = LoadText::trimmed(t.substr(0, colon)) + ":";
        if (key == "req/s (client):") // before nghttp2 1.3x
            key = "req/s:";
        if (t.rfind("spawning thread #", 0) == 0) {
            const auto m = expectMatch(line, "spawning thread #{}: {} total client(s).{...}");
            m_k.connections = m_k.connections.value_or(0) + int(LoadText::count((*m)[1], line));
        } else if (t.rfind("Application protocol:", 0) == 0) {
            m_k.extra["protocol"] = expectMatch(line, "Application protocol: {}")->front();
        } else if (t.rfind("finished in ", 0) == 0) {
            finished(line);
        } else if (colon != std::string::npos && done(key)) {
            part(key, line);
        } else {
            m_report.unread(line);
        }
    }

    // The table only when requests were done: h2load prints zeros otherwise.
    Repetition finish(const TextLine &last)
    {
        if (!m_rps || !m_total)
            m_report.endsBeforeFigures(last);
        m_report.addCaveats(m_b, last);
        m_b.set(m_rep, "rps", *m_rps);
        if (m_done > 0)
            for (const auto &[name, values, line] : m_rows)
                table(name, values, line);
        for (auto it = m_rep.errors.begin(); it != m_rep.errors.end();)
            it = it->second == 0 ? m_rep.errors.erase(it) : std::next(it);
        return m_rep;
    }
    std::uint64_t total() const { return m_total.value_or(0); }
    std::uint64_t failed() const { return m_failed; }

private:
    // Whether `key` is one of kParts (marking it read).
    bool done(const std::string &key)
    {
        for (std::size_t i = 0; i < std::size(kParts); ++i)
            if (key == kParts[i]) {
                m_report.expect(i + 1 < std::size(kParts) ? "the \"" + std::string(kParts[i + 1]) + "\" line" : "");
                return true;
            }
        return false;
    }

    static std::optional<std::vector<std::string>> expectMatch(const TextLine &line, const std::string &pattern)
    {
        auto m = match(line.text, pattern);
        if (!m)
            throw InputFailure{line.place(), "expected \"" + pattern + "\" ({} a value)"};
        return m;
    }

    void finished(const TextLine &line)
    {
        const auto m = expectMatch(line, "finished in {}, {} req/s, {}");
        m_k.durationSeconds = h2loadSeconds((*m)[0], line);
        m_rps = LoadText::number((*m)[1], line);
        m_b.set(m_rep, "transfer_rate", bytesPerSecond((*m)[2], line));
        m_report.expect("the \"requests:\" line");
    }

    void part(const std::string &key, const TextLine &line)
    {
        using LoadText::count;
        if (key == "requests:") {
            counts(*expectMatch(line, "requests: {} total, {} started, {} done, {} succeeded, {} failed, {} errored, "
                                      "{} timeout"),
                   line);
        } else if (key == "status codes:") {
            const auto m = expectMatch(line, "status codes: {} 2xx, {} 3xx, {} 4xx, {} 5xx");
            count((*m)[0], line);
            count((*m)[1], line);
            m_rep.errors["status 4xx"] = count((*m)[2], line);
            m_rep.errors["status 5xx"] = count((*m)[3], line);
        } else if (key == "traffic:") {
            // "traffic: 448.63KB (459392) total, …, 87.89KB (90000) data", or before nghttp2 1.3x
            // "traffic: 4125025824 bytes total, … bytes headers (…), 4096000000 bytes data".
            const auto m = match(line.text, "traffic: {} ({}) total, {} ({}) headers (space savings {}%), {} ({}) data");
            const auto old = match(line.text, "traffic: {} bytes total, {} bytes headers (space savings {}%), {} bytes data");
            if (!m && !old)
                throw InputFailure{line.place(), "expected \"traffic: <size> (<bytes>) total, <size> (<bytes>) headers "
                                                 "(space savings <n>%), <size> (<bytes>) data\""};
            m_b.set(m_rep, "bytes", double(count(m ? (*m)[1] : (*old)[0], line)));
            LoadText::setBodyBytes(m_b, m_rep, double(count(m ? (*m)[6] : (*old)[3], line)));
        } else {
            // "time for request:       77us     11.63ms      1.45ms      1.89ms    84.97%"
            const auto m = match(line.text.substr(line.text.find(':') + 1), " {} {} {} {} {}%");
            if (!m)
                throw InputFailure{line.place(), "expected \"" + key + " <min> <max> <mean> <sd> <+/- sd>%\""};
            m_rows.emplace_back(key.substr(0, key.size() - 1), *m, line);
        }
    }

    void counts(const std::vector<std::string> &m, const TextLine &line)
    {
        m_total = LoadText::count(m[0], line);
        m_done = LoadText::count(m[2], line);
        LoadText::count(m[3], line);
        m_failed = LoadText::count(m[4], line);
        m_b.set(m_rep, "requests", double(m_done));
        m_rep.errors["errored"] = LoadText::count(m[5], line);
        m_rep.errors["timeout"] = LoadText::count(m[6], line);
        m_k.extra["requests_started"] = std::to_string(LoadText::count(m[1], line));
    }

    // min, max, mean, sd of one row.
    void table(const std::string &name, const std::vector<std::string> &v, const TextLine &line)
    {
        const auto lower = Direction::LowerIsBetter;
        if (name == "time for request") {
            m_b.set(m_rep, "latency_min", h2loadSeconds(v[0], line));
            m_b.set(m_rep, "latency_max", h2loadSeconds(v[1], line));
            m_b.set(m_rep, "latency_mean", h2loadSeconds(v[2], line));
            m_b.set(m_rep, "latency_stdev", h2loadSeconds(v[3], line));
        } else if (name == "time for connect") {
            m_b.defineMetric("connect_time_mean", "Connect time (mean)", "s", lower, "h2load: mean over clients");
            m_b.set(m_rep, "connect_time_mean", h2loadSeconds(v[2], line));
        } else if (name == "time to 1st byte") {
            m_b.defineMetric("first_byte_mean", "Time to first byte (mean)", "s", lower, "h2load: mean over clients");
            m_b.set(m_rep, "first_byte_mean", h2loadSeconds(v[2], line));
        } else {
            const auto higher = Direction::HigherIsBetter;
            m_b.defineMetric("client_rps_min", "Req/s of the slowest client", "req/s", higher, "h2load: per client");
            m_b.defineMetric("client_rps_mean", "Req/s per client (mean)", "req/s", higher, "h2load: per client");
            m_b.set(m_rep, "client_rps_min", LoadText::number(v[0], line));
            m_b.set(m_rep, "client_rps_mean", LoadText::number(v[2], line));
        }
    }

    CaptureBuilder &m_b;
    Conditions &m_k;
    TextReport m_report;
    Repetition m_rep;
    std::optional<double> m_rps;
    std::optional<std::uint64_t> m_total;
    std::uint64_t m_done = 0, m_failed = 0;
    std::vector<std::tuple<std::string, std::vector<std::string>, TextLine>> m_rows;
};

void readH2loadReport(CaptureBuilder &b, const ImportInput &in, Result &r)
{
    H2loadReportReader reader(b);
    r.repetitions.push_back(LoadText::readAll(reader, in.text));
    b.setPrimary("rps");
    FailureShare::apply(r, reader.failed(), reader.total(), "requests",
                        "failed (" + FailureShare::kinds(r.repetitions.back().errors) + ")");
    b.caveat("h2load's connect and first-byte times and req/s are per client, not per request; the "
             "request-time table's +/- sd column is not imported");
}

// "1796153556454783	200	482": a start time of 10 digits or more, a status and a duration.
bool isLogLine(std::string text)
{
    if (!text.empty() && text.back() == '\r')
        text.pop_back();
    const auto f = LoadText::fields(text, '\t');
    const auto digits = [](const std::string &w) {
        return !w.empty() && w.find_first_not_of("0123456789") == std::string::npos;
    };
    return f.size() == 3 && f[0].size() >= 10 && digits(f[0]) && digits(f[1]) && digits(f[2]);
}

// --log-file: one row per finished request: start (µs since the epoch), status, duration (µs).
void readLog(CaptureBuilder &b, const ImportInput &in, Result &r)
{
    RequestLog log;
    for (const TextLine &line : LoadText::lines(in.text)) {
        if (line.text.empty())
            continue;
        const auto f = LoadText::fields(line.text, '\t');
        if (f.size() != 3)
            throw InputFailure{line.place(), "expected 3 tab-separated columns (start time, status, duration in "
                                             "microseconds), found " + std::to_string(f.size())};
        ++log.statuses[int(LoadText::count(f[1], line))];
        log.latency.record(LoadText::count(f[2], line) * 1000);
    }
    log.addTo(b, r);
    b.setPrimary("latency_p50");
    b.caveat("h2load --log-file: requests that failed without a response (connection errors) are not in the file");
}

} // namespace

bool H2loadImporter::detect(const ImportInput &in) const
{
    if (in.json)
        return false;
    if (isLogLine(in.text.substr(0, in.text.find('\n'))))
        return true;
    return (in.text.find("spawning thread #") != std::string::npos && in.text.find("total client(s)") != std::string::npos)
        || (in.text.find("finished in ") != std::string::npos && in.text.find(" succeeded, ") != std::string::npos);
}

Capture H2loadImporter::import(const ImportInput &in) const
{
    CaptureBuilder b(in, "h2load", "load-generator");
    Conditions &k = b.provenance().conditions;
    k.mode = "saturation";
    k.latencyCorrected = false;
    b.caveat("h2load prints neither its version nor the URL (participant \"h2load\", case \"run\")");
    b.caveat("latency is not coordinated-omission corrected (h2load runs a closed loop unless given a rate)");
    Result &r = b.result(b.participant("h2load"), b.caseId("run"));
    if (isLogLine(in.text.substr(0, in.text.find('\n'))))
        readLog(b, in, r);
    else
        readH2loadReport(b, in, r);
    return b.finish();
}

} // namespace bs
