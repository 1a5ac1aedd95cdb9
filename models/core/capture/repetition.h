#pragma once

#include "histogram.h"

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace bs {

// One repetition of one participant on one case: every metric it produced,
// its error counts by kind and, where latency was recorded, its histograms
// (e.g. "latency" corrected, "service_time" uncorrected).
struct Repetition {
    std::map<std::string, double> metrics;
    std::map<std::string, std::uint64_t> errors;
    std::map<std::string, Histogram> histograms;
    std::vector<std::string> flags; // e.g. "behind-rate", "interrupted"
    std::string startedAt;          // ISO-8601, optional

    bool operator==(const Repetition &o) const
    {
        return metrics == o.metrics && errors == o.errors && histograms == o.histograms
            && flags == o.flags && startedAt == o.startedAt;
    }
};

} // namespace bs
