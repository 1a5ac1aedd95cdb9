#include "benjaminihochberg.h"

#include <algorithm>
#include <numeric>

namespace bs {

std::vector<double> BenjaminiHochberg::adjust(const std::vector<double> &p)
{
    const std::size_t m = p.size();
    std::vector<std::size_t> order(m);
    std::iota(order.begin(), order.end(), 0);
    // Largest p first; ties keep their given order, so the result is the same on every run.
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return p[a] > p[b]; });
    std::vector<double> adjusted(m);
    double running = 1;
    for (std::size_t i = 0; i < m; ++i) {
        const std::size_t rank = m - i; // 1-based rank from the smallest
        running = std::min(running, p[order[i]] * double(m) / double(rank));
        adjusted[order[i]] = running;
    }
    return adjusted;
}

} // namespace bs
