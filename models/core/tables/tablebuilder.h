#pragma once

#include "capture.h"
#include "table.h"
#include "tablebaseline.h"

#include <string>

namespace bs {

// The one builder of a capture's tables (docs/architecture.md, "Tables").
// Units and decimals come from CaptureTables::captureScales(), so a metric
// reads the same on its case's tab and in All cases; each cell shows the
// representative repetition (the median run: the repetition whose primary
// metric is the median, the lower of the two middle runs for an even n),
// so a row's figures come from one run.
class TableBuilder {
public:
    // Participants × the cases that measure the metric (empty id: the
    // primary metric), and with a baseline a ratio column after each case.
    // An unknown metric gives an empty table.
    static Table allCases(const Capture &capture, const std::string &metricId,
                          const TableBaseline &baseline);
    // The same with TableBaseline::defaultFor(capture): what every path
    // shows first.
    static Table allCases(const Capture &capture, const std::string &metricId = {});
    // Participants × the capture's metrics (the primary first, one unit per
    // family), then n. An unknown case gives an empty table.
    static Table caseTable(const Capture &capture, const std::string &caseId);
};

} // namespace bs
