#include "heyimporter.h"

#include "capturebuilder.h"
#include "failureshare.h"
#include "inputfailure.h"
#include "loadtext.h"
#include "ohatextimporter.h"
#include "requestlog.h"

#include "textreport.h"

#include <algorithm>
#include <cctype>
#include <cmath>

namespace bs {

namespace {

const char *const kHeyCsvHeader =
    "response-time,DNS+dialup,DNS,Request-write,Response-delay,Response-read,status-code,offset";

// hey's "Details" rows: the phases of a request, averaged.
struct Phase {
    const char *label;
    const char *id;
    const char *title;
};
const Phase kPhases[] = {
    {"DNS+dialup", "dial_time_mean", "DNS and dial time (mean)"},
    {"DNS-lookup", "dns_time_mean", "DNS lookup time (mean)"},
    {"req write", "request_write_time_mean", "Request write time (mean)"},
    {"resp wait", "response_wait_time_mean", "Response wait time (mean)"},
    {"resp read", "response_read_time_mean", "Response read time (mean)"},
};

// hey writes NaN for the statistics of a run without responses: no data.
std::optional<double> value(const std::string &text, const TextLine &line)
{
    if (text == "NaN")
        return std::nullopt;
    return LoadText::number(text, line);
}

// "  Total:	0.9317 secs" → ("Total", "0.9317 secs"); nothing for a line
// without a key before a colon.
std::optional<std::pair<std::string, std::string>> keyed(const std::string &text)
{
    const auto colon = text.find(':');
    if (colon == std::string::npos || text.empty() || (text[0] != ' ' && text[0] != '\t'))
        return std::nullopt;
    return std::make_pair(LoadText::trimmed(text.substr(0, colon)), LoadText::trimmed(text.substr(colon + 1)));
}

// The one value of "<value> secs".
std::optional<double> secs(const std::string &v, const TextLine &line)
{
    const auto m = LoadText::match(v, "{} secs");
    if (!m)
        throw InputFailure{line.place(), "expected \"<seconds> secs\", found \"" + v + "\""};
    return value(m->front(), line);
}

// The report, section by section, into one repetition.
class HeyReportReader {
public:
    explicit HeyReportReader(CaptureBuilder &b) : m_b(b), m_report("hey")
    {
        m_report.expect("the Summary's \"Requests/sec:\" line");
    }

    void read(const TextLine &line)
    {
        const std::string &t = line.text;
        if (t.find_first_not_of(" \t") == std::string::npos)
            return;
        if (std::isupper(static_cast<unsigned char>(t[0])) && t.back() == ':')
            section(line);
        else if (!(m_section == "Summary" ? summary(line)
                   : m_section == "Response time histogram" ? bool(LoadText::match(t, " {} [{}] |{...}"))
                   : m_section == "Latency distribution"     ? percentile(line)
                   : m_section == "Details"                  ? details(line)
                   : m_section == "Status code distribution" ? status(line)
                   : m_section == "Error distribution"       ? error(line)
                                                             : false))
            m_report.unread(line);
    }

    // Latency figures only when there were responses (hey prints zeros and NaN otherwise).
    Repetition finish(const TextLine &last)
    {
        if (!m_rps)
            m_report.endsBeforeFigures(last);
        m_report.addCaveats(m_b, last);
        m_b.set(m_rep, "rps", *m_rps);
        LoadText::statusErrors(m_rep, m_statuses);
        if (m_statusesRead)
            m_b.set(m_rep, "requests", double(m_responses));
        if (m_responses > 0)
            for (const auto &[id, v] : m_latency)
                m_b.set(m_rep, id, v);
        checkCounts();
        return m_rep;
    }
    std::optional<std::uint64_t> responses() const
    {
        return m_statusesRead ? std::optional(m_responses) : std::nullopt;
    }

private:
    // "Details (average, fastest, slowest):" → "Details".
    void section(const TextLine &line)
    {
        const std::string name = line.text.substr(0, std::min(line.text.find(" ("), line.text.size() - 1));
        for (const char *known : {"Summary", "Response time histogram", "Latency distribution", "Details",
                                  "Status code distribution", "Error distribution"})
            if (name == known) {
                m_section = name;
                if (name == "Status code distribution" || name == "Error distribution") {
                    m_statusesRead = true;
                    m_report.expect("the rows of its " + name);
                }
                return;
            }
        m_section.clear();
        m_report.unread(line);
    }

