#pragma once

#include "importer.h"

namespace bs {

// Julia's BenchmarkTools JSON: `BenchmarkTools.save(file, results)` writes
// [{"Julia": version, "BenchmarkTools": version}, [values]], each value
// tagged as ["Type", {fields}]; `JSON.print(results)` writes one tagged
// value without the header. A BenchmarkGroup's keys, nested, are the case
// path ("fit_mle/EGP_Power_n500", grouped by the first key). A Trial's
// samples (`times`, ns per evaluation, with their `gctimes`) are the
// repetitions of `time` and `gc_time`; its `memory` and `allocs` (of one
// evaluation) are given once. A TrialEstimate (minimum, median or mean, the
// file does not say which) is one figure of `time_estimate`.
class BenchmarkToolsImporter : public Importer {
public:
    std::string name() const override { return "Julia BenchmarkTools JSON"; }
    bool detect(const ImportInput &in) const override;

protected:
    Capture import(const ImportInput &in) const override;
};

} // namespace bs
