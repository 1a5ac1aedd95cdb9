#pragma once

#include "cellkey.h"
#include "diffcell.h"
#include "metric.h"
#include "result.h"

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace bs {

// What a history establishes at one step between two revisions (see
// docs/history.md). Better and Worse are the change points: a boundary of
// the series' segments whose runs on either side differ (p <= alpha after
// the correction over every boundary of the history) by at least the
// minimum change.
enum class StepOutcome {
    Better,
    Worse,
    NoChange,      // inside a segment, or a boundary with adjusted p > alpha
    BelowMinimum,  // established, but smaller than the minimum change
    TooFewSamples, // no test of these sample sizes can reach p <= alpha
    NotComparable, // a side is not ok, flagged, or in another unit
};

const char *stepOutcomeName(StepOutcome o); // "better", "worse", "no-change", "below-minimum", "too-few-samples", "not-comparable"
const char *stepOutcomeWord(StepOutcome o); // "better", "worse", "no change established", "below the minimum change", ...
const char *stepOutcomeSymbol(StepOutcome o); // "▲", "▼", "=", "≈", "?", "—"

// One revision of a series: the participant's result on the case in that
// capture, for the series' metric.
struct HistoryPoint {
    std::optional<ResultStatus> status; // absent: no result in this capture
    // Why the point takes no part in finding change points: "no result",
    // "contract failed (why)", "flagged: why", "unit differs: ms, not s".
    // Empty when the point is usable.
    std::string problem;
    bool flagged = false;       // an ok result with flags: drawn, never judged
    std::vector<double> values; // every repetition's value (one when measured once)
    double value = 0;           // the representative repetition's value
    double min = 0;
    double max = 0;
    std::size_t n = 0;

    bool usable() const { return problem.empty(); }
    bool hasValues() const { return !values.empty(); }
};

// The shift at a segment boundary: Hodges–Lehmann's estimate of after
// against before (as a ratio of the runs, in percent, where the series is
// read on a log scale) with its confidence interval.
struct HistoryShift {
    double pct = 0;
    double lowPct = 0;
    double highPct = 0;
};

// A stretch of a series that PELT finds alike: its first and last usable
// points (indexes into the points), how many usable revisions it has, its
// level (the mean of its revisions' medians, on the series' scale) and
// spread (level at one standard deviation of those medians either side).
struct HistorySegment {
    std::size_t first = 0;
    std::size_t last = 0;
    std::size_t revisions = 0;
    double level = 0;
    double low = 0;
    double high = 0;
};

// One step between two points of a series (indexes into the points, which
// are the history's revisions). `to` is usually `from + 1`; a step between
// usable points skips the unusable ones between them, and a step next to an
// unusable point is NotComparable.
struct HistoryStep {
    std::size_t from = 0;
    std::size_t to = 0;
    StepOutcome outcome = StepOutcome::NotComparable;
    // Why, in words: "worse from r1001 on: +12.0% [+10.8%, +13.1%]
    // (segments of 400 and 600 revisions), p = 0.0003 (BH-adjusted)",
    // "inside a segment of 400 revisions", "after: flagged: ...".
    std::string reason;
    // At a segment boundary: the runs of the two segments (at most the
    // window each side) and their raw Mann–Whitney p; absent elsewhere.
    std::optional<DiffCell> cell;
    std::optional<HistoryShift> shift;
    std::optional<double> pAdjusted; // Benjamini–Hochberg, over every boundary of the history
    std::size_t revisionsBefore = 0; // usable revisions of the segments either side (boundaries)
    std::size_t revisionsAfter = 0;
    // At a boundary: the runs of the tested revisions set aside as outliers
    // (SeriesReading), which the cell does not hold.
    std::size_t outlierRuns = 0;
    // A change point with fewer than ChangePoints::Options::confirmRevisions
    // revisions after it: it needs more revisions to confirm.
    bool provisional = false;

    bool isChangePoint() const { return outcome == StepOutcome::Better || outcome == StepOutcome::Worse; }
    bool isBoundary() const { return cell.has_value(); }
};

// One participant × case on one metric across the history's revisions.
struct HistorySeries : CellKey {
    std::string unit;
    Direction direction = Direction::HigherIsBetter;
    std::vector<HistoryPoint> points; // one per revision, in the history's order
    std::vector<HistoryStep> steps;   // in order of `to`, then `from`
    std::vector<HistorySegment> segments; // in order; none without usable points
};

} // namespace bs