    bool summary(const TextLine &line)
    {
        const auto f = keyed(line.text);
        if (!f)
            return false;
        const auto &[key, v] = *f;
        Conditions &k = m_b.provenance().conditions;
        if (key == "Total")
            k.durationSeconds = secs(v, line);
        else if (key == "Slowest")
            m_latency["latency_max"] = secs(v, line).value_or(NAN);
        else if (key == "Fastest")
            m_latency["latency_min"] = secs(v, line).value_or(NAN);
        else if (key == "Average")
            m_latency["latency_mean"] = secs(v, line).value_or(NAN);
        else if (key == "Requests/sec")
            requestsPerSecond(value(v, line), line);
        else if (key == "Total data" && LoadText::match(v, "{} bytes"))
            LoadText::setBodyBytes(m_b, m_rep, double(LoadText::count(LoadText::words(v)[0], line)));
        else if (key == "Size/request" && LoadText::match(v, "{} bytes"))
            LoadText::count(LoadText::words(v)[0], line);
        else
            return false;
        return true;
    }

    void requestsPerSecond(std::optional<double> rps, const TextLine &line)
    {
        m_rps = rps;
        m_rpsLine = line;
        m_report.expect("the \"Status code distribution:\" section");
    }

    // "  10% in 0.0002 secs"
    bool percentile(const TextLine &line)
    {
        const auto m = LoadText::match(line.text, " {}% in {} secs");
        if (!m)
            throw InputFailure{line.place(), "expected a latency row: \"<percent>% in <seconds> secs\""};
        const double p = LoadText::number((*m)[0], line);
        if (p < 0 || p > 100)
            throw InputFailure{line.place(), "a percentile outside 0 to 100"};
        m_latency[CaptureBuilder::percentileId("latency", p)] = value((*m)[1], line).value_or(NAN);
        return true;
    }

    // "  req write:	0.0001 secs, 0.0000 secs, 0.0175 secs": average, fastest, slowest.
    bool details(const TextLine &line)
    {
        const auto f = keyed(line.text);
        for (const Phase &p : kPhases)
            if (f && f->first == p.label) {
                const auto m = LoadText::match(f->second, "{} secs, {} secs, {} secs");
                if (!m)
                    throw InputFailure{line.place(), "expected \"" + f->first + ": <average> secs, <fastest> "
                                                         "secs, <slowest> secs\""};
                m_b.defineMetric(p.id, p.title, "s", Direction::LowerIsBetter, "hey's Details: average over requests");
                m_latency[p.id] = value((*m)[0], line).value_or(NAN);
                value((*m)[1], line);
                value((*m)[2], line);
                return true;
            }
        return false;
    }

    // "  [200]	3000 responses"
    bool status(const TextLine &line)
    {
        const auto m = LoadText::match(line.text, " [{}] {} responses");
        if (!m)
            throw InputFailure{line.place(), "expected a status row: \"[<status>] <n> responses\""};
        const std::uint64_t n = LoadText::count((*m)[1], line);
        const std::uint64_t code = LoadText::count((*m)[0], line);
        if (code > 999)
            throw InputFailure{line.place(), "expected an HTTP status code, found " + std::to_string(code)};
        m_statuses[int(code)] += n;
        m_responses += n;
        m_report.expect({});
        return true;
    }

    // "[409]	Get "http://…": dial tcp …: connect: connection refused" → "connection refused".
    bool error(const TextLine &line)
    {
        const auto m = LoadText::match(line.text, " [{}] {...}");
        if (!m)
            throw InputFailure{line.place(), "expected an error row: \"[<n>] <message>\""};
        const std::string &text = (*m)[1];
        const auto colon = text.rfind(": ");
        const std::uint64_t n = LoadText::count((*m)[0], line);
        m_rep.errors[colon == std::string::npos ? text : text.substr(colon + 2)] += n;
        m_errors += n;
        m_report.expect({});
        return true;
    }

