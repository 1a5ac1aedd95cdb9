#pragma once

#include "cellkey.h"
#include "metric.h"

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace bs {

// What a before/after comparison of one cell establishes. Better and Worse
// need p <= alpha, and under DiffRule::Disjoint the [min–max] ranges apart
// as well (see docs/diff.md).
enum class DiffVerdict {
    Better,
    Worse,
    NoChange,      // "no change established": p > alpha (or, disjoint rule, ranges overlap)
    TooFewSamples, // no test of these sample sizes can reach p <= alpha
    NotComparable, // a side has no values: status not ok, no result, added or removed
};

// How a cell with enough samples is judged.
enum class DiffRule {
    // The two-sided Mann–Whitney U test at alpha, as benchstat: p <= alpha
    // is better or worse by the sign of the median change; overlapping
    // ranges are kept as a qualifier of the verdict.
    UTest,
    // The stricter reading of the zmdb page: p <= alpha AND the [min–max]
    // ranges apart.
    Disjoint,
};

const char *ruleName(DiffRule r); // "u-test", "disjoint"
// "u-test" or "disjoint"; false (and `out` unchanged) for anything else.
bool parseRule(const std::string &name, DiffRule &out);
// Whether the p of the cells of one diff is corrected for their number.
enum class DiffCorrection {
    None,              // each cell's p against alpha, as benchstat
    BenjaminiHochberg, // the adjusted p of the tested cells, together (false discovery rate alpha)
};

const char *correctionName(DiffCorrection c); // "none", "bh"
// "none" or "bh"; false (and `out` unchanged) for anything else.
bool parseCorrection(const std::string &name, DiffCorrection &out);

// What the rule asks of a better or worse cell, for notes and tool tips:
// "p ≤ 0.05 (two-sided Mann–Whitney U test)", "... and the ranges do not overlap".
std::string ruleText(DiffRule r, double alpha);

// Which capture a (participant, case, metric) row exists in. Rows present in
// only one capture are kept and marked, never dropped.
enum class DiffPresence { Both, OnlyBefore, OnlyAfter };

const char *verdictName(DiffVerdict v);   // "better", "worse", "no-change", "too-few-samples", "not-comparable"
const char *verdictWord(DiffVerdict v);   // "better", "worse", "no change established", "too few samples", "not comparable"
const char *verdictSymbol(DiffVerdict v); // "▲", "▼", "=", "?", "—"

// One side of a cell: the metric's value in every repetition, and its
// median and range (medians by Summarizer::median).
struct DiffSample {
    std::vector<double> values;
    double median = 0;
    double min = 0;
    double max = 0;
    std::size_t n = 0;
    bool once = false; // one figure measured once for the result (n = 1)
};

// One participant × case × metric of a before/after comparison: every
// figure a table row or a range plot needs.
struct DiffCell : CellKey {
    Direction direction = Direction::HigherIsBetter;
    DiffPresence presence = DiffPresence::Both;

    std::optional<DiffSample> before; // absent when that side has no values
    std::optional<DiffSample> after;

    std::optional<double> deltaPct; // (after − before) / before median × 100
    std::optional<double> ratio;    // after / before median (both > 0)
    std::optional<double> p;        // two-sided Mann–Whitney p
    // p adjusted by Benjamini–Hochberg over the diff's tested cells, when
    // the diff is corrected (DiffCorrection); the verdict then reads it.
    std::optional<double> pAdjusted;
    std::optional<double> u;        // U of the before sample
    bool exactP = false;
    double minimumP = 1; // the smallest p these n could give
    // Both captures declare the metric's scope (Metric::scopeDeclared): equal
    // values on every repetition are real samples, not a copied figure.
    bool scopesDeclared = false;

    DiffVerdict verdict = DiffVerdict::NotComparable;
    // Why, in words: "p = 0.0003, ranges overlap", "n=3 vs 3 cannot reach
    // p<0.05; minimum p = 0.1", "after: contract failed", "only in after (added)".
    std::string reason;
    // What qualifies a better or worse verdict, shown beside it: "ranges
    // overlap" (an established change that one outlier run could hide in a
    // range plot). Empty otherwise.
    std::string qualifier;
};

// The verdict as the tables show it: "▲ better", "▼ worse (ranges
// overlap)", "= no change established (p = 0.12 > 0.05)".
std::string verdictPhrase(const DiffCell &cell);

} // namespace bs
