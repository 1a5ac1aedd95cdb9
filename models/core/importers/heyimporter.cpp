#include "heyimporter.h"

#include "capturebuilder.h"
#include "failureshare.h"
#include "inputfailure.h"
#include "loadtext.h"
#include "requestlog.h"

#include <cmath>
#include <regex>

namespace bs {

namespace {

const char *const kCsvHeader =
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

// The report, section by section, into one repetition.
class ReportReader {
public:
    explicit ReportReader(CaptureBuilder &b) : m_b(b) { }

    void read(const TextLine &line)
    {
        static const std::regex section(R"(^([A-Z][A-Za-z ]*)(?: \([a-z, ]+\))?:\s*$)");
        std::smatch m;
        if (std::regex_match(line.text, m, section))
            m_section = m[1];
        else if (m_section == "Summary")
            summary(line);
        else if (m_section == "Latency distribution")
            percentile(line);
        else if (m_section == "Details")
            details(line);
        else if (m_section == "Status code distribution")
            status(line);
        else if (m_section == "Error distribution")
            error(line);
    }

    // Latency figures only when there were responses (hey prints zeros and NaN otherwise).
    Repetition finish(const TextLine &last)
    {
        if (!m_rps)
            throw InputFailure{last.place(), "no \"Requests/sec:\" line in the Summary; the hey report looks cut short"};
        m_b.set(m_rep, "rps", *m_rps);
        LoadText::statusErrors(m_rep, m_statuses);
        m_b.set(m_rep, "requests", double(m_responses));
        if (m_responses > 0)
            for (const auto &[id, v] : m_latency)
                m_b.set(m_rep, id, v);
        return m_rep;
    }
    std::uint64_t responses() const { return m_responses; }

private:
    void summary(const TextLine &line)
    {
        static const std::regex field(R"(^\s+([A-Za-z/ ]+):\s+(\S+)(?: (secs|bytes))?\s*$)");
        std::smatch m;
        if (!std::regex_match(line.text, m, field))
            return;
        const std::string key = m[1];
        const auto v = value(m[2], line);
        Conditions &k = m_b.provenance().conditions;
        if (key == "Total")
            k.durationSeconds = v;
        else if (key == "Slowest")
            m_latency["latency_max"] = v.value_or(NAN);
        else if (key == "Fastest")
            m_latency["latency_min"] = v.value_or(NAN);
        else if (key == "Average")
            m_latency["latency_mean"] = v.value_or(NAN);
        else if (key == "Requests/sec")
            m_rps = v;
        else if (key == "Total data" && v)
            LoadText::setBodyBytes(m_b, m_rep, *v);
    }

    void percentile(const TextLine &line)
    {
        static const std::regex row(R"(^\s+([0-9.]+)% in (\S+) secs\s*$)");
        std::smatch m;
        if (std::regex_match(line.text, m, row))
            m_latency[CaptureBuilder::percentileId("latency", LoadText::number(m[1], line))] =
                value(m[2], line).value_or(NAN);
    }

    void details(const TextLine &line)
    {
        static const std::regex row(R"(^\s+([A-Za-z+ -]+):\s+(\S+) secs, (\S+) secs, (\S+) secs\s*$)");
        std::smatch m;
        if (!std::regex_match(line.text, m, row))
            return;
        for (const Phase &p : kPhases)
            if (m[1] == p.label) {
                m_b.defineMetric(p.id, p.title, "s", Direction::LowerIsBetter, "hey's Details: average over requests");
                m_latency[p.id] = value(m[2], line).value_or(NAN);
            }
    }

    void status(const TextLine &line)
    {
        static const std::regex row(R"(^\s+\[(\d+)\]\s+(\d+) responses\s*$)");
        std::smatch m;
        if (!std::regex_match(line.text, m, row))
            return;
        const std::uint64_t n = LoadText::count(m[2], line);
        m_statuses[int(LoadText::count(m[1], line))] += n;
        m_responses += n;
    }

    // "[409]	Get "http://…": dial tcp …: connect: connection refused" → "connection refused".
    void error(const TextLine &line)
    {
        static const std::regex row(R"(^\s+\[(\d+)\]\s+(.*?)\s*$)");
        std::smatch m;
        if (!std::regex_match(line.text, m, row))
            return;
        const std::string text = m[2];
        const auto colon = text.rfind(": ");
        m_rep.errors[colon == std::string::npos ? text : text.substr(colon + 2)] += LoadText::count(m[1], line);
    }

    CaptureBuilder &m_b;
    Repetition m_rep;
    std::string m_section;
    std::optional<double> m_rps;
    std::map<std::string, double> m_latency;
    std::map<int, std::uint64_t> m_statuses;
    std::uint64_t m_responses = 0;
};

void readReport(CaptureBuilder &b, const ImportInput &in, Result &r)
{
    ReportReader reader(b);
    r.repetitions.push_back(LoadText::readAll(reader, in.text));
    b.setPrimary("rps");
    FailureShare::applyToRequests(r, r.repetitions.back().errors, reader.responses());
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
            throw InputFailure{lines[i].place(), "expected 8 comma-separated columns (" + std::string(kCsvHeader)
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
    if (in.text.rfind(kCsvHeader, 0) == 0)
        return true;
    const auto first = in.text.find_first_not_of(" \t\r\n");
    return first != std::string::npos && in.text.compare(first, 8, "Summary:") == 0
        && in.text.find("Slowest:") != std::string::npos;
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
    if (in.text.rfind(kCsvHeader, 0) == 0)
        readCsv(b, in, r);
    else
        readReport(b, in, r);
    return b.finish();
}

} // namespace bs
