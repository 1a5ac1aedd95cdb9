#include "abimporter.h"

#include "capturebuilder.h"
#include "failureshare.h"
#include "inputfailure.h"
#include "loadtext.h"
#include "requestlog.h"

#include "textreport.h"

#include <algorithm>
#include <cctype>

namespace bs {

namespace {

const char *const kAbCsvHeader = "Percentage served,Time in ms";
const char *const kTsvHeader = "starttime\tseconds\tctime\tdtime\tttime\twait";

bool startsWith(const std::string &text, const std::string &prefix) { return text.rfind(prefix, 0) == 0; }


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

// "Server Port:            18611" → ("Server Port", "18611"): a key of
// letters, digits, spaces, '/' and '-' from the line's start, a colon, the
// value trimmed (possibly empty).
std::optional<std::pair<std::string, std::string>> field(const std::string &text)
{
    const auto colon = text.find(':');
    if (colon == std::string::npos || colon == 0 || !std::isalpha(static_cast<unsigned char>(text[0])))
        return std::nullopt;
    for (std::size_t i = 0; i < colon; ++i)
        if (!std::isalnum(static_cast<unsigned char>(text[i])) && text[i] != ' ' && text[i] != '/' && text[i] != '-')
            return std::nullopt;
    return std::make_pair(text.substr(0, colon), LoadText::trimmed(text.substr(colon + 1)));
}

// The number before the words ab prints after it: "9587.08 [#/sec] (mean)".
std::string before(const std::string &value, const std::string &suffix, const std::string &key, const TextLine &line)
{
    const auto m = LoadText::match(value, "{}" + suffix);
    if (!m)
        throw InputFailure{line.place(), "expected \"" + key + ": <number>" + suffix + "\", found \"" + value + "\""};
    return m->front();
}

// "  95%  …": digits and a percent sign after the indentation.
bool isPercentileRow(const std::string &t)
{
    const std::string r = LoadText::trimmed(t);
    const auto digits = r.find_first_not_of("0123456789");
    return digits > 0 && digits != std::string::npos && r[digits] == '%';
}

// Lines of ab's report that carry nothing read.
bool abIgnores(const std::string &t)
{
    return t.rfind("Copyright ", 0) == 0 || t.rfind("Licensed to ", 0) == 0 || t.rfind("Completed ", 0) == 0
        || t.rfind("Finished ", 0) == 0 || t == "Connection Times (ms)"
        || t == "Percentage of the requests served within a certain time (ms)"
        || LoadText::match(t, " min mean[+/-sd] median max") || LoadText::match(t, " min avg max");
}

// ab's console report, line by line, into one repetition.
class AbReportReader {
public:
    explicit AbReportReader(CaptureBuilder &b) : m_b(b), m_k(b.provenance().conditions), m_report("ab")
    {
        m_report.expect("its fields (\"Server Software:\" …)");
    }

    void read(const TextLine &line)
    {
        const std::string &t = line.text;
        if (t.find_first_not_of(" \t") == std::string::npos || abIgnores(t))
            return;
        if (t.rfind("This is ApacheBench", 0) == 0 || t.rfind("Benchmarking ", 0) == 0) {
            m_stop.push_back(line);
        } else if (LoadText::startsAfterSpaces(t, "(Connect:")) {
            failures(line);
        } else if (LoadText::startsAfterSpaces(t, "Total of ") || t.rfind("apr_", 0) == 0) {
            m_stop.push_back(line);
        } else if (isPercentileRow(t)) {
            percentile(line);
        } else if (const auto f = field(t); f && value(f->first, f->second, line)) {
            if (m_fields++ == 0 && !m_rps)
                m_report.expect("the \"Requests per second:\" line");
        } else {
            m_stop.push_back(line);
            m_report.unread(line);
        }
    }

    // Whether ab printed its report (otherwise it stopped before: readStopped).
    bool hasReport() const { return m_fields > 0; }
    // The repetition, refused when the report ends before its requests/s or
    // its failures do not add up.
    Repetition &finish(const TextLine &last)
    {
        if (!m_rps)
            m_report.endsBeforeFigures(last);
        std::uint64_t listed = 0;
        for (const auto &[kind, n] : m_failureKinds)
            listed += n;
        if (m_failed && *m_failed != listed)
            throw InputFailure{m_failedLine.place(), "\"Failed requests:\" says " + std::to_string(*m_failed)
                                                         + " but its breakdown (Connect, Receive, Length, Exceptions) "
                                                           "adds up to " + std::to_string(listed)};
        m_report.addCaveats(m_b, last);
        return m_rep;
    }

