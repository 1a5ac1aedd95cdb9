#include "locustimporter.h"

#include "capturebuilder.h"
#include "endswith.h"
#include "failureshare.h"
#include "fileio.h"
#include "inputfailure.h"
#include "jsonnode.h"
#include "locuststats.h"

#include <sys/stat.h>

#include <algorithm>
#include <cerrno>

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

// A file beside the one opened: its text, or nullopt when it is not there.
std::optional<std::string> sibling(const std::string &path, const std::string &opened)
{
    if (path == opened)
        return std::nullopt;
    struct stat st;
    if (::stat(path.c_str(), &st) != 0 && errno == ENOENT) // absent: the caller says what that leaves out
        return std::nullopt;
    LoadError error;
    std::optional<std::string> text = FileIO::readMaybeGzip(path, error);
    if (!text)
        throw InputFailure{path + (error.place.empty() ? "" : ", " + error.place), error.message};
    return text;
}

// Reads a file beside the one opened with `read`; its errors name that file.
template <class Read>
auto readSibling(const std::string &path, const std::string &text, Read read)
{
    try {
        return read(text);
    } catch (const InputFailure &f) {
        throw InputFailure{path.substr(path.find_last_of('/') + 1) + ", " + f.place, f.message};
    }
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

Capture importCsv(const ImportInput &in)
{
    const std::string prefix = prefixOf(in.path);
    std::optional<std::string> stats = LocustStats::isStatsCsv(in.text) ? std::optional<std::string>(in.text) : std::nullopt;
    if (!stats && !prefix.empty())
        stats = sibling(prefix + "_stats.csv", in.path);
    if (!stats)
        throw InputFailure{"line 1", "a Locust " + std::string(LocustStats::isHistoryCsv(in.text) ? "stats history" : "failures or exceptions")
                                         + " file; its figures are in PREFIX_stats.csv beside it, which is not there: open that file"};
    CaptureBuilder b(in, "Locust", "load generator");
    caveats(b);
    std::vector<LocustFailure> failures;
    const std::optional<std::string> failuresText =
        LocustStats::isFailuresCsv(in.text) ? std::optional<std::string>(in.text) : prefix.empty() ? std::nullopt : sibling(prefix + "_failures.csv", in.path);
    if (failuresText)
        failures = readSibling(prefix + "_failures.csv", *failuresText, LocustStats::failuresCsv);
    else
        b.caveat("No PREFIX_failures.csv beside the stats: failures are counted, not told apart by kind.");
    if (const auto exceptions = prefix.empty() ? std::nullopt : sibling(prefix + "_exceptions.csv", in.path))
        if (const std::uint64_t n = readSibling(prefix + "_exceptions.csv", *exceptions, LocustStats::exceptionsCsv))
            b.caveat("The locustfile raised " + std::to_string(n) + " exceptions (PREFIX_exceptions.csv): requests it "
                     "would have made are not counted.");
    const std::vector<LocustRow> rows = stats == in.text ? LocustStats::statsCsv(*stats)
                                                         : readSibling(prefix + "_stats.csv", *stats, LocustStats::statsCsv);
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

Capture LocustImporter::import(const ImportInput &in) const
{
    return in.json ? importJson(in) : importCsv(in);
}

} // namespace bs
