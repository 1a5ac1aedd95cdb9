#include "locustimporter.h"

#include "besidefile.h"
#include "capturebuilder.h"
#include "endswith.h"
#include "failureshare.h"
#include "inputfailure.h"
#include "jsonnode.h"
#include "locusthistory.h"
#include "locuststats.h"

#include <algorithm>
#include <list>
#include <map>

namespace bs {

namespace {

const char *const kSuffixes[] = {"_stats.csv", "_stats_history.csv", "_failures.csv", "_exceptions.csv"};

// "out/run_failures.csv" → "out/run"; empty when the name is not Locust's.
std::string prefixOf(const std::string &path)
{
    for (const char *suffix : kSuffixes)
        if (endsWith(path, suffix))
            return path.substr(0, path.size() - std::char_traits<char>::length(suffix));
    return {};
}

// The run's start (the history's first row) as the capture time, and what
// in the history contradicts itself as a caveat.
void readHistory(CaptureBuilder &b, const std::string &text)
{
    const LocustHistory h = LocustHistory::read(text);
    if (h.firstTimestamp && *h.firstTimestamp > 0 && *h.firstTimestamp < 1e11)
        b.capture().capturedAt = BesideFile::isoUtc(*h.firstTimestamp);
    if (h.problemCount)
        b.caveat("PREFIX_stats_history.csv contradicts itself in " + std::to_string(h.problemCount) + " place(s) (the "
                 "capture's figures are PREFIX_stats.csv's): " + h.problemText());
}

// Failures the stats do not account for: of a request the stats have no
// row for, or more of a request than its Failure Count.
void checkFailures(CaptureBuilder &b, const std::vector<LocustRow> &rows, const std::vector<LocustFailure> &failures)
{
    std::map<std::pair<std::string, std::string>, std::uint64_t> counted;
    for (const LocustFailure &f : failures)
        counted[{f.method, f.name}] += f.occurrences;
    std::uint64_t requests = 0, failed = 0;
    const LocustRow *total = nullptr;
    for (const LocustRow &row : rows) {
        if (row.aggregated()) {
            total = &row;
            continue;
        }
        requests += row.requests;
        failed += row.failures;
        const auto it = counted.find({row.type, row.name});
        if (it != counted.end() && it->second > row.failures)
            b.caveat("PREFIX_failures.csv counts " + std::to_string(it->second) + " failures of \"" + row.name
                     + "\", the stats " + std::to_string(row.failures) + " (" + row.place + "): the stats' count is used, not told apart by kind");
        if (it != counted.end())
            counted.erase(it);
    }
    for (const auto &[request, n] : counted)
        b.caveat("PREFIX_failures.csv has " + std::to_string(n) + " failures of \"" + request.first + " " + request.second
                 + "\", a request the stats have no row for: they are not counted");
    if (total && (total->requests != requests || total->failures != failed))
        b.caveat("the stats' Aggregated row (" + total->place + ") counts " + std::to_string(total->requests) + " requests and "
                 + std::to_string(total->failures) + " failures, its rows add up to " + std::to_string(requests) + " and "
                 + std::to_string(failed) + ": the rows are used");
}

void caveats(CaptureBuilder &b)
{
    b.caveat("Locust's users are a closed loop: latency is measured from each request's send and is not "
             "corrected for coordinated omission.");
    b.caveat("Locust's percentiles are bucketed: exact to the millisecond below 100 ms, then rounded to about "
             "two significant digits (to 10 ms below 1 s, to 100 ms above).");
}

void addRow(CaptureBuilder &b, const LocustRow &row, const std::vector<LocustFailure> &failures)
{
    const std::string participant = b.participant("locust");
    // Locust's name is often the path alone ("/user"), sometimes already with the method.
    const bool named = row.type.empty() || row.name.rfind(row.type + " ", 0) == 0;
    const std::string caseId = b.caseId(named ? row.name : row.type + " " + row.name);
    Repetition &rep = b.addRepetition(participant, caseId);
    const Repetition read = LocustStats::repetition(row, failures);
    for (const auto &[id, v] : read.metrics) {
        if (id == "errors")
            b.defineMetric(id, "Failures", "count", Direction::LowerIsBetter, "Locust's failed requests, every kind");
        b.set(rep, id, v);
    }
    rep.errors = read.errors;
    // Locust counts every failure among its requests, with a response or without one.
    std::uint64_t withoutResponse = 0;
    for (const auto &[kind, n] : rep.errors)
        if (kind.rfind("status", 0) != 0)
            withoutResponse += n;
    FailureShare::applyToRequests(b.result(participant, caseId), rep.errors, row.requests - std::min(row.requests, withoutResponse));
}

// The files of one run: the opened one and those beside it, each read once
// (the opened one's text is not copied) and hashed.
class RunFiles {
public:
    RunFiles(CaptureBuilder &b, const ImportInput &in) : m_b(b), m_in(in), m_prefix(prefixOf(in.path)) {}

    // PREFIX + suffix: the opened file's text when `is`, else the file
    // beside it, or null when it is not there.
    const std::string *text(const char *suffix, bool is)
    {
        if (is)
            return &m_in.text;
        if (m_prefix.empty())
            return nullptr;
        std::optional<std::string> t = BesideFile::read(m_prefix + suffix, m_in.path);
        if (!t)
            return nullptr;
        BesideFile::hash(m_b, m_prefix + suffix, *t);
        m_read.push_back(std::move(*t));
        return &m_read.back();
    }

