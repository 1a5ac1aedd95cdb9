#include "mannwhitney.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace bs {

namespace {

// Twice the mid-ranks of the pooled sample (so that tied ranks stay whole
// numbers), and the tie correction sum Σ(t³ − t) over groups of tied values.
struct Ranks {
    std::vector<long> doubled; // in pooled order: a's values first, then b's
    double tieSum = 0;
};

Ranks rank(const std::vector<double> &a, const std::vector<double> &b)
{
    std::vector<double> pooled(a);
    pooled.insert(pooled.end(), b.begin(), b.end());
    std::vector<std::size_t> order(pooled.size());
    std::iota(order.begin(), order.end(), 0);
    std::sort(order.begin(), order.end(), [&](std::size_t x, std::size_t y) { return pooled[x] < pooled[y]; });
    Ranks r;
    r.doubled.assign(pooled.size(), 0);
    for (std::size_t i = 0; i < order.size();) {
        std::size_t j = i;
        while (j + 1 < order.size() && pooled[order[j + 1]] == pooled[order[i]])
            ++j;
        // Positions i..j (0-based) share the mid-rank (i+1 + j+1)/2.
        const long twiceMid = long(i + j + 2);
        for (std::size_t k = i; k <= j; ++k)
            r.doubled[order[k]] = twiceMid;
        const double t = double(j - i + 1);
        r.tieSum += t * t * t - t;
        i = j + 1;
    }
    return r;
}

// Exact two-sided p: how many of the C(N, n1) ways to pick n1 of the pooled
// ranks give a rank sum as far out as the observed one, in either tail.
// Counted by dynamic programming over (how many picked, doubled rank sum);
// with distinct ranks this is the exact U distribution.
double exactP(const std::vector<long> &doubled, std::size_t n1, long observedSum)
{
    const long maxSum = std::accumulate(doubled.begin(), doubled.end(), 0L);
    std::vector<std::vector<double>> ways(n1 + 1, std::vector<double>(std::size_t(maxSum) + 1, 0.0));
    ways[0][0] = 1;
    std::size_t seen = 0;
    for (long r : doubled)
        for (std::size_t k = std::min(n1, ++seen); k >= 1; --k)
            for (long s = maxSum; s >= r; --s)
                ways[k][std::size_t(s)] += ways[k - 1][std::size_t(s - r)];
    double total = 0, atMost = 0, atLeast = 0;
    for (long s = 0; s <= maxSum; ++s) {
        const double w = ways[n1][std::size_t(s)];
        total += w;
        if (s <= observedSum)
            atMost += w;
        if (s >= observedSum)
            atLeast += w;
    }
    return std::min(1.0, 2.0 * std::min(atMost, atLeast) / total);
}

} // namespace

double MannWhitney::minimumP(std::size_t n1, std::size_t n2)
{
    if (n1 == 0 || n2 == 0)
        return 1;
    // C(n1+n2, n1) as a product, in floating point (it only has to be near).
    double combinations = 1;
    const std::size_t k = std::min(n1, n2);
    for (std::size_t i = 1; i <= k; ++i)
        combinations = combinations * double(n1 + n2 - k + i) / double(i);
    return std::min(1.0, 2.0 / combinations);
}

MannWhitneyResult MannWhitney::test(const std::vector<double> &a, const std::vector<double> &b)
{
    MannWhitneyResult res;
    res.n1 = a.size();
    res.n2 = b.size();
    res.minimumP = minimumP(res.n1, res.n2);
    if (a.empty() || b.empty())
        return res;

    const Ranks ranks = rank(a, b);
    res.ties = ranks.tieSum > 0;
    const long doubledSum = std::accumulate(ranks.doubled.begin(), ranks.doubled.begin() + long(res.n1), 0L);
    const double n1 = double(res.n1), n2 = double(res.n2), n = n1 + n2;
    res.u = double(doubledSum) / 2.0 - n1 * (n1 + 1) / 2.0;

    const std::size_t total = res.n1 + res.n2;
    if (total <= (res.ties ? kExactTiesLimit : kExactLimit)) {
        res.exact = true;
        res.p = exactP(ranks.doubled, res.n1, doubledSum);
        return res;
    }
    res.exact = false;
    const double mean = n1 * n2 / 2.0;
    const double variance = n1 * n2 / 12.0 * ((n + 1) - ranks.tieSum / (n * (n - 1)));
    if (variance <= 0) { // every value the same
        res.p = 1;
        return res;
    }
    const double z = std::max(0.0, std::fabs(res.u - mean) - 0.5) / std::sqrt(variance);
    res.p = std::min(1.0, std::erfc(z / std::sqrt(2.0)));
    return res;
}

} // namespace bs
