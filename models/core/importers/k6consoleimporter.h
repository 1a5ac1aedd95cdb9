#pragma once

#include "importer.h"

namespace bs {

// k6's end-of-test summary as it prints it on the console, in both of its
// layouts: the one of k6 v1 ("█ THRESHOLDS", "█ TOTAL RESULTS" with HTTP,
// EXECUTION, NETWORK … sections; also --summary-mode=full's GROUP and
// SCENARIO sections) and the legacy one (k6 before v1, and
// --summary-mode=legacy: one list of metrics, a threshold's ✓/✗ before its
// metric's name, checks and "█ group" headers above it). Read into the same
// metric ids as the k6 JSON summaries (K6Run): every trend's avg, min, med,
// max and percentiles, counters with their rate, rates from their counts,
// gauges; thresholds and checks as contract checks.
class K6ConsoleImporter : public Importer {
public:
    std::string name() const override { return "k6 console summary"; }
    bool detect(const ImportInput &in) const override;

protected:
    Capture import(const ImportInput &in) const override;
};

} // namespace bs
