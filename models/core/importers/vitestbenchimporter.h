#pragma once

#include "importer.h"

namespace bs {

// vitest's benchmark JSON: `vitest bench --outputJson FILE` ({"files": [{
// "filepath", "groups": [{"fullName", "benchmarks": [...]}]}]}) and the
// older `benchmark.reporters: ['json']` output ({"testResults": {"<suite>":
// [...]}}). Each benchmark is a case of the participant "vitest", its group
// the describe block's full name; each figure is tinybench's, given once per
// result (n = 1): hz as `ops` (1 / the mean time), mean, min, max, median
// and the p75 … p999 times in ms → s, rme as `margin` (relative margin of
// error in percent, not a range) and the sample count as `samples`. Raw
// `samples`, when the file keeps them, are the repetitions of `time`.
class VitestBenchImporter : public Importer {
public:
    std::string name() const override { return "vitest bench JSON"; }
    bool detect(const ImportInput &in) const override;

protected:
    Capture import(const ImportInput &in) const override;
};

} // namespace bs
