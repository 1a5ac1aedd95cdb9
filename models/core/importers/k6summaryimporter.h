#pragma once

#include "importer.h"

namespace bs {

// k6 end-of-test summaries, both layouts told apart by shape:
// `--summary-export` (legacy: flat stats, metric types inferred from keys,
// checks and groups as maps, threshold `true` meaning FAILED) and the
// `handleSummary(data)` document (typed metrics with "contains", checks and
// groups as arrays, thresholds as {"ok": bool}). Time trends are in ms.
class K6SummaryImporter : public Importer {
public:
    std::string name() const override { return "k6 summary JSON"; }
    bool detect(const ImportInput &in) const override;

protected:
    Capture import(const ImportInput &in) const override;
};

} // namespace bs
