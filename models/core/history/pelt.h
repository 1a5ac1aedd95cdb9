#pragma once

#include <cstddef>
#include <vector>

namespace bs {

// PELT, Pruned Exact Linear Time (Killick, Fearnhead & Eckley, "Optimal
// detection of changepoints with a linear computational cost", JASA 107,
// 2012): the segmentation of a series that minimises the sum over its
// segments of the Gaussian mean-change cost (the squared deviations from
// the segment's mean) plus `penalty` per change point, exactly, with the
// candidates that can no longer start the last segment pruned.
namespace Pelt {

// The indexes where a new segment starts (ascending, none is 0), every
// segment at least `minLength` values long; empty for a series shorter
// than two segments or with no change worth the penalty.
std::vector<std::size_t> changes(const std::vector<double> &x, double penalty, std::size_t minLength);

} // namespace Pelt

} // namespace bs
