#pragma once

#include "importer.h"

namespace bs {

// pytest-benchmark JSON (`--benchmark-json`, and the files `--benchmark-save`
// and `--benchmark-autosave` write). Each test function is a participant,
// its parameter id (`param`, `params` as the description) a case, its
// `group` the case group. With per-round times (`stats.data`: always in
// --benchmark-json, with --benchmark-save-data in saved files) every round
// is a repetition of the time per call; without them the statistics are
// figures given once (n = 1). machine_info and commit_info go to provenance.
class PytestBenchmarkImporter : public Importer {
public:
    std::string name() const override { return "pytest-benchmark JSON"; }
    bool detect(const ImportInput &in) const override;

protected:
    Capture import(const ImportInput &in) const override;
};

} // namespace bs