    std::optional<double> requestsPerSecond() const { return m_rps; }
    std::string host() const { return m_port.empty() ? m_hostname : m_hostname + ":" + m_port; }
    const std::string &path() const { return m_path; }
    const std::string &server() const { return m_server; }
    std::uint64_t complete() const { return m_complete; }
    const std::vector<TextLine> &stopLines() const { return m_stop; }

private:
    bool value(const std::string &key, const std::string &v, const TextLine &line)
    {
        using LoadText::count;
        using LoadText::number;
        if (key == "Server Software")
            m_server = v;
        else if (key == "Server Hostname")
            m_hostname = v;
        else if (key == "Server Port")
            m_port = std::to_string(count(v, line));
        else if (key == "Document Path")
            m_path = v;
        else if (key == "Document Length") // "Variable" with -l
            m_k.extra["document_length"] = v == "Variable" ? v : std::to_string(count(before(v, " bytes", key, line), line)) + " bytes";
        else if (key == "Concurrency Level")
            m_k.connections = int(count(v, line));
        else if (key == "Time taken for tests")
            m_k.durationSeconds = number(before(v, " seconds", key, line), line);
        else if (key == "Complete requests")
            m_b.set(m_rep, "requests", double(m_complete = count(v, line)));
        else if (key == "Failed requests")
            failed(count(v, line), line);
        else if (key == "Non-2xx responses")
            m_rep.errors["non-2xx"] = count(v, line);
        else if (key == "Write errors")
            m_rep.errors["write"] = count(v, line);
        else if (key == "Keep-Alive requests")
            m_k.extra["keep_alive_requests"] = std::to_string(count(v, line));
        else if (key == "Total transferred")
            m_b.set(m_rep, "bytes", double(count(before(v, " bytes", key, line), line)));
        else if (key == "HTML transferred")
            LoadText::setBodyBytes(m_b, m_rep, double(count(before(v, " bytes", key, line), line)));
        else if (key == "Requests per second")
            requestsPerSecond(number(before(v, " [#/sec] (mean)", key, line), line));
        else if (key == "Time per request" && v.find("across") == std::string::npos)
            m_b.set(m_rep, "latency_mean", number(before(v, " [ms] (mean)", key, line), line) * 1e-3);
        else if (key == "Time per request")
            before(v, " [ms] (mean, across all concurrent requests)", key, line);
        else if (key == "Transfer rate")
            m_b.set(m_rep, "transfer_rate", number(before(v, " [Kbytes/sec] received", key, line), line) * 1024);
        else if (key == "Connect" || key == "Processing" || key == "Waiting" || key == "Total")
            connectionTimes(key, LoadText::words(v), line);
        else
            return false;
        return true;
    }

    void failed(std::uint64_t n, const TextLine &line)
    {
        m_failed = n;
        m_failedLine = line;
    }

    void requestsPerSecond(double rps)
    {
        m_rps = rps;
        m_report.expect("the Connection Times table");
    }

    // "   (Connect: 0, Receive: 0, Length: 1964, Exceptions: 0)"
    void failures(const TextLine &line)
    {
        const auto m = LoadText::match(line.text, " (Connect: {}, Receive: {}, Length: {}, Exceptions: {})");
        if (!m)
            throw InputFailure{line.place(), "expected \"(Connect: <n>, Receive: <n>, Length: <n>, Exceptions: <n>)\""};
        const char *kinds[] = {"connect", "receive", "length", "exceptions"};
        for (int i = 0; i < 4; ++i)
            m_rep.errors[kinds[i]] = m_failureKinds[kinds[i]] = LoadText::count((*m)[i], line);
    }

    // "  95%      8", " 100%     15 (longest request)": whole milliseconds.
    void percentile(const TextLine &line)
    {
        auto m = LoadText::match(line.text, " {}% {}");
        const bool longest = !m && (m = LoadText::match(line.text, " {}% {} (longest request)"));
        if (!m)
            throw InputFailure{line.place(), "expected a percentile row: \"<percent>% <whole milliseconds>\""};
        const std::uint64_t p = LoadText::count((*m)[0], line);
        if (p > 100 || longest != (p == 100))
            throw InputFailure{line.place(), "expected percentiles up to \"100% … (longest request)\""};
        m_b.set(m_rep, CaptureBuilder::percentileId("latency", double(p)), double(LoadText::count((*m)[1], line)) * 1e-3);
        m_report.expect(longest ? std::string() : "the \"100%\" row of the percentile table");
    }

    // Connection Times (ms): min, mean, [+/-sd], median, max (or, with -S:
    // min, avg, max), whole ms but the sd.
    void connectionTimes(const std::string &row, const std::vector<std::string> &v, const TextLine &line)
    {
        if (v.size() != 5 && v.size() != 3)
            throw InputFailure{line.place(), "expected the " + row + " row: min, mean, [+/-sd], median, max"};
        auto ms = [&](std::size_t column) { return double(LoadText::count(v[column], line)) * 1e-3; };
        const std::size_t mean = 1, max = v.size() - 1;
        const std::optional<double> sd = v.size() == 5 ? std::optional(LoadText::number(v[2], line) * 1e-3) : std::nullopt;
        if (v.size() == 5)
            ms(3);
        if (row == "Total") {
            m_b.set(m_rep, "latency_min", ms(0));
            m_b.set(m_rep, "latency_stdev", sd);
            m_b.set(m_rep, "latency_max", ms(max));
            m_report.expect("the percentile table (\"Percentage of the requests served …\")");
            return;
        }
        defineConnectionTimes(m_b);
        if (row == "Connect") {
            m_b.set(m_rep, "connect_time_mean", ms(mean));
            m_b.set(m_rep, "connect_time_max", ms(max));
        } else {
            m_b.set(m_rep, row == "Processing" ? "processing_time_mean" : "waiting_time_mean", ms(mean));
        }
    }

