#pragma once

#include "importer.h"

namespace bs {

// Catch2's XML reporter (`-r xml`, v2 `<Catch>` and v3 `<Catch2TestRun>`)
// with benchmarks (`<BenchmarkResults>`). Catch2 keeps no per-sample times:
// the mean with its confidence bounds, the standard deviation and the
// outlier variance are figures given once (n = 1), in seconds. The binary is
// the participant, each benchmark a case, its test case the case group; a
// test case that failed makes its benchmarks errors.
class Catch2XmlImporter : public Importer {
public:
    std::string name() const override { return "Catch2 XML"; }
    bool detect(const ImportInput &in) const override;

protected:
    Capture import(const ImportInput &in) const override;
};

} // namespace bs
