#include "hodgeslehmann.h"

#include "mannwhitney.h"

#include <algorithm>
#include <cmath>

namespace bs {

namespace {

// The standard normal quantile by bisection of erfc: a few dozen steps,
// once per interval.
double normalQuantile(double p)
{
    double lo = -40, hi = 40;
    for (int i = 0; i < 200; ++i) {
        const double mid = (lo + hi) / 2;
        (0.5 * std::erfc(-mid / std::sqrt(2.0)) < p ? lo : hi) = mid;
    }
    return (lo + hi) / 2;
}

} // namespace

std::size_t HodgesLehmann::cut(std::size_t n1, std::size_t n2, double level)
{
    const double tail = (1 - level) / 2;
    const std::size_t m = n1 * n2;
    if (n1 + n2 <= MannWhitney::kExactLimit) {
        // Two-sided exact p of u (below the mean) is 2·P(U <= u).
        std::size_t c = 0;
        while (c < m / 2 && MannWhitney::exactPWithoutTies(n1, n2, c) / 2 <= tail)
            ++c;
        return c;
    }
    const double mean = double(m) / 2;
    const double sd = std::sqrt(double(n1) * double(n2) * double(n1 + n2 + 1) / 12);
    const double c = std::floor(mean + normalQuantile(tail) * sd);
    return c < 0 ? 0 : std::size_t(c);
}

HodgesLehmannResult HodgesLehmann::estimate(const std::vector<double> &before, const std::vector<double> &after,
                                            double level)
{
    std::vector<double> d;
    d.reserve(before.size() * after.size());
    for (double a : before)
        for (double b : after)
            d.push_back(b - a);
    HodgesLehmannResult r;
    r.exactInterval = before.size() + after.size() <= MannWhitney::kExactLimit;
    if (d.empty())
        return r;
    const std::size_t m = d.size();
    auto at = [&](std::size_t k) { // the k-th smallest difference, 0-based
        std::nth_element(d.begin(), d.begin() + std::ptrdiff_t(k), d.end());
        return d[k];
    };
    const double upperMid = at(m / 2);
    r.shift = m % 2 ? upperMid : (upperMid + *std::max_element(d.begin(), d.begin() + std::ptrdiff_t(m / 2))) / 2;
    const std::size_t c = std::min(cut(before.size(), after.size(), level), (m - 1) / 2);
    // [D(c+1), D(m−c)] in 1-based order statistics; the whole range when c = 0.
    r.high = at(m - 1 - (c > 0 ? c - 1 : 0));
    r.low = at(c > 0 ? c - 1 : 0);
    return r;
}

} // namespace bs
