#pragma once

#include "capturediff.h"
#include "texttable.h"
#include "unitformat.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace bs {

// How a CaptureDiff reads as text: the figures of each cell as the CLI
// prints them and the GUI's Diff page shows them, so the two never differ.
namespace DiffTable {

// One scale per compared metric, fitted to every figure shown for it.
std::map<std::string, UnitFormat::Scale> scales(const CaptureDiff &diff);

// "41.909 [41.441–69.203]" (range only when n > 1), "—" for no side.
std::string sideText(const std::optional<DiffSample> &side, const UnitFormat::Scale &scale);
// "+152.6%", "—" when not computed.
std::string deltaText(const std::optional<double> &deltaPct);
// "0.0079", "≈0.031" (normal approximation), "—" when not tested.
std::string pText(const DiffCell &cell);
// The Benjamini–Hochberg adjusted p, "—" when the cell has none.
std::string adjustedPText(const DiffCell &cell);
// "5 vs 5", "— vs 3".
std::string nText(const DiffCell &cell);
// "▼ worse", "= no change established (ranges overlap)": symbol, word,
// and the reason for any verdict other than better or worse.
std::string verdictText(const DiffCell &cell);
// "Wall time (ms)": the metric's label and the scale's suffix.
std::string metricText(const CaptureDiff &diff, const std::string &metricId, const UnitFormat::Scale &scale);
// "higher is better" / "lower is better".
std::string directionText(const Metric &metric);

// What testing many cells at once means, for two or more tested cells
// (CaptureDiff::tested): "noise alone would make about 3.6 of 72 rows
// significant at α = 0.05", or with Benjamini–Hochberg what the adjusted p
// controls; empty for fewer.
std::string noiseLine(const CaptureDiff &diff);

// The before → after table with its notes (what brackets and p are).
TextTable table(const CaptureDiff &diff);

// Geometric-mean sentences per compared metric: "Wall time (lower is
// better), text: after is …" for each case group when there is more
// than one, then "…, overall: after is 2.63× slower over 8 cells".
// Only those of one metric when `metricId` is given.
std::vector<std::string> summaryLines(const CaptureDiff &diff, const std::string &metricId = {});

} // namespace DiffTable

} // namespace bs
