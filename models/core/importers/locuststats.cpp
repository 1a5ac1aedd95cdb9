#include "locuststats.h"

#include "capturebuilder.h"
#include "csvtext.h"
#include "inputfailure.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <map>

namespace bs {

namespace {

const char *const kStatsHeader = "Type,Name,Request Count,Failure Count,";
const char *const kHistoryHeader = "Timestamp,User Count,Type,Name,Requests/s,";
const char *const kFailuresHeader = "Method,Name,Error,Occurrences";
const char *const kExceptionsHeader = "Count,Message,Traceback,Nodes";

bool startsWith(const std::string &text, const char *prefix)
{
    return text.compare(0, std::char_traits<char>::length(prefix), prefix) == 0;
}

// A figure of a row: a finite number from 0 up, or absent where Locust writes "N/A".
std::optional<double> figure(const std::string &text, const std::string &column, const CsvRecord &r)
{
    if (text == "N/A")
        return std::nullopt;
    char *end = nullptr;
    const double v = std::strtod(text.c_str(), &end);
    if (text.empty() || *end || !std::isfinite(v) || v < 0)
        throw InputFailure{r.place(), "column \"" + column + "\": expected a number from 0 up or N/A, found \"" + text + "\""};
    return v;
}

std::uint64_t count(const std::string &text, const std::string &column, const CsvRecord &r)
{
    const std::optional<double> v = figure(text, column, r);
    if (!v || *v != std::floor(*v) || *v > 9e15)
        throw InputFailure{r.place(), "column \"" + column + "\": expected a count, found \"" + text + "\""};
    return std::uint64_t(*v);
}

// The records of a CSV whose first record is `header`, each checked to have its width.
std::vector<CsvRecord> table(const std::string &text, const char *what)
{
    std::vector<CsvRecord> rs = CsvText::records(text);
    if (rs.empty())
        throw InputFailure{"line 1", std::string("an empty file, expected Locust's ") + what + " header"};
    const std::vector<std::string> &head = rs.front().fields;
    for (std::size_t i = 0; i < head.size(); ++i)
        if (std::find(head.begin(), head.begin() + std::ptrdiff_t(i), head[i]) != head.begin() + std::ptrdiff_t(i))
            throw InputFailure{"line 1", "column \"" + head[i] + "\" is in the header twice: which one holds the figures is a guess"};
    for (const CsvRecord &r : rs)
        if (r.fields.size() != rs.front().fields.size())
            throw InputFailure{r.place(), "expected " + std::to_string(rs.front().fields.size()) + " comma-separated columns as in the header, found "
                                              + std::to_string(r.fields.size()) + " (a row cut short?)"};
    return rs;
}

// "99.9%" → 99.9; nullopt for a column that is no percentile.
std::optional<double> percentColumn(const std::string &name)
{
    if (name.size() < 2 || name.back() != '%')
        return std::nullopt;
    char *end = nullptr;
    const double p = std::strtod(name.c_str(), &end);
    if (end != name.c_str() + name.size() - 1 || !(p > 0 && p <= 100))
        return std::nullopt;
    return p;
}

bool contains(const std::string &text, const char *what) { return text.find(what) != std::string::npos; }

// The first three-digit HTTP status after `marker` ("status 503", "code=503"), or 0.
int statusAfter(const std::string &text, const char *marker)
{
    const std::size_t at = text.find(marker);
    if (at == std::string::npos)
        return 0;
    const std::size_t start = at + std::char_traits<char>::length(marker);
    if (start + 3 > text.size())
        return 0;
    const std::string digits = text.substr(start, 3);
    for (char c : digits)
        if (c < '0' || c > '9')
            return 0;
    return std::atoi(digits.c_str());
}

// A stats row that contradicts itself or an earlier row is refused: which
// figure is the wrong one cannot be told.
void check(const LocustRow &row, std::map<std::string, std::string> &seen)
{
    if (row.failures > row.requests)
        throw InputFailure{row.place, "more failures (" + std::to_string(row.failures) + ") than requests ("
                                          + std::to_string(row.requests) + "): Locust counts every failure as a request"};
    const auto [first, fresh] = seen.emplace(row.type + '\n' + row.name, row.place);
    if (!fresh)
        throw InputFailure{row.place, "a second row for \"" + row.type + " " + row.name + "\" (the first is at "
                                          + first->second + "): a duplicated row"};
    const std::pair<double, std::optional<double>> *previous = nullptr;
    for (const auto &p : row.percentilesMs) {
        if (p.second && previous && *p.second < *previous->second)
        {
            char percent[32];
            std::snprintf(percent, sizeof percent, "%g", p.first);
            throw InputFailure{row.place, std::string("the ") + percent + "% percentile is below the one before it: percentiles never fall"};
        }
        if (p.second)
            previous = &p;
    }
    if (row.minMs && row.maxMs && *row.minMs > *row.maxMs)
        throw InputFailure{row.place, "the minimum response time is above the maximum"};
}

} // namespace

bool LocustStats::isStatsCsv(const std::string &text) { return startsWith(text, kStatsHeader); }
bool LocustStats::isHistoryCsv(const std::string &text) { return startsWith(text, kHistoryHeader); }
bool LocustStats::isFailuresCsv(const std::string &text) { return startsWith(text, kFailuresHeader); }
bool LocustStats::isExceptionsCsv(const std::string &text) { return startsWith(text, kExceptionsHeader); }

std::vector<LocustRow> LocustStats::statsCsv(const std::string &text)
{
    const std::vector<CsvRecord> rs = table(text, "stats");
    const std::vector<std::string> &head = rs.front().fields;
    const auto column = [&](const char *name) -> std::size_t {
        for (std::size_t i = 0; i < head.size(); ++i)
            if (head[i] == name)
                return i;
        throw InputFailure{"line 1", std::string("no \"") + name + "\" column in Locust's stats header"};
    };
    const std::size_t type = column("Type"), name = column("Name"), requests = column("Request Count"),
                      failures = column("Failure Count"), mean = column("Average Response Time"),
                      min = column("Min Response Time"), max = column("Max Response Time"), rps = column("Requests/s");
    std::vector<LocustRow> out;
    std::map<std::string, std::string> seen; // type and name → the line of its row
    for (std::size_t i = 1; i < rs.size(); ++i) {
        const CsvRecord &r = rs[i];
        LocustRow row;
        row.type = r.fields[type];
        row.name = r.fields[name];
        row.place = r.place();
        row.requests = count(r.fields[requests], head[requests], r);
        row.failures = count(r.fields[failures], head[failures], r);
        row.meanMs = figure(r.fields[mean], head[mean], r);
        row.minMs = figure(r.fields[min], head[min], r);
        row.maxMs = figure(r.fields[max], head[max], r);
        row.rps = figure(r.fields[rps], head[rps], r);
        for (std::size_t c = 0; c < head.size(); ++c)
            if (const std::optional<double> p = percentColumn(head[c]))
                row.percentilesMs.emplace_back(*p, figure(r.fields[c], head[c], r));
        check(row, seen);
        out.push_back(std::move(row));
    }
    if (out.empty())
        throw InputFailure{"line 2", "Locust's stats file holds its header only: the run made no request"};
    return out;
}

std::vector<LocustFailure> LocustStats::failuresCsv(const std::string &text)
{
    const std::vector<CsvRecord> rs = table(text, "failures");
    if (rs.front().fields.size() != 4)
        throw InputFailure{"line 1", std::string("expected Locust's failures header \"") + kFailuresHeader + "\""};
    std::vector<LocustFailure> out;
    std::map<std::string, std::string> seen; // method, name and error → the line of its row
    for (std::size_t i = 1; i < rs.size(); ++i) {
        const CsvRecord &r = rs[i];
        const auto [first, fresh] = seen.emplace(r.fields[0] + '\n' + r.fields[1] + '\n' + r.fields[2], r.place());
        if (!fresh)
            throw InputFailure{r.place(), "a second row for the same request and error (the first is at "
                                              + first->second + "): a duplicated row"};
        out.push_back({r.fields[0], r.fields[1], r.fields[2], count(r.fields[3], "Occurrences", r), r.place()});
    }
    return out;
}

std::uint64_t LocustStats::exceptionsCsv(const std::string &text)
{
    const std::vector<CsvRecord> rs = table(text, "exceptions");
    std::uint64_t n = 0;
    for (std::size_t i = 1; i < rs.size(); ++i)
        n += count(rs[i].fields[0], "Count", rs[i]);
    return n;
}

std::optional<double> LocustStats::lastHistoryRate(const std::string &text, std::size_t *rows)
{
    // Only whole lines: the file is read while Locust appends to it.
    const std::size_t end = text.rfind('\n');
    if (end == std::string::npos || !isHistoryCsv(text))
        return std::nullopt;
    std::vector<CsvRecord> rs;
    try {
        rs = CsvText::records(text.substr(0, end + 1));
    } catch (const InputFailure &) {
        return std::nullopt;
    }
    const std::vector<std::string> &head = rs.front().fields;
    const auto total = std::find(head.begin(), head.end(), "Total Request Count") - head.begin();
    // (timestamp, total requests) of the Aggregated rows: workers report every
    // 3 s, so the rate is taken over the last three seconds, not the last one.
    std::vector<std::pair<double, double>> points;
    for (std::size_t i = 1; i < rs.size(); ++i) {
        const std::vector<std::string> &f = rs[i].fields;
        if (f.size() != head.size() || std::size_t(total) >= f.size() || f[3] != "Aggregated")
            continue;
        char *a = nullptr, *b = nullptr;
        const double t = std::strtod(f[0].c_str(), &a), n = std::strtod(f[std::size_t(total)].c_str(), &b);
        if (*a == '\0' && *b == '\0' && std::isfinite(t) && std::isfinite(n))
            points.emplace_back(t, n);
    }
    if (rows)
        *rows = points.size();
    if (points.size() < 2)
        return std::nullopt;
    const auto &last = points.back(), &from = points[points.size() - std::min<std::size_t>(points.size(), 4)];
    return last.first > from.first ? std::optional<double>((last.second - from.second) / (last.first - from.first)) : std::nullopt;
}

const std::vector<double> &LocustStats::reportedPercentiles()
{
    static const std::vector<double> p {50, 66, 75, 80, 90, 95, 98, 99, 99.9, 99.99, 100};
    return p;
}

double LocustStats::bucketPercentile(const std::map<double, std::uint64_t> &histogram, std::uint64_t requests,
                                     double percent)
{
    // Locust's calculate_response_time_percentile: walk down from the slowest bucket.
    const auto wanted = std::uint64_t(double(requests) * percent / 100.0);
    std::uint64_t seen = 0;
    for (auto it = histogram.rbegin(); it != histogram.rend(); ++it) {
        seen += it->second;
        if (requests - std::min(seen, requests) <= wanted)
            return it->first;
    }
    return 0;
}

std::string LocustStats::failureKind(const std::string &e)
{
    int status = statusAfter(e, "status ");
    if (!status)
        status = statusAfter(e, "code=");
    if (!status)
        status = statusAfter(e, "HTTPError('");
    if (status >= 500)
        return "status_5xx";
    if (status >= 400)
        return "status_4xx";
    if (contains(e, "Refused") || contains(e, "refused"))
        return "connect_refused";
    if (contains(e, "ConnectTimeout"))
        return "connect_timeout";
    if (contains(e, "Reset") || contains(e, "reset by peer"))
        return "reset";
    if (contains(e, "imeout") || contains(e, "timed out"))
        return "timeout";
    if (contains(e, "RemoteDisconnected") || contains(e, "IncompleteRead") || contains(e, "closed connection"))
        return "eof";
    if (contains(e, "BadStatusLine") || contains(e, "LineTooLong") || contains(e, "ParseError") || contains(e, "InvalidChunk"))
        return "parse";
    return "other";
}

Repetition LocustStats::repetition(const LocustRow &row, const std::vector<LocustFailure> &failures)
{
    Repetition rep;
    if (row.rps)
        rep.metrics["rps"] = *row.rps;
    rep.metrics["requests"] = double(row.requests);
    rep.metrics["errors"] = double(row.failures);
    std::uint64_t named = 0;
    for (const LocustFailure &f : failures)
        if (row.aggregated() || (f.method == row.type && f.name == row.name)) {
            rep.errors[failureKind(f.error)] += f.occurrences;
            named += f.occurrences;
        }
    if (named > row.failures) { // the failures file counts more: the stats' count is used, its kinds unknown
        rep.errors.clear();
        named = 0;
    }
    if (row.failures > named)
        rep.errors["other"] += row.failures - named;
    const auto seconds = [&](const char *id, const std::optional<double> &ms) {
        if (ms && row.requests > 0)
            rep.metrics[id] = *ms / 1000.0;
    };
    seconds("latency_mean", row.meanMs);
    seconds("latency_min", row.minMs);
    seconds("latency_max", row.maxMs);
    for (const auto &[p, ms] : row.percentilesMs)
        if (p < 100)
            seconds(CaptureBuilder::percentileId("latency", p).c_str(), ms);
    return rep;
}

} // namespace bs
