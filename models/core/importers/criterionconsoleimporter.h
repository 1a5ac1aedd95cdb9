#pragma once

#include "importer.h"

namespace bs {

// criterion.rs's console text (what `cargo bench` prints with criterion):
// "name   time:   [10.008 ns 10.013 ns 10.020 ns]" (a name too long for its
// column on a line of its own above), optionally "thrpt:  […]", "change:
// […]", outliers and, with --verbose, the slope/mean/median intervals. The
// middle figure is criterion's typical estimate (the slope with linear
// sampling, else the mean; the text does not say which) with the bounds of
// its confidence interval: `estimate_typical` and `.ci_lower`/`.ci_upper`,
// given once (n = 1), as the throughput (`bytes_per_s`, `elements_per_s`).
// The change against criterion's saved baseline, the outliers and the
// verbose intervals are not imported (caveat).
class CriterionConsoleImporter : public Importer {
public:
    std::string name() const override { return "criterion.rs console text"; }
    bool detect(const ImportInput &in) const override;

protected:
    Capture import(const ImportInput &in) const override;
};

} // namespace bs
