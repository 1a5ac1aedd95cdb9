#pragma once

#include <cstddef>
#include <vector>

namespace bs {

// The Hodges–Lehmann estimate of the shift between two samples and its
// distribution-free confidence interval (Moses, in Hollander & Wolfe,
// "Nonparametric Statistical Methods", 3rd ed., §4.3): of every difference
// b_j − a_i, the median is the shift and the order statistics at the
// Mann–Whitney critical values are the interval's ends. It is the estimate
// that goes with the U test: robust to an outlier in either sample.
struct HodgesLehmannResult {
    double shift = 0; // median of b_j − a_i
    double low = 0;   // the interval at the level asked for
    double high = 0;
    bool exactInterval = true; // from the exact U distribution (else the normal approximation)
};

namespace HodgesLehmann {

// Shift of `after` against `before` (both non-empty) with its interval at
// `level` (e.g. 0.95). With samples too small to reach the level, the
// interval is the whole range of differences.
HodgesLehmannResult estimate(const std::vector<double> &before, const std::vector<double> &after, double level);

// The number of differences cut from each end for the interval: the
// largest c with P(U <= c - 1) <= (1 - level) / 2 under no shift
// (Hollander & Wolfe's C_alpha), 0 when none can be cut.
std::size_t cut(std::size_t n1, std::size_t n2, double level);

} // namespace HodgesLehmann

} // namespace bs
