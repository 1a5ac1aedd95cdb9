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

    bool operator==(const MetricSummary &o) const
    {
        return value == o.value && median == o.median && min == o.min && max == o.max && n == o.n;
    }
};

} // namespace bs
