#pragma once

#include "importer.h"

namespace bs {

// airspeed velocity's results file, results/<machine>/<commit>-<env>.json,
// versions 1 and 2 (v2: each benchmark a row of `result_columns`). Each
// benchmark, and each combination of its params (their cartesian product,
// the last varying fastest, as asv lists them), is a case of the participant
// named by the environment; asv's value (for timings the median of its
// samples) is given once, or, when the file keeps `samples`, the samples are
// the repetitions. Kinds and units come from results/benchmarks.json two
// folders up (else from the name: time_, mem_, peakmem_, track_). The
// commit is the capture's revision and its date the revision's date, so the
// files of one machine folder form a history in commit order.
class AsvImporter : public Importer {
public:
    std::string name() const override { return "asv results JSON"; }
    bool detect(const ImportInput &in) const override;
    // asv's machine.json and benchmarks.json, opened alone, say what to open.
    std::string whyNot(const ImportInput &in) const override;

protected:
    Capture import(const ImportInput &in) const override;
};

} // namespace bs
