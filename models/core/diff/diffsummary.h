#pragma once

#include "metric.h"

#include <cstddef>
#include <string>
#include <vector>

namespace bs {

// The geometric mean of after/before median ratios over a set of cells.
struct GeometricMean {
    std::string group;   // the case group; empty for the overall mean
    double ratio = 1;    // after / before over the established cells; 1 when there are none
    std::size_t cells = 0;    // established: better or worse
    std::size_t compared = 0; // with a verdict: better, worse or no change established
};

// How much faster or slower "after" is on one metric: per case group and
// overall, over the cells whose change is established (better or worse),
// with how many cells had a verdict at all (cells too small to test, or not
// comparable, are left out of both).
struct DiffSummary {
    Metric metric;
    std::vector<GeometricMean> groups; // in case order
    GeometricMean overall;

    // "after is 1.23× faster over 3 established cells of 12 compared";
    // times and rates say faster or slower, other units "1.10× lower
    // (better)"; "no established change over 12 cells compared".
    std::string sentence(const GeometricMean &mean) const;
};

} // namespace bs
