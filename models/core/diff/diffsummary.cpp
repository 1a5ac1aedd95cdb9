#include "diffsummary.h"

#include <cmath>
#include <cstdio>

namespace bs {

std::string DiffSummary::sentence(const GeometricMean &mean) const
{
    if (mean.cells == 0)
        return "no cells with a verdict to summarize";
    const std::string over = " over " + std::to_string(mean.cells) + (mean.cells == 1 ? " cell" : " cells");
    const double factor = mean.ratio >= 1 ? mean.ratio : 1 / mean.ratio;
    // Sized to the factor, which may have hundreds of digits.
    std::string buf(std::size_t(std::snprintf(nullptr, 0, "%.2f×", factor)), '\0');
    std::snprintf(buf.data(), buf.size() + 1, "%.2f×", factor);
    if (buf == "1.00×")
        return "after is the same (1.00×)" + over;
    const bool higher = mean.ratio > 1;
    const bool better = higher == (metric.direction == Direction::HigherIsBetter);
    const std::string &u = metric.unit;
    const bool speed = u == "s" || u == "req/s" || u == "ops/s" || u == "B/s";
    const std::string how = speed ? (better ? "faster" : "slower")
                                   : std::string(higher ? "higher" : "lower") + (better ? " (better)" : " (worse)");
    return "after is " + std::string(buf) + " " + how + over;
}

} // namespace bs