    // `read` of a text from text(); an error in a file beside names it.
    template <class Read>
    auto parse(const char *suffix, const std::string &text, Read read) const
    {
        return &text == &m_in.text ? read(text) : BesideFile::readAs(m_prefix + suffix, text, read);
    }

private:
    CaptureBuilder &m_b;
    const ImportInput &m_in;
    const std::string m_prefix;
    std::list<std::string> m_read;
};

Capture importCsv(const ImportInput &in)
{
    CaptureBuilder b(in, "Locust", "load generator");
    RunFiles files(b, in);
    const std::string *stats = files.text("_stats.csv", LocustStats::isStatsCsv(in.text));
    if (!stats)
        throw InputFailure{"line 1", "a Locust " + std::string(LocustStats::isHistoryCsv(in.text) ? "stats history" : "failures or exceptions")
                                         + " file; its figures are in PREFIX_stats.csv beside it, which is not there: open that file"};
    caveats(b);
    std::vector<LocustFailure> failures;
    if (const std::string *text = files.text("_failures.csv", LocustStats::isFailuresCsv(in.text)))
        failures = files.parse("_failures.csv", *text, LocustStats::failuresCsv);
    else
        b.caveat("No PREFIX_failures.csv beside the stats: failures are counted, not told apart by kind.");
    if (const std::string *text = files.text("_exceptions.csv", LocustStats::isExceptionsCsv(in.text)))
        if (const std::uint64_t n = files.parse("_exceptions.csv", *text, LocustStats::exceptionsCsv))
            b.caveat("The locustfile raised " + std::to_string(n) + " exceptions (PREFIX_exceptions.csv): requests it "
                     "would have made are not counted.");
    if (const std::string *text = files.text("_stats_history.csv", LocustStats::isHistoryCsv(in.text)))
        files.parse("_stats_history.csv", *text, [&](const std::string &t) {
            readHistory(b, t);
            return 0;
        });
    const std::vector<LocustRow> rows = files.parse("_stats.csv", *stats, LocustStats::statsCsv);
    checkFailures(b, rows, failures);
    for (const LocustRow &row : rows)
        if (!row.aggregated())
            addRow(b, row, failures);
    b.setPrimary("rps");
    return b.finish();
}

// `--json`: StatsEntry.serialize() per request name, with the response-time histogram.
LocustRow jsonRow(const JsonNode &e)
{
    LocustRow row;
    row.type = e.string("method");
    row.name = e.string("name");
    row.place = e.path();
    row.requests = std::uint64_t(e.integer("num_requests", 0, 9'000'000'000'000'000LL));
    row.failures = std::uint64_t(e.integer("num_failures", 0, 9'000'000'000'000'000LL));
    std::map<double, std::uint64_t> histogram;
    std::uint64_t counted = 0;
    for (const auto &[bucket, n] : e.member("response_times").members()) {
        char *end = nullptr;
        const double ms = std::strtod(bucket.c_str(), &end);
        if (bucket.empty() || *end || !(ms >= 0) || ms > 1e12)
            e.fail("response_times", "a bucket key must be a response time in ms, found \"" + bucket + "\"");
        const auto c = std::uint64_t(n.integer(0, 9'000'000'000'000'000LL));
        histogram[ms] += c;
        counted += c;
    }
    if (counted != row.requests - std::min(row.requests, std::uint64_t(e.optInteger("num_none_requests", 0, 9'000'000'000'000'000LL).value_or(0))))
        e.fail("response_times", "the histogram counts " + std::to_string(counted) + " responses, num_requests says "
                                     + std::to_string(row.requests));
    if (row.requests > 0) {
        row.meanMs = e.number("total_response_time") / double(row.requests);
        row.minMs = e.optNumber("min_response_time");
        row.maxMs = e.number("max_response_time");
        for (double p : LocustStats::reportedPercentiles())
            row.percentilesMs.emplace_back(p, LocustStats::bucketPercentile(histogram, counted, p));
    }
    const double span = e.number("last_request_timestamp") - e.number("start_time");
    if (span > 0)
        row.rps = double(row.requests) / span;
    return row;
}

Capture importJson(const ImportInput &in)
{
    CaptureBuilder b(in, "Locust", "load generator");
    caveats(b);
    b.caveat("Locust's --json output gives failures as a count: they are not told apart by kind.");
    for (const JsonNode &e : JsonNode(*in.json, in.jsonPath).elements())
        addRow(b, jsonRow(e), {});
    b.setPrimary("rps");
    return b.finish();
}

} // namespace

bool LocustImporter::detect(const ImportInput &in) const
{
    if (in.json)
        return in.json->is_array() && !in.json->empty() && (*in.json)[0].is_object()
            && JsonNode((*in.json)[0]).hasAll({"num_requests", "response_times", "method", "name", "start_time"});
    return LocustStats::isStatsCsv(in.text) || LocustStats::isHistoryCsv(in.text) || LocustStats::isFailuresCsv(in.text)
        || LocustStats::isExceptionsCsv(in.text);
}

std::string LocustImporter::leadFile(const std::string &path) const
{
    const std::string prefix = prefixOf(path);
    return prefix.empty() ? std::string() : prefix + "_stats.csv";
}

Capture LocustImporter::import(const ImportInput &in) const
{
    return in.json ? importJson(in) : importCsv(in);
}

} // namespace bs
