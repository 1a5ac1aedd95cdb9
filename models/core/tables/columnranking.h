#pragma once

#include "metric.h"

#include <optional>
#include <vector>

namespace bs {

// Ranks the values of one column: 1 is the best for the metric's direction,
// equal values share a rank, cells without a value get 0.
namespace ColumnRanking {

std::vector<int> ranks(const std::vector<std::optional<double>> &values, Direction direction);

} // namespace ColumnRanking

} // namespace bs
