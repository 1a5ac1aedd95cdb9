#include "columnranking.h"

#include <algorithm>
#include <cctype>
#include <set>
#include <string>
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

bool ColumnRanking::ranked(const Metric &metric)
{
    if (metric.label.rfind("±", 0) == 0)
        return false;
    // The id's last word: "margin", "time_stderr", "score.error".
    std::string last = metric.id.substr(metric.id.find_last_of("._-") + 1);
    for (char &ch : last)
        ch = char(std::tolower(static_cast<unsigned char>(ch)));
    static const std::set<std::string> spread = {"margin", "error", "stddev", "stdev", "stderr",
                                                 "sd", "cv", "rme", "mad", "variance"};
    return !spread.count(last);
}

} // namespace bs
