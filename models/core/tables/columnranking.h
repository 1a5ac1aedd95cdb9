#pragma once

#include "metric.h"

#include <optional>
#include <vector>

namespace bs {

// Ranks the values of one column: 1 is the best for the metric's direction,
// equal values share a rank, cells without a value get 0.
namespace ColumnRanking {

std::vector<int> ranks(const std::vector<std::optional<double>> &values, Direction direction);
// Whether a metric's values are ranked at all: not a figure that states
// another's uncertainty (a "± margin", an error, a standard deviation or
// error, a coefficient of variation, a variance), which no
// participant wins by having small.
bool ranked(const Metric &metric);

} // namespace ColumnRanking

} // namespace bs
