#include "columnranking.h"

#include <algorithm>
#include <utility>

namespace bs {

std::vector<int> ColumnRanking::ranks(const std::vector<std::optional<double>> &values, Direction direction)
{
    // (key, row) pairs in one array, sorted best first with ties in row
    // order: the order a stable sort of the rows gives, without chasing
    // pointers into the values. Negating turns "higher is better" into an
    // ascending sort (and keeps equal values equal).
    const bool higher = direction == Direction::HigherIsBetter;
    std::vector<std::pair<double, std::size_t>> order;
    order.reserve(values.size());
    for (std::size_t i = 0; i < values.size(); ++i)
        if (values[i])
            order.emplace_back(higher ? -*values[i] : *values[i], i);
    std::sort(order.begin(), order.end());
    std::vector<int> rank(values.size(), 0);
    for (std::size_t i = 0; i < order.size(); ++i)
        rank[order[i].second] = (i > 0 && order[i].first == order[i - 1].first) ? rank[order[i - 1].second] : int(i) + 1;
    return rank;
}

} // namespace bs