    CaptureBuilder &m_b;
    Conditions &m_k;
    TextReport m_report;
    Repetition m_rep;
    std::optional<double> m_rps;
    std::string m_hostname, m_port, m_path, m_server;
    std::uint64_t m_complete = 0;
    std::size_t m_fields = 0;
    std::optional<std::uint64_t> m_failed;
    TextLine m_failedLine{{}, 0};
    std::map<std::string, std::uint64_t> m_failureKinds;
    std::vector<TextLine> m_stop; // the lines before the report, and what ab said when it stopped
};

std::string abVersion(const std::string &firstLine)
{
    const auto m = LoadText::match(firstLine, "This is ApacheBench, Version {}{...}");
    if (!m)
        return {};
    const auto revision = LoadText::match((*m)[1], " <$Revision: {} $>");
    return (*m)[0] + (revision ? " (revision " + revision->front() + ")" : "");
}

// ab stops at a connection error before its report: an error result with
// ab's message ("apr_socket_recv: Connection refused (111)"); a text that
// ends before the report without one is cut short.
void readStopped(CaptureBuilder &b, const std::vector<TextLine> &lines, const TextLine &last)
{
    std::string host = "ab", message;
    for (const TextLine &line : lines) {
        if (const auto m = LoadText::match(line.text, "Benchmarking {} (be patient){...}")) {
            host = (*m)[0];
            const std::string tail = (*m)[1].substr(std::min((*m)[1].find_first_not_of('.'), (*m)[1].size()));
            message = tail == "done" ? std::string() : tail;
        } else if (line.text.rfind("This is ApacheBench", 0) != 0 && !LoadText::startsAfterSpaces(line.text, "Total of ")) {
            message = line.text; // "socket: Too many open files (24)"
        }
    }
    const bool abError = message.rfind("apr_", 0) == 0 || message.find("error") != std::string::npos
        || message.find("failed") != std::string::npos || (!message.empty() && message.back() == ')');
    if (!abError)
        throw InputFailure{last.place(), "the ab report ends here, before its fields (\"Server Software:\" …) and "
                                         "without an error from ab; it looks cut short"};
    b.defineStandard("rps");
    Result &r = b.result(b.participant(host), b.caseId("run"));
    r.status = ResultStatus::Error;
    r.reason = "ab stopped before its report: " + message;
}

void readAbReport(CaptureBuilder &b, const ImportInput &in)
{
    const std::vector<TextLine> lines = LoadText::lines(in.text);
    const TextLine last = lines.empty() ? TextLine{{}, 1} : lines.back();
    b.tool().version = abVersion(lines.empty() ? std::string() : lines.front().text);
    AbReportReader reader(b);
    for (const TextLine &line : lines)
        reader.read(line);
    if (!reader.hasReport())
        return readStopped(b, reader.stopLines(), last);
    Repetition &rep = reader.finish(last);
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
    std::uint64_t next = 0; // the percent the next row must have
    for (std::size_t i = 1; i < lines.size(); ++i) {
        if (lines[i].text.empty() && i + 1 == lines.size())
            continue;
        const auto f = LoadText::fields(lines[i].text, ',');
        if (f.size() != 2)
            throw InputFailure{lines[i].place(), "expected \"percentage,milliseconds\", found \"" + lines[i].text + "\""};
        const std::uint64_t p = LoadText::count(f[0], lines[i]);
        const double s = LoadText::fixed(f[1], 3, lines[i]) * 1e-3;
        if (p != next)
            throw InputFailure{lines[i].place(), "expected the row of " + std::to_string(next) + "%"};
        ++next;
        if (p == 0)
            b.set(rep, "latency_min", s);
        else if (p == 100)
            b.set(rep, "latency_max", s);
        else if (p == 50 || p == 66 || p == 75 || p == 80 || p == 90 || p == 95 || p == 98 || p == 99)
            b.set(rep, CaptureBuilder::percentileId("latency", double(p)), s);
    }
    const TextLine last = lines.back();
    TextReport report("ab -e");
    report.expect("the row of " + std::to_string(next) + "%");
    if (next <= 50)
        report.endsBeforeFigures(last);
    if (next <= 100)
        report.addCaveats(b, last);
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
        || in.text.find("[#/sec] (mean)") != std::string::npos || startsWith(in.text, kAbCsvHeader)
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
    if (startsWith(in.text, kAbCsvHeader))
        readPercentileCsv(b, in);
    else if (startsWith(in.text, kTsvHeader))
        readGnuplotTsv(b, in);
    else
        readAbReport(b, in);
    return b.finish();
}

} // namespace bs
