#include "abimporter.h"

#include "capturebuilder.h"
#include "failureshare.h"
#include "inputfailure.h"
#include "loadtext.h"
#include "requestlog.h"

#include <regex>

namespace bs {

namespace {

const char *const kCsvHeader = "Percentage served,Time in ms";
const char *const kTsvHeader = "starttime\tseconds\tctime\tdtime\tttime\twait";

bool startsWith(const std::string &text, const std::string &prefix) { return text.rfind(prefix, 0) == 0; }

// The first word of a value such as "9587.08 [#/sec] (mean)".
double firstNumber(const std::string &value, const TextLine &line)
{
    return LoadText::number(value.substr(0, value.find(' ')), line);
}

void defineConnectionTimes(CaptureBuilder &b)
{
    const auto lower = Direction::LowerIsBetter;
    b.defineMetric("connect_time_mean", "Connect time (mean)", "s", lower, "ab's Connection Times table, whole ms");
    b.defineMetric("connect_time_max", "Connect time (max)", "s", lower, "ab's Connection Times table, whole ms");
    b.defineMetric("processing_time_mean", "Processing time (mean)", "s", lower,
                   "from the connection to the last byte of the response (ab's Processing row)");
    b.defineMetric("waiting_time_mean", "Waiting time (mean)", "s", lower,
                   "from the request sent to the first byte of the response (ab's Waiting row)");
}

// ab's console report, line by line, into one repetition.
class ReportReader {
public:
    explicit ReportReader(CaptureBuilder &b) : m_b(b), m_k(b.provenance().conditions) { }

    void read(const TextLine &line)
    {
        static const std::regex table(R"(^(Connect|Processing|Waiting|Total):\s+(\S+)\s+(\S+)\s+(\S+)\s+(\S+)\s+(\S+)\s*$)");
        static const std::regex percent(R"(^\s*(\d+)%\s+(\d+))");
        static const std::regex failures(R"(^\s*\(Connect: (\d+), Receive: (\d+), Length: (\d+), Exceptions: (\d+)\))");
        static const std::regex field(R"(^([A-Za-z][A-Za-z0-9 /-]*):\s+(.*?)\s*$)");
        std::smatch m;
        if (std::regex_search(line.text, m, table)) {
            connectionTimes(m, line);
        } else if (std::regex_search(line.text, m, percent)) {
            const std::string id = CaptureBuilder::percentileId("latency", LoadText::number(m[1], line));
            m_b.set(m_rep, id, LoadText::number(m[2], line) * 1e-3);
        } else if (std::regex_search(line.text, m, failures)) {
            const char *kinds[] = {"connect", "receive", "length", "exceptions"};
            for (int i = 0; i < 4; ++i)
                m_rep.errors[kinds[i]] = LoadText::count(m[i + 1], line);
        } else if (std::regex_search(line.text, m, field)) {
            value(m[1], m[2], line);
        }
    }

    std::optional<double> requestsPerSecond() const { return m_rps; }
    std::string host() const { return m_port.empty() ? m_hostname : m_hostname + ":" + m_port; }
    const std::string &path() const { return m_path; }
    const std::string &server() const { return m_server; }
    std::uint64_t complete() const { return m_complete; }
    Repetition &repetition() { return m_rep; }

private:
    void value(const std::string &key, const std::string &v, const TextLine &line)
    {
        if (key == "Server Software")
            m_server = v;
        else if (key == "Server Hostname")
            m_hostname = v;
        else if (key == "Server Port")
            m_port = v;
        else if (key == "Document Path")
            m_path = v;
        else if (key == "Document Length")
            m_k.extra["document_length"] = v;
        else if (key == "Concurrency Level")
            m_k.connections = int(LoadText::count(v, line));
        else if (key == "Time taken for tests")
            m_k.durationSeconds = firstNumber(v, line);
        else if (key == "Complete requests")
            m_b.set(m_rep, "requests", double(m_complete = LoadText::count(v, line)));
        else if (key == "Non-2xx responses")
            m_rep.errors["non-2xx"] = LoadText::count(v, line);
        else if (key == "Write errors")
            m_rep.errors["write"] = LoadText::count(v, line);
        else if (key == "Keep-Alive requests")
            m_k.extra["keep_alive_requests"] = v;
        else if (key == "Total transferred")
            m_b.set(m_rep, "bytes", firstNumber(v, line));
        else if (key == "HTML transferred")
            LoadText::setBodyBytes(m_b, m_rep, firstNumber(v, line));
        else if (key == "Requests per second")
            m_rps = firstNumber(v, line);
        else if (key == "Time per request" && v.find("across") == std::string::npos)
            m_b.set(m_rep, "latency_mean", firstNumber(v, line) * 1e-3);
        else if (key == "Transfer rate")
            m_b.set(m_rep, "transfer_rate", firstNumber(v, line) * 1024);
    }

