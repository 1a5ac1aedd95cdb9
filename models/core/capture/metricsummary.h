#pragma once

#include <cstddef>

namespace bs {

// Summary of one metric over the repetitions of one result. `value` is the
// representative repetition's value (the repetition whose primary metric is
// the median), so that all metrics of a row come from the same run.
struct MetricSummary {
    double value = 0;
    double median = 0;
    double min = 0;
    double max = 0;
    std::size_t n = 0;
    bool once = false; // a figure measured once (Result::once), not per repetition

    // More than one repetition, all with the same value: maybe one figure
    // copied onto every repetition by an older writer.
    bool zeroSpread() const { return n > 1 && min == max; }

    bool operator==(const MetricSummary &o) const
    {
        return value == o.value && median == o.median && min == o.min && max == o.max && n == o.n && once == o.once;
    }
};

} // namespace bs
