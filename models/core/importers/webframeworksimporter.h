#pragma once

#include "importer.h"

namespace bs {

// the-benchmarker/web-frameworks `data.json` / `data.min.json`: long-format
// metrics {level, label, value, framework_id}. Participants are frameworks,
// cases are concurrency levels. Latencies are microseconds (whatever the
// label says: `duration_ms` holds microseconds too); both label spellings
// (`percentile_99.999` and `percentile99999`) are accepted. Values are means
// of several runs, so each result has one repetition.
class WebFrameworksImporter : public Importer {
public:
    std::string name() const override { return "the-benchmarker web-frameworks data.json"; }
    bool detect(const ImportInput &in) const override;

protected:
    Capture import(const ImportInput &in) const override;
};

} // namespace bs
