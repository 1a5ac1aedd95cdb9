#pragma once

#include "metric.h"

#include <cstddef>
#include <string>
#include <vector>

namespace bs {

// The geometric mean of after/before median ratios over a set of cells.
struct GeometricMean {
    std::string group;   // the case group; empty for the overall mean
    double ratio = 1;    // after / before; 1 when there are no cells
    std::size_t cells = 0;
};

// How much faster or slower "after" is on one metric: per case group and
// overall, over the cells whose verdict is better, worse or no change
// established (cells too small to test, or not comparable, are left out).
struct DiffSummary {
    Metric metric;
    std::vector<GeometricMean> groups; // in case order
    GeometricMean overall;

    // "after is 1.23× faster over 12 cells"; times and rates say faster or
    // slower, other units "1.10× lower (better)".
    std::string sentence(const GeometricMean &mean) const;
};

} // namespace bs