    // Connection Times (ms): min, mean, [+/-sd], median, max.
    void connectionTimes(const std::smatch &m, const TextLine &line)
    {
        const std::string row = m[1];
        auto ms = [&](int column) { return LoadText::number(m[column], line) * 1e-3; };
        if (row == "Total") {
            m_b.set(m_rep, "latency_min", ms(2));
            m_b.set(m_rep, "latency_stdev", ms(4));
            m_b.set(m_rep, "latency_max", ms(6));
            return;
        }
        defineConnectionTimes(m_b);
        if (row == "Connect") {
            m_b.set(m_rep, "connect_time_mean", ms(3));
            m_b.set(m_rep, "connect_time_max", ms(6));
        } else {
            m_b.set(m_rep, row == "Processing" ? "processing_time_mean" : "waiting_time_mean", ms(3));
        }
    }

    CaptureBuilder &m_b;
    Conditions &m_k;
    Repetition m_rep;
    std::optional<double> m_rps;
    std::string m_hostname, m_port, m_path, m_server;
    std::uint64_t m_complete = 0;
};

std::string abVersion(const std::string &text)
{
    static const std::regex version(R"(This is ApacheBench, Version (\S+)(?: <\$Revision: (\d+) \$>)?)");
    std::smatch m;
    if (!std::regex_search(text, m, version))
        return {};
    return m[1].str() + (m[2].matched ? " (revision " + m[2].str() + ")" : "");
}

// ab stops at a connection error before its report: an error result with ab's message.
void readStopped(CaptureBuilder &b, const std::vector<TextLine> &lines)
{
    static const std::regex benchmarking(R"(^Benchmarking (\S+) \(be patient\)\.*(.*)$)");
    std::string host = "ab", message;
    for (const TextLine &line : lines) {
        std::smatch m;
        if (std::regex_search(line.text, m, benchmarking)) {
            host = m[1];
            message = m[2];
        } else if (startsWith(line.text, "apr_") || line.text.find("error") != std::string::npos) {
            message = line.text;
        }
    }
    if (message.empty() || startsWith(message, "Completed"))
        throw InputFailure{"line " + std::to_string(lines.size()),
                           "no \"Requests per second:\" line; the ab report looks cut short"};
    b.defineStandard("rps");
    Result &r = b.result(b.participant(host), b.caseId("run"));
    r.status = ResultStatus::Error;
    r.reason = "ab stopped before its report: " + message;
}

void readReport(CaptureBuilder &b, const ImportInput &in)
{
    b.tool().version = abVersion(in.text);
    const std::vector<TextLine> lines = LoadText::lines(in.text);
    ReportReader reader(b);
    for (const TextLine &line : lines)
        reader.read(line);
    if (!reader.requestsPerSecond())
        return readStopped(b, lines);
    Repetition &rep = reader.repetition();
    b.set(rep, "rps", *reader.requestsPerSecond());
    b.setPrimary("rps");

    const std::string part = b.participant(reader.host().empty() ? "ab" : reader.host());
    const std::string path = reader.path().empty() ? "run" : reader.path();
    const std::string cs = b.caseId(path);
    b.capture().cases.back().description = "http://" + reader.host() + reader.path();
    b.capture().participants.back().version = reader.server();
    Result &r = b.result(part, cs);
    r.repetitions.push_back(rep);
    std::uint64_t failed = 0;
    for (const auto &[kind, n] : rep.errors)
        failed += n;
    FailureShare::apply(r, failed, reader.complete(), "requests", "failed (" + FailureShare::kinds(rep.errors) + ")");
    b.caveat("ab's latency percentiles and Connection Times are whole milliseconds; the mean is \"Time per request\" "
             "(mean), and the second \"Time per request\" (across all concurrent requests) is 1 / requests per second, "
             "not imported");
    if (rep.errors.count("length") && rep.errors.at("length") > 0)
        b.caveat("ab counts a response whose body length differs from the first response's as a \"Length\" failure: "
                 "on dynamic content (a counter, a timestamp, a session id) these are not server errors, yet they are "
                 "counted as failures here because ab cannot tell them from truncated responses");
}

// -e: "Percentage served,Time in ms", one row per percent from 0 to 100.
void readPercentileCsv(CaptureBuilder &b, const ImportInput &in)
{
    Repetition &rep = b.addRepetition(b.participant("ab"), b.caseId("run"));
    const std::vector<TextLine> lines = LoadText::lines(in.text);
    for (std::size_t i = 1; i < lines.size(); ++i) {
        if (lines[i].text.empty())
            continue;
        const auto f = LoadText::fields(lines[i].text, ',');
        if (f.size() != 2)
            throw InputFailure{lines[i].place(), "expected \"percentage,milliseconds\", found \"" + lines[i].text + "\""};
        const double p = LoadText::number(f[0], lines[i]);
        const double s = LoadText::number(f[1], lines[i]) * 1e-3;
        if (p == 0)
            b.set(rep, "latency_min", s);
        else if (p == 100)
            b.set(rep, "latency_max", s);
        else if (p == 50 || p == 66 || p == 75 || p == 80 || p == 90 || p == 95 || p == 98 || p == 99)
            b.set(rep, CaptureBuilder::percentileId("latency", p), s);
    }
    if (rep.metrics.empty())
        throw InputFailure{"line " + std::to_string(lines.size()), "no percentile rows after the header"};
    b.setPrimary("latency_p50");
    b.caveat("ab -e percentile table: the URL, the request count and failures are not in the file (participant "
             "\"ab\", case \"run\"); of its 101 rows the ones ab's report prints (50, 66, 75, 80, 90, 95, 98, 99) "
             "are imported, 0 as the minimum and 100 as the maximum");
}

// -g: one row per request, times in whole ms; "ttime" is the request's total time.
void readGnuplotTsv(CaptureBuilder &b, const ImportInput &in)
{
    RequestLog log;
    const std::vector<TextLine> lines = LoadText::lines(in.text);
    for (std::size_t i = 1; i < lines.size(); ++i) {
        if (lines[i].text.empty())
            continue;
        const auto f = LoadText::fields(lines[i].text, '\t');
        if (f.size() != 6)
            throw InputFailure{lines[i].place(), "expected 6 tab-separated columns (" + std::string(kTsvHeader)
                                                     + "), found " + std::to_string(f.size())};
        log.latency.record(LoadText::count(f[4], lines[i]) * 1000000);
    }
    if (log.latency.isEmpty())
        throw InputFailure{"line " + std::to_string(lines.size()), "no request rows after the header"};
    log.addTo(b, b.result(b.participant("ab"), b.caseId("run")));
    b.setPrimary("latency_p50");
    b.caveat("ab -g per-request rows: times are whole milliseconds (0 means under 1 ms), the URL is not in the file "
             "(participant \"ab\", case \"run\"), and failed requests are not marked");
}

} // namespace

bool AbImporter::detect(const ImportInput &in) const
{
    if (in.json)
        return false;
    return in.text.find("This is ApacheBench") != std::string::npos
        || in.text.find("[#/sec] (mean)") != std::string::npos || startsWith(in.text, kCsvHeader)
        || startsWith(in.text, kTsvHeader);
}

Capture AbImporter::import(const ImportInput &in) const
{
    CaptureBuilder b(in, "ab", "load-generator");
    Conditions &k = b.provenance().conditions;
    k.mode = "saturation";
    k.latencyCorrected = false;
    b.caveat("latency is not coordinated-omission corrected (ab runs a closed loop: each connection waits for its "
             "response before the next request)");
    if (startsWith(in.text, kCsvHeader))
        readPercentileCsv(b, in);
    else if (startsWith(in.text, kTsvHeader))
        readGnuplotTsv(b, in);
    else
        readReport(b, in);
    return b.finish();
}

} // namespace bs
