#pragma once

#include "result.h"

#include <optional>

namespace bs {

// One cell of a Table as figures, before any text: what the item models
// sort and rank by and what the machine (CSV) form writes. Values are in
// the metric's canonical unit.
struct TableCell {
    const Result *result = nullptr; // value and ratio cells; null when none was recorded
    // The status shown: Missing also for an ok result with no figures.
    ResultStatus status = ResultStatus::Missing;
    // Value cells: the representative repetition's value (the median run,
    // see Summarizer), with min, max, true median and n of its metric.
    // Ratio cells: value / the baseline's value. Count cells: n.
    std::optional<double> value;
    double min = 0, max = 0, median = 0;
    std::size_t n = 0;
    bool once = false;     // measured once for the whole result
    bool flagged = false;  // ok, but flagged (Result::flags; reason in Result::reason)
    int rank = 0;          // value cells: 1 = best in the column, 0 = unranked
    bool baseline = false; // ratio cells: this row is the baseline itself
    bool parity = false;   // ratio cells: within Table::kParityTolerance of 1
    bool overlap = false;  // ratio cells: not parity, but both [min–max] ranges overlap
    bool noBaseline = false; // ratio cells: no baseline for this row
};

} // namespace bs
