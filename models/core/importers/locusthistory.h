#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace bs {

// What PREFIX_stats_history.csv (Locust's figures once a second while it
// runs) tells about its run, read one record at a time: a long run's
// history is large, and only these are kept (docs/limits.md). A record
// that is not Locust's shape (a width other than the header's, a timestamp
// or count that is not a number, a column named twice) throws InputFailure
// naming the line; figures that contradict each other are `problems`.
struct LocustHistory {
    std::optional<double> firstTimestamp, lastTimestamp; // UNIX seconds
    std::size_t rows = 0;
    // The first few contradictions, "line 57: ...", and how many in all.
    std::vector<std::string> problems;
    std::size_t problemCount = 0;

    static LocustHistory read(const std::string &text);
    // "line 57: ...; line 80: ... (and 3 more)".
    std::string problemText() const;
};

} // namespace bs
