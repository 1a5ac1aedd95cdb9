#include "mannwhitney.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <map>
#include <mutex>
#include <numeric>
#include <utility>

namespace bs {

namespace {

// The ranks of the pooled sample read off the two samples sorted, in one
// merge: the first sample's sum of doubled mid-ranks (doubled so that tied
// ranks stay whole numbers), the tie correction sum Σ(t³ − t) over groups of
// tied values, and, when asked for, every doubled rank (in pooled order:
// the multiset is what the exact distribution counts).
struct Ranks {
    long doubledSumA = 0;
    double tieSum = 0;
    std::vector<long> doubled;
};

Ranks rankSorted(const std::vector<double> &a, const std::vector<double> &b, bool keepDoubled)
{
    Ranks r;
    if (keepDoubled)
        r.doubled.reserve(a.size() + b.size());
    std::size_t i = 0, j = 0, seen = 0;
    while (i < a.size() || j < b.size()) {
        const double v = j == b.size() || (i < a.size() && a[i] < b[j]) ? a[i] : b[j];
        std::size_t ta = 0, tb = 0;
        while (i < a.size() && a[i] == v)
            ++i, ++ta;
        while (j < b.size() && b[j] == v)
            ++j, ++tb;
        // Positions seen+1 .. seen+t (1-based) share the mid-rank.
        const std::size_t t = ta + tb;
        const long twiceMid = long(2 * seen + t + 1);
        r.doubledSumA += long(ta) * twiceMid;
        if (keepDoubled)
            r.doubled.insert(r.doubled.end(), t, twiceMid);
        r.tieSum += double(t) * double(t) * double(t) - double(t);
        seen += t;
    }
    return r;
}

// How many of the C(N, n1) ways to pick n1 of the pooled doubled ranks give
// each doubled rank sum, by dynamic programming over (how many picked, sum).
// The counts are whole numbers below 2^53 for N <= kExactLimit, so exact.
std::vector<double> sumCounts(const std::vector<long> &doubled, std::size_t n1)
{
    const long maxSum = std::accumulate(doubled.begin(), doubled.end(), 0L);
    std::vector<std::vector<double>> ways(n1 + 1, std::vector<double>(std::size_t(maxSum) + 1, 0.0));
    ways[0][0] = 1;
    std::size_t seen = 0;
    long reach = 0; // no sum above the ranks seen so far has a way yet
    for (long r : doubled) {
        reach += r;
        for (std::size_t k = std::min(n1, ++seen); k >= 1; --k)
            for (long s = reach; s >= r; --s)
                ways[k][std::size_t(s)] += ways[k - 1][std::size_t(s - r)];
    }
    return std::move(ways[n1]);
}

double twoSided(double atMost, double atLeast, double total)
{
    return std::min(1.0, 2.0 * std::min(atMost, atLeast) / total);
}

// Without ties the doubled ranks are 2, 4, …, 2N, so the distribution depends
// on (n1, n2) only: at[u] counts the splits with U <= u. Counted once per
// sizes and kept; entries are never changed after insertion, so a reference
// stays valid and readable outside the lock.
// The sizes test() looks up are read without a lock (a history weighs
// hundreds of thousands of candidates on every core).
const std::vector<double> &cumulativeU(std::size_t n1, std::size_t n2)
{
    using Published = std::atomic<const std::vector<double> *>;
    static Published quick[MannWhitney::kExactLimit + 1][MannWhitney::kExactLimit + 1];
    Published *slot = n1 <= MannWhitney::kExactLimit && n2 <= MannWhitney::kExactLimit ? &quick[n1][n2] : nullptr;
    if (slot)
        if (const std::vector<double> *at = slot->load(std::memory_order_acquire))
            return *at;
    static std::mutex mutex;
    static std::map<std::pair<std::size_t, std::size_t>, std::vector<double>> cache;
    const std::lock_guard<std::mutex> lock(mutex);
    auto it = cache.find({n1, n2});
    if (it != cache.end())
        return it->second;
    std::vector<long> doubled(n1 + n2);
    for (std::size_t i = 0; i < doubled.size(); ++i)
        doubled[i] = long(2 * (i + 1));
    const std::vector<double> counts = sumCounts(doubled, n1);
    // U = sum / 2 − n1(n1+1)/2: the doubled sum of U = 0 is n1(n1+1).
    const std::size_t offset = n1 * (n1 + 1);
    std::vector<double> at(n1 * n2 + 1);
    double running = 0;
    for (std::size_t u = 0; u < at.size(); ++u)
        at[u] = running += counts[offset + 2 * u];
    const std::vector<double> &kept = cache.emplace(std::make_pair(n1, n2), std::move(at)).first->second;
    if (slot)
        slot->store(&kept, std::memory_order_release);
    return kept;
}

} // namespace

double MannWhitney::exactP(const std::vector<long> &doubledRanks, std::size_t n1, long doubledRankSum)
{
    const std::vector<double> counts = sumCounts(doubledRanks, n1);
    double total = 0, atMost = 0, atLeast = 0;
    for (std::size_t s = 0; s < counts.size(); ++s) {
        total += counts[s];
        if (long(s) <= doubledRankSum)
            atMost += counts[s];
        if (long(s) >= doubledRankSum)
            atLeast += counts[s];
    }
    return twoSided(atMost, atLeast, total);
}

double MannWhitney::exactPWithoutTies(std::size_t n1, std::size_t n2, std::size_t u)
{
    const std::vector<double> &at = cumulativeU(n1, n2);
    const double total = at.back();
    return twoSided(at[u], total - (u > 0 ? at[u - 1] : 0.0), total);
}

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

MannWhitneyResult MannWhitney::test(std::vector<double> a, std::vector<double> b)
{
    std::sort(a.begin(), a.end());
    std::sort(b.begin(), b.end());
    return testSorted(a, b);
}

MannWhitneyResult MannWhitney::testSorted(const std::vector<double> &a, const std::vector<double> &b)
{
    MannWhitneyResult res;
    res.n1 = a.size();
    res.n2 = b.size();
    res.minimumP = minimumP(res.n1, res.n2);
    if (a.empty() || b.empty())
        return res;

    const std::size_t total = res.n1 + res.n2;
    const Ranks ranks = rankSorted(a, b, total <= kExactTiesLimit);
    res.ties = ranks.tieSum > 0;
    const long doubledSum = ranks.doubledSumA;
    const double n1 = double(res.n1), n2 = double(res.n2), n = n1 + n2;
    res.u = double(doubledSum) / 2.0 - n1 * (n1 + 1) / 2.0;

    if (total <= (res.ties ? kExactTiesLimit : kExactLimit)) {
        res.exact = true;
        res.p = res.ties ? exactP(ranks.doubled, res.n1, doubledSum)
                         : exactPWithoutTies(res.n1, res.n2, std::size_t(res.u));
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
