#include "columnranking.h"

#include <algorithm>
#include <numeric>

std::vector<int> ColumnRanking::ranks(const std::vector<std::optional<double>> &values, bs::Direction direction)
{
    std::vector<std::size_t> order;
    for (std::size_t i = 0; i < values.size(); ++i)
        if (values[i])
            order.push_back(i);
    const bool higher = direction == bs::Direction::HigherIsBetter;
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
        return higher ? *values[a] > *values[b] : *values[a] < *values[b];
    });
    std::vector<int> rank(values.size(), 0);
    for (std::size_t i = 0; i < order.size(); ++i)
        rank[order[i]] = (i > 0 && *values[order[i]] == *values[order[i - 1]]) ? rank[order[i - 1]] : int(i) + 1;
    return rank;
}
