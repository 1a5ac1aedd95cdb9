#pragma once

#include "metric.h"

#include <optional>
#include <vector>

// Ranks the values of one column: 1 is the best for the metric's direction,
// equal values share a rank, cells without a value get 0.
namespace ColumnRanking {

std::vector<int> ranks(const std::vector<std::optional<double>> &values, bs::Direction direction);

} // namespace ColumnRanking
