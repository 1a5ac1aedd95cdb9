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

// The change points only: where, verdict, shift with its interval, the
// segments' levels and lengths, adjusted p.
TextTable changePoints(const History &history, const std::vector<const HistorySeries *> &series);
// Every point of every series, with the step that ends at it and why.
TextTable points(const History &history, const std::vector<const HistorySeries *> &series);

} // namespace HistoryTable

} // namespace bs
