#pragma once

#include "historyseries.h"

#include <cstddef>
#include <string>
#include <vector>

namespace bs {

// Change points of a history's series (docs/history.md has the why):
// 1. each usable revision's observation is the median of its runs, taken
//    on a log scale (so steps are relative) when every run is positive,
//    with its outlier runs set aside (SeriesReading);
// 2. PELT (Pelt::changes) cuts the series of medians into segments with a
//    Gaussian mean-change cost and a penalty of
//    penaltyFactor · σ² · ln(revisions), σ the series' own noise (robust:
//    the MAD of successive differences / √2, at least the noise a median of
//    its runs has);
// 3. each boundary is tested on the runs of its two segments (at most
//    `window` revisions each side): Mann–Whitney p, and the Hodges–Lehmann
//    shift of the log runs with its Moses interval;
// 4. the p of every boundary of every series and metric are corrected
//    together (Benjamini–Hochberg at q = alpha): a boundary is a change
//    point when its adjusted p <= alpha and its shift >= minChangePct.
namespace ChangePoints {

struct Options {
    double alpha = 0.05; // the false discovery rate q of the correction
    // The rule the Diff page of one step judges its two revisions by
    // (what a step says when the pair alone reads otherwise).
    DiffRule rule = DiffRule::UTest;
    double minChangePct = 5; // a smaller shift is not a change point
    // At most this many revisions of each segment are tested at a boundary,
    // so an old drift does not decide a recent change.
    std::size_t window = 30;
    // A change point with fewer usable revisions after it is provisional.
    std::size_t confirmRevisions = 3;
    // c in the penalty c · σ² · ln(n): no change point on pure noise of
    // 2,000 revisions in bench/change-points.sh's histories.
    double penaltyFactor = 4;
    double confidence = 0.95; // of the shift's interval
    // The shortest segment (a revision alone whose runs do not all move is
    // taken for outlier runs, not a change: see loneOutlier).
    std::size_t minSegment = 1;
};

// The segments of one series and every step between its points: a step
// at a segment boundary is tested (its cell, shift and raw p), every other
// step is inside a segment; steps next to an unusable point are not
// comparable. Outcomes of the boundaries wait for decide().
void segment(HistorySeries &series, const Options &options);

// The boundaries of all the series, corrected together: their adjusted p,
// outcome and words ("worse from r1001 on: +12.0% [+10.8%, +13.1%] ...").
// `revisionNames` names the history's revisions, in order.
void decide(std::vector<HistorySeries> &series, const Options &options, const std::vector<std::string> &revisionNames);

// "+12.0% [+10.8%, +13.1%]".
std::string shiftText(const HistoryShift &shift);

} // namespace ChangePoints

} // namespace bs
