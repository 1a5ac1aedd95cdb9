#pragma once

#include "repetition.h"

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace bs {

// One request row of Locust's statistics: a row of `--csv PREFIX`'s
// PREFIX_stats.csv, or an entry of the `--json` output (Locust 2.16 and
// later print `stats.serialize_stats()`). Times are milliseconds, as Locust
// writes them; a figure Locust writes as "N/A" (no requests) is absent.
struct LocustRow {
    std::string type;  // the request's method ("GET"); "" on the total row
    std::string name;  // the request's name; "Aggregated" on the total row
    std::uint64_t requests = 0;
    std::uint64_t failures = 0;
    std::optional<double> meanMs, minMs, maxMs;
    std::optional<double> rps;  // Locust's own: requests ÷ (last request − start)
    std::vector<std::pair<double, std::optional<double>>> percentilesMs; // (50, 7), (99.9, 220), …
    std::string place;          // "line 2", "$[0]"

    bool aggregated() const { return type.empty() && name == "Aggregated"; }
};

// One row of PREFIX_failures.csv: a kind of failure and how often it came.
struct LocustFailure {
    std::string method;
    std::string name;
    std::string error;
    std::uint64_t occurrences = 0;
    std::string place; // "line 3"
};

// Readers of Locust's own output files. Each throws InputFailure naming the
// line (CSV) or the JSON path, and never accepts a malformed row silently:
// a column named twice, a row given twice, more failures than requests,
// percentiles that fall, a minimum above the maximum are refused.
namespace LocustStats {

// The header lines that tell Locust's CSV files apart by content.
bool isStatsCsv(const std::string &text);
bool isHistoryCsv(const std::string &text);
bool isFailuresCsv(const std::string &text);
bool isExceptionsCsv(const std::string &text);

std::vector<LocustRow> statsCsv(const std::string &text);
std::vector<LocustFailure> failuresCsv(const std::string &text);
// Occurrences of every exception the locustfile raised (PREFIX_exceptions.csv).
std::uint64_t exceptionsCsv(const std::string &text);
// Requests/s over the last three seconds of PREFIX_stats_history.csv
// (written once a second while Locust runs), from its "Aggregated" rows'
// total counts, and the number of those rows; nullopt before two rows.
std::optional<double> lastHistoryRate(const std::string &text, std::size_t *rows = nullptr);

// The percentiles Locust reports (its PERCENTILES_TO_REPORT), and the one
// it would print for `percent` of a response-time histogram (rounded
// milliseconds → count): the same rule as its CSV, so both agree.
const std::vector<double> &reportedPercentiles();
double bucketPercentile(const std::map<double, std::uint64_t> &histogram, std::uint64_t requests, double percent);

// A failure's kind, as the runner names its own errors: "status_5xx",
// "connect_refused", "reset", "timeout", "eof", "parse", or "other".
std::string failureKind(const std::string &locustError);

// The repetition of one request row: rps, requests, errors (by kind from
// the failures of that row; "other" for failures without a kind), latency
// percentiles, mean, min and max in seconds.
Repetition repetition(const LocustRow &row, const std::vector<LocustFailure> &failures);

} // namespace LocustStats

} // namespace bs
