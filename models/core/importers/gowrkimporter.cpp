#include "gowrkimporter.h"

#include "capturebuilder.h"
#include "failureshare.h"
#include "inputfailure.h"
#include "k6consolemetric.h"
#include "loadtext.h"
#include "textreport.h"

#include <map>
#include <set>

namespace bs {

namespace {

const std::size_t kGoWrkDetectPrefix = 64 * 1024;
const char *const kGoroutines = " goroutine(s) running concurrently";

// Go's time.Duration as go-wrk prints it ("46.608ms", "98µs", "1m0.0015s") in seconds.
double goDuration(const std::string &text, const TextLine &line)
{
    // k6 humanizes durations the way Go prints them.
    if (const auto ms = K6ConsoleMetric::duration(text))
        return *ms / 1000;
    throw InputFailure{line.place(), "expected a Go duration (ns, µs, ms, s, 1m2s), found \"" + text + "\""};
}

// go-wrk's ByteSize ("52.45MB", "0.00bytes"): 1024-based.
double goBytes(const std::string &text, const TextLine &line)
{
    const double k = 1024;
    return LoadText::withUnit(text, {{"bytes", 1}, {"KB", k}, {"MB", k * k}, {"GB", k * k * k}}, line);
}

// The figures of "Key:\tvalue" lines, by key (older forks' spellings joined).
const std::map<std::string, std::string> kKeys = {
    {"Requests/sec", "rps"},         {"Transfer/sec", "transfer_rate"},   {"Transfer/second", "transfer_rate"},
    {"Avg Req Time", "latency_mean"}, {"Avg Request Time", "latency_mean"}, {"Fastest Request", "latency_min"},
    {"Slowest Request", "latency_max"}, {"stddev", "latency_stdev"}};

class GoWrkReader {
public:
    GoWrkReader(CaptureBuilder &b, Repetition &rep) : m_b(b), m_rep(rep), m_report("go-wrk")
    {
        m_report.expect("the \"<n> requests in <duration>, <size> read\" line");
    }

    void read(const TextLine &line)
    {
        const std::string t = LoadText::trimmed(line.text);
        if (t.empty())
            return;
        if (t.rfind("Running ", 0) == 0 && t.find(" test @ ") != std::string::npos)
            return header(t, line);
        if (t.size() > std::string(kGoroutines).size() && t.find(kGoroutines) != std::string::npos)
            return goroutines(t, line);
        if (t.find(" requests in ") != std::string::npos)
            return requests(t, line);
        if (t == "Error: No statistics collected / no requests found") {
            m_noRequests = line;
            return m_report.expect("the \"Number of Errors:\" line");
        }
        const auto colon = t.find(':');
        if (colon == std::string::npos)
            return m_report.unread(line);
        keyed(t.substr(0, colon), LoadText::trimmed(t.substr(colon + 1)), line);
    }

    void finish(const TextLine &last)
    {
        if (m_url.empty() || (m_requests < 0 && !m_noRequests))
            m_report.endsBeforeFigures(last);
        m_report.addCaveats(m_b, last);
    }

    const std::string &url() const { return m_url; }
    bool noRequests() const { return m_noRequests.has_value(); }
    double requests() const { return m_requests; }
    std::uint64_t errors() const { return m_errors; }
    const std::map<std::string, std::uint64_t> &errorKinds() const { return m_kinds; }
    std::optional<TextLine> fastestAboveSlowest() const { return m_inverted; }
    bool percentiles() const { return m_percentiles; }

private:
    void header(const std::string &t, const TextLine &line)
    {
        const auto m = LoadText::match(t, "Running {} test @ {}");
        if (!m || !m_url.empty() || (*m)[1].find("://") == std::string::npos)
            throw InputFailure{line.place(), "expected \"Running <n>s test @ <url>\" once, at the report's start"};
        m_url = (*m)[1];
        m_b.provenance().conditions.durationSeconds = goDuration((*m)[0], line);
    }

    void goroutines(const std::string &t, const TextLine &line)
    {
        const auto n = LoadText::count(t.substr(0, t.find(kGoroutines)), line);
        if (n > 1000000000)
            throw InputFailure{line.place(), "more goroutines than go-wrk can run"};
        m_b.provenance().conditions.connections = int(n);
    }

    void requests(const std::string &t, const TextLine &line)
    {
        const auto m = LoadText::match(t, "{} requests in {}, {} read");
        if (!m || m_url.empty() || m_requests >= 0)
            throw InputFailure{line.place(), "expected \"<n> requests in <duration>, <size> read\" once, after "
                                             "\"Running … test @ <url>\""};
        m_requests = double(LoadText::count((*m)[0], line));
        m_b.set(m_rep, "requests", m_requests);
        m_b.set(m_rep, "bytes", goBytes((*m)[2], line));
        m_report.expect("the \"Number of Errors:\" line");
    }

