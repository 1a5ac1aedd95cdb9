#pragma once

#include "historyseries.h"

#include <cstddef>
#include <vector>

namespace bs {

// Change points of one series, found by merging: every step between two
// usable revisions starts as a candidate, tested by the Diff page's rule
// (CaptureDiff::judge: Mann–Whitney p <= alpha, and with DiffRule::Disjoint
// the [min–max] ranges apart) on the repetitions pooled from the revisions
// on each side, up to the
// neighbouring candidates; the weakest candidate that establishes nothing is
// merged away and its neighbours tested again, until every remaining one is
// a change of at least the minimum size. docs/history.md has the why.
namespace ChangePoints {

struct Options {
    double alpha = 0.05;
    DiffRule rule = DiffRule::UTest;
    double minChangePct = 5; // a smaller established change is not marked
    // At most this many revisions are pooled on each side of a step, so an
    // old slow drift or an outlier far away does not hide a recent step.
    std::size_t window = 6;
    // A change point with fewer usable revisions after it is provisional.
    std::size_t confirmRevisions = 3;
};

// Every step of the series (see HistoryStep), in order of `to`.
std::vector<HistoryStep> find(const std::vector<HistoryPoint> &points, Direction direction, const Options &options);

} // namespace ChangePoints

} // namespace bs
