#pragma once

#include "history.h"
#include "texttable.h"
#include "unitformat.h"

#include <string>
#include <vector>

namespace bs {

// How a History reads as text: what `benchscope-cli history` prints and the
// History page's table exports, so the two never differ. Each table is of
// the given series (of one metric, as the caller filtered them).
namespace HistoryTable {

// One scale for a metric's column, fitted to every value of its series.
UnitFormat::Scale scale(const History &history, const std::vector<const HistorySeries *> &series);
// "Wall time (ms, lower is better)".
std::string metricText(const History &history, const std::string &metricId, const UnitFormat::Scale &scale);
// "rev 3" (label, else id), "#3" when the revision has neither.
std::string revisionText(const History &history, std::size_t index);
// The step of a series that ends at a point: the tested one, else one next
// to an unusable point; nullptr for the first point.
const HistoryStep *stepTo(const HistorySeries &series, std::size_t point);

// The segment of a series that holds a point; nullptr for an unusable one.
const HistorySegment *segmentAt(const HistorySeries &series, std::size_t point);
// How many segment boundaries of the history's series the correction counted.
std::size_t boundaryCount(const History &history);

// "200 revisions, r1 (2026-01-01) to r200 (2026-07-01)": how many and
// the first and last, with their dates (else capture times).
std::string span(const History &history);
// "No change point in 24 series: no segment boundary is a change of at
// least 5% with p <= 0.05 after the correction".
std::string noChangePoint(const History &history, const std::vector<const HistorySeries *> &series);
// The change points, one short line each: "gzip × text: ▼ worse from r101
// on, +12.0%"; empty when there are none.
std::vector<std::string> changePointList(const History &history, const std::vector<const HistorySeries *> &series);
// The change points in words: "gzip × text: worse from r101 on: +12.0%
// [+10.8%, +13.1%] (segments of 100 and 100 revisions, ...), p = 0.0003
// (BH-adjusted)".
std::vector<std::string> changePointDetails(const std::vector<const HistorySeries *> &series);

// The change points only: where, verdict, shift with its interval, the
// segments' levels and lengths, adjusted p.
TextTable changePoints(const History &history, const std::vector<const HistorySeries *> &series);
// Every point of every series, with the step that ends at it and why.
TextTable points(const History &history, const std::vector<const HistorySeries *> &series);

} // namespace HistoryTable

} // namespace bs