    void keyed(const std::string &key, const std::string &value, const TextLine &line)
    {
        if (m_requests < 0 && !m_noRequests)
            return m_report.unread(line);
        if (const auto k = kKeys.find(key); k != kKeys.end())
            return figure(k->second, value, line);
        if (key == "Number of Errors") {
            m_errors = LoadText::count(value, line);
            return m_report.expect(m_histogram ? "the \"stddev:\" line" : std::string());
        }
        if (key == "Error Counts")
            return errorCounts(value, line);
        // The rates over the whole test (checked, not read: rps is go-wrk's headline figure).
        if (key == "Overall Requests/sec" || key == "Overall Transfer/sec") {
            m_histogram = true;
            key == "Overall Requests/sec" ? LoadText::number(value, line) : goBytes(value, line);
            return;
        }
        if (!key.empty() && key.back() == '%') {
            LoadText::number(key.substr(0, key.size() - 1), line);
            goDuration(value, line); // mislabelled percentiles: checked, not read (see the header)
            m_percentiles = true;
            return;
        }
        m_report.unread(line);
    }

    void figure(const std::string &id, const std::string &value, const TextLine &line)
    {
        if (m_seen.count(id))
            throw InputFailure{line.place(), "a second \"" + id + "\" figure in one report"};
        m_seen.insert(id);
        if (id == "rps")
            return m_b.set(m_rep, id, LoadText::number(value, line));
        if (id == "transfer_rate")
            return m_b.set(m_rep, id, goBytes(value, line));
        const double s = goDuration(value, line);
        if (id == "latency_min" && !m_rep.metrics.count("latency_mean"))
            m_histogram = true; // the HdrHistogram layout prints the fastest before the average
        if (id == "latency_stdev")
            m_report.expect({});
        if (id == "latency_max" && m_rep.metrics.count("latency_min") && s < m_rep.metrics.at("latency_min"))
            m_inverted = line;
        m_b.set(m_rep, id, s);
    }

    // "map[]" (2024-06) or "kind=n,kind=n" (mapToString); a kind's text may hold '='.
    void errorCounts(const std::string &value, const TextLine &line)
    {
        if (value == "map[]")
            return;
        for (const std::string &item : LoadText::fields(value, ',')) {
            const auto eq = item.rfind('=');
            if (eq == std::string::npos || eq == 0)
                throw InputFailure{line.place(), "expected \"<error>=<count>,…\" after \"Error Counts:\""};
            m_kinds[LoadText::trimmed(item.substr(0, eq))] += LoadText::count(item.substr(eq + 1), line);
        }
    }

    CaptureBuilder &m_b;
    Repetition &m_rep;
    TextReport m_report;
    std::string m_url;
    double m_requests = -1;
    std::uint64_t m_errors = 0;
    std::map<std::string, std::uint64_t> m_kinds;
    std::set<std::string> m_seen;
    std::optional<TextLine> m_noRequests, m_inverted;
    bool m_histogram = false;
    bool m_percentiles = false;
};

} // namespace

bool GoWrkImporter::detect(const ImportInput &in) const
{
    if (in.json)
        return false;
    const std::string head = in.text.substr(0, kGoWrkDetectPrefix);
    return head.find(" test @ ") != std::string::npos && head.find(kGoroutines) != std::string::npos;
}

Capture GoWrkImporter::import(const ImportInput &in) const
{
    CaptureBuilder b(in, "go-wrk", "load-generator");
    b.provenance().conditions.mode = "saturation";
    b.provenance().conditions.latencyCorrected = false;
    b.caveat("go-wrk prints no version; latency is not coordinated-omission corrected (each goroutine waits for its "
             "response before the next request)");
    b.defineStandard("rps");
    Repetition rep;
    GoWrkReader reader(b, rep);
    LoadText::readAll(reader, in.text);
    const auto [host, path] = LoadText::hostAndPath(reader.url(), "go-wrk");
    const std::string part = b.participant(host), cs = b.caseId(path);
    Result &r = b.result(part, cs);
    if (reader.percentiles())
        b.caveat("go-wrk's percentile lines (\"10%:\" … \"99.99999%:\") are not read: it asks its histogram for the "
                 ".10 … .9999999 percentile where the histogram takes percents, so \"99%\" is the 0.99th percentile");
    if (const auto line = reader.fastestAboveSlowest()) {
        rep.metrics.erase("latency_min");
        b.caveat("the fastest request is slower than the slowest (" + line->place()
                 + "): the fastest is left out, as go-wrk's figure cannot be right");
    }
    std::map<std::string, std::uint64_t> errors = reader.errorKinds();
    std::uint64_t named = 0;
    for (const auto &[kind, n] : errors)
        named += n;
    if (reader.errors() > named)
        errors["error or empty response"] += reader.errors() - named;
    rep.errors = errors;
    if (reader.noRequests()) {
        r.status = ResultStatus::Error;
        r.reason = "go-wrk collected no statistics: no request succeeded (" + std::to_string(reader.errors())
            + " errors)";
    } else {
        r.repetitions.push_back(rep);
        FailureShare::applyToRequests(r, errors, std::uint64_t(reader.requests()));
    }
    b.setPrimary("rps");
    return b.finish();
}

} // namespace bs
