#pragma once

#include <cstddef>
#include <vector>

namespace bs {

// The outcome of a two-sided Mann–Whitney U test of two samples.
struct MannWhitneyResult {
    std::size_t n1 = 0;
    std::size_t n2 = 0;
    // U of the first sample: the number of pairs (a, b) with a > b, a tie
    // counting one half. Ranges from 0 to n1·n2.
    double u = 0;
    double p = 1;      // two-sided
    bool exact = true; // p from the exact distribution (else normal approximation)
    bool ties = false; // some value occurs more than once in the pooled sample
    // The smallest two-sided p that samples of these sizes can give at all
    // (fully separated, no ties): 2 / C(n1+n2, n1), at most 1.
    double minimumP = 1;
};

// Two-sided Mann–Whitney U (Wilcoxon rank-sum) test, as benchstat and Google
// Benchmark's compare.py use for before/after repetitions.
// - no ties, n1+n2 <= kExactLimit: exact p from the U distribution;
// - ties, n1+n2 <= kExactTiesLimit: exact p from the permutation
//   distribution of the mid-rank sum;
// - otherwise: normal approximation with tie and continuity correction.
// The two-sided p is 2·min(P(U <= u), P(U >= u)), at most 1.
namespace MannWhitney {

inline constexpr std::size_t kExactLimit = 50;
inline constexpr std::size_t kExactTiesLimit = 20;

MannWhitneyResult test(std::vector<double> a, std::vector<double> b);
// test() of two samples each sorted ascending (no copy, no sort): what a
// search that keeps its samples sorted calls.
MannWhitneyResult testSorted(const std::vector<double> &a, const std::vector<double> &b);
double minimumP(std::size_t n1, std::size_t n2);

// The exact two-sided p that test() uses. exactP counts, by dynamic
// programming, the ways to pick n1 of the pooled doubled mid-ranks (any ties)
// against the first sample's doubled rank sum. exactPWithoutTies gives the
// same figure without ties from the U distribution of (n1, n2), counted once
// per sizes and cached (thread-safe); u must be a whole number in 0..n1·n2.
double exactP(const std::vector<long> &doubledRanks, std::size_t n1, long doubledRankSum);
double exactPWithoutTies(std::size_t n1, std::size_t n2, std::size_t u);

} // namespace MannWhitney

} // namespace bs
