#include "h2loadimporter.h"

#include "capturebuilder.h"
#include "failureshare.h"
#include "inputfailure.h"
#include "loadtext.h"
#include "requestlog.h"

#include <cmath>
#include <regex>

namespace bs {

namespace {

// "41us", "2.96ms", "2.00s" → seconds.
double seconds(const std::string &text, const TextLine &line)
{
    static const std::regex re(R"(([0-9.]+)(us|ms|s))");
    std::smatch m;
    if (!std::regex_match(text, m, re))
        throw InputFailure{line.place(), "expected a time with a unit (us, ms, s), found \"" + text + "\""};
    const double scale = m[2] == "us" ? 1e-6 : m[2] == "ms" ? 1e-3 : 1;
    return LoadText::number(m[1], line) * scale;
}

// "2.79MB/s", "0B/s", "883.87KB/s" → bytes per second (1024-based).
double bytesPerSecond(const std::string &text, const TextLine &line)
{
    static const std::regex re(R"(([0-9.]+)(B|KB|MB|GB)/s)");
    std::smatch m;
    if (!std::regex_match(text, m, re))
        throw InputFailure{line.place(), "expected a rate with a unit (B/s, KB/s, MB/s, GB/s), found \"" + text + "\""};
    const std::string u = m[2];
    return LoadText::number(m[1], line) * (u == "B" ? 1 : u == "KB" ? 1024. : u == "MB" ? 1024. * 1024 : std::pow(1024., 3));
}

// The report, line by line, into one repetition.
class ReportReader {
public:
    explicit ReportReader(CaptureBuilder &b) : m_b(b), m_k(b.provenance().conditions) { }

    void read(const TextLine &line)
    {
        static const std::regex spawning(R"(^spawning thread #\d+: (\d+) total client\(s\)\.)");
        static const std::regex protocol(R"(^Application protocol: (\S+))");
        static const std::regex finished(R"(^finished in (\S+), (\S+) req/s, (\S+)$)");
        static const std::regex requests(R"(^requests: (\d+) total, (\d+) started, (\d+) done, (\d+) succeeded, (\d+) failed, (\d+) errored, (\d+) timeout)");
        static const std::regex statuses(R"(^status codes: (\d+) 2xx, (\d+) 3xx, (\d+) 4xx, (\d+) 5xx)");
        static const std::regex traffic(R"(^traffic: \S+ \((\d+)\) total, \S+ \((\d+)\) headers.*, \S+ \((\d+)\) data)");
        static const std::regex row(R"(^(time for request|time for connect|time to 1st byte|req/s)\s*:\s+(\S+)\s+(\S+)\s+(\S+)\s+(\S+)\s+(\S+)%\s*$)");
        std::smatch m;
        const std::string &t = line.text;
        if (std::regex_search(t, m, spawning)) {
            m_k.connections = m_k.connections.value_or(0) + int(LoadText::count(m[1], line));
        } else if (std::regex_search(t, m, protocol)) {
            m_k.extra["protocol"] = m[1];
        } else if (std::regex_search(t, m, finished)) {
            m_k.durationSeconds = seconds(m[1], line);
            m_rps = LoadText::number(m[2], line);
            m_b.set(m_rep, "transfer_rate", bytesPerSecond(m[3], line));
        } else if (std::regex_search(t, m, requests)) {
            counts(m, line);
        } else if (std::regex_search(t, m, statuses)) {
            m_rep.errors["status 4xx"] = LoadText::count(m[3], line);
            m_rep.errors["status 5xx"] = LoadText::count(m[4], line);
        } else if (std::regex_search(t, m, traffic)) {
            m_b.set(m_rep, "bytes", double(LoadText::count(m[1], line)));
            LoadText::setBodyBytes(m_b, m_rep, double(LoadText::count(m[3], line)));
        } else if (std::regex_search(t, m, row)) {
            m_rows.emplace_back(m[1], std::vector<std::string>{m[2], m[3], m[4], m[5]}, line);
        }
    }

    // The table only when requests were done: h2load prints zeros otherwise.
    Repetition finish(const TextLine &last)
    {
        if (!m_rps)
            throw InputFailure{last.place(), "no \"finished in\" line; the h2load report looks cut short"};
        if (!m_total)
            throw InputFailure{last.place(), "no \"requests:\" line; the h2load report looks cut short"};
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
    void counts(const std::smatch &m, const TextLine &line)
    {
        m_total = LoadText::count(m[1], line);
        m_done = LoadText::count(m[3], line);
        m_failed = LoadText::count(m[5], line);
        m_b.set(m_rep, "requests", double(m_done));
        m_rep.errors["errored"] = LoadText::count(m[6], line);
        m_rep.errors["timeout"] = LoadText::count(m[7], line);
        m_k.extra["requests_started"] = m[2];
    }

    // min, max, mean, sd of one row.
    void table(const std::string &name, const std::vector<std::string> &v, const TextLine &line)
    {
        const auto lower = Direction::LowerIsBetter;
        if (name == "time for request") {
            m_b.set(m_rep, "latency_min", seconds(v[0], line));
            m_b.set(m_rep, "latency_max", seconds(v[1], line));
            m_b.set(m_rep, "latency_mean", seconds(v[2], line));
            m_b.set(m_rep, "latency_stdev", seconds(v[3], line));
        } else if (name == "time for connect") {
            m_b.defineMetric("connect_time_mean", "Connect time (mean)", "s", lower, "h2load: mean over clients");
            m_b.set(m_rep, "connect_time_mean", seconds(v[2], line));
        } else if (name == "time to 1st byte") {
            m_b.defineMetric("first_byte_mean", "Time to first byte (mean)", "s", lower, "h2load: mean over clients");
            m_b.set(m_rep, "first_byte_mean", seconds(v[2], line));
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
    Repetition m_rep;
    std::optional<double> m_rps;
    std::optional<std::uint64_t> m_total;
    std::uint64_t m_done = 0, m_failed = 0;
    std::vector<std::tuple<std::string, std::vector<std::string>, TextLine>> m_rows;
};

void readReport(CaptureBuilder &b, const ImportInput &in, Result &r)
{
    ReportReader reader(b);
    r.repetitions.push_back(LoadText::readAll(reader, in.text));
    b.setPrimary("rps");
    FailureShare::apply(r, reader.failed(), reader.total(), "requests",
                        "failed (" + FailureShare::kinds(r.repetitions.back().errors) + ")");
    b.caveat("h2load's connect and first-byte times and req/s are per client, not per request; the "
             "request-time table's +/- sd column is not imported");
}

bool isLogLine(const std::string &text)
{
    static const std::regex row(R"(^\d{10,}\t\d+\t\d+\r?$)");
    return std::regex_match(text, row);
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
        readReport(b, in, r);
    return b.finish();
}

} // namespace bs
