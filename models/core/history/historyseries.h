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
// docs/history.md). Better and Worse are the change points: the step that
// splits the series where the revisions pooled on each side differ by the
// Diff page's rule (ranges apart and p <= alpha) and by at least the
// minimum change.
enum class StepOutcome {
    Better,
    Worse,
    NoChange,      // ranges overlap, or p > alpha
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

// One step between two points of a series (indexes into the points, which
// are the history's revisions). `to` is usually `from + 1`; a step between
// usable points skips the unusable ones between them, and a step next to an
// unusable point is NotComparable.
struct HistoryStep {
    std::size_t from = 0;
    std::size_t to = 0;
    StepOutcome outcome = StepOutcome::NotComparable;
    // Why, in words: "worse: 3 revisions (15 runs) before vs 2 (10) after,
    // ranges apart, p = 0.0004", "n=3 vs 3 cannot reach p<0.05; minimum p =
    // 0.1", "+2.1% is below the minimum change of 5%", "after: flagged: ...".
    std::string reason;
    // The comparison that decided (pooled sides for a step that was tested),
    // absent for a NotComparable step next to an unusable point.
    std::optional<DiffCell> cell;
    std::size_t revisionsBefore = 0; // usable revisions pooled on each side
    std::size_t revisionsAfter = 0;
    // A change point with fewer than ChangePoints::Options::confirmRevisions
    // revisions after it: it needs more revisions to confirm.
    bool provisional = false;

    bool isChangePoint() const { return outcome == StepOutcome::Better || outcome == StepOutcome::Worse; }
};

// One participant × case on one metric across the history's revisions.
struct HistorySeries : CellKey {
    std::string unit;
    Direction direction = Direction::HigherIsBetter;
    std::vector<HistoryPoint> points; // one per revision, in the history's order
    std::vector<HistoryStep> steps;   // in order of `to`, then `from`
};

} // namespace bs