    // hey's requests/s is every finished request (responses and errors) over
    // the total time: what was read must add up to it, to its rounding.
    void checkCounts()
    {
        const auto total = m_b.provenance().conditions.durationSeconds;
        if (!m_statusesRead || !total || !m_rps)
            return;
        const double expected = *m_rps * *total;
        const double read = double(m_responses + m_errors);
        // Both are printed with 4 decimals: the product is off by at most (rps + total) × 0.00005.
        if (std::abs(read - expected) > (*m_rps + *total) * 5e-5 + 0.25)
            m_b.caveat("hey's responses and errors read (" + std::to_string(m_responses + m_errors)
                       + ") do not add up to its requests/s × total time (" + m_rpsLine.place() + ": about "
                       + std::to_string(std::llround(expected)) + "): rows of the Status code or Error distribution "
                                                                  "are missing");
    }

    CaptureBuilder &m_b;
    TextReport m_report;
    Repetition m_rep;
    std::string m_section;
    std::optional<double> m_rps;
    TextLine m_rpsLine{{}, 0};
    std::map<std::string, double> m_latency;
    std::map<int, std::uint64_t> m_statuses;
    std::uint64_t m_responses = 0, m_errors = 0;
    bool m_statusesRead = false;
};

void readHeyReport(CaptureBuilder &b, const ImportInput &in, Result &r)
{
    HeyReportReader reader(b);
    r.repetitions.push_back(LoadText::readAll(reader, in.text));
    b.setPrimary("rps");
    if (reader.responses())
        FailureShare::applyToRequests(r, r.repetitions.back().errors, *reader.responses());
    b.caveat("hey's Requests/sec counts every finished request, failed ones included");
    b.caveat("hey's latencies are printed to 0.1 ms; its 11-bucket response time histogram and the fastest and "
             "slowest of each request phase are not imported");
}

// -o csv: one row per response (requests that failed without a response are not written).
void readCsv(CaptureBuilder &b, const ImportInput &in, Result &r)
{
    const std::vector<TextLine> lines = LoadText::lines(in.text);
    RequestLog log;
    for (std::size_t i = 1; i < lines.size(); ++i) {
        if (lines[i].text.empty())
            continue;
        const auto f = LoadText::fields(lines[i].text, ',');
        if (f.size() != 8)
            throw InputFailure{lines[i].place(), "expected 8 comma-separated columns (" + std::string(kHeyCsvHeader)
                                                     + "), found " + std::to_string(f.size())};
        const double seconds = LoadText::number(f[0], lines[i]);
        if (seconds < 0)
            throw InputFailure{lines[i].place(), "a negative response time"};
        log.latency.record(std::uint64_t(std::llround(seconds * 1e9)));
        ++log.statuses[int(LoadText::count(f[6], lines[i]))];
    }
    if (log.latency.isEmpty())
        throw InputFailure{"line " + std::to_string(lines.size()), "no response rows after the header"};
    log.addTo(b, r);
    b.setPrimary("latency_p50");
    b.caveat("hey -o csv: response times are written to 0.1 ms, and requests that failed without a response "
             "(connection errors) are not in the file");
}

} // namespace

bool HeyImporter::detect(const ImportInput &in) const
{
    if (in.json)
        return false;
    if (in.text.rfind(kHeyCsvHeader, 0) == 0)
        return true;
    const auto first = in.text.find_first_not_of(" \t\r\n");
    return first != std::string::npos && in.text.compare(first, 8, "Summary:") == 0
        && in.text.find("Slowest:") != std::string::npos && !OhaTextImporter::isOhaSummary(in.text);
}

Capture HeyImporter::import(const ImportInput &in) const
{
    CaptureBuilder b(in, "hey", "load-generator");
    Conditions &k = b.provenance().conditions;
    k.mode = "saturation";
    k.latencyCorrected = false;
    b.caveat("hey prints neither its version nor the URL (participant \"hey\", case \"run\")");
    b.caveat("latency is not coordinated-omission corrected (hey runs a closed loop: each worker waits for its "
             "response before the next request)");
    Result &r = b.result(b.participant("hey"), b.caseId("run"));
    if (in.text.rfind(kHeyCsvHeader, 0) == 0)
        readCsv(b, in, r);
    else
        readHeyReport(b, in, r);
    return b.finish();
}

} // namespace bs
