#pragma once

#include "importer.h"

namespace bs {

// Benchmark.js's text (each benchmark's `String(bench)`, as its suites log
// on "cycle"): "fib(10) x 1,431,759 ops/sec ±0.74% (93 runs sampled)".
// The ops/sec is Benchmark.js's hz (1 / the mean time of its samples), the
// ± its relative margin of error at 95 % in percent (not a range), the runs
// sampled its sample count: each given once per result (n = 1), as
// `ops` (ops/s), `margin` (%) and `samples` (the ids of benny's JSON, which
// Benchmark.js also writes). Lines of another shape ("Fastest is …", the
// suite's own logging) are named in a caveat.
class BenchmarkJsImporter : public Importer {
public:
    std::string name() const override { return "Benchmark.js text"; }
    bool detect(const ImportInput &in) const override;

protected:
    Capture import(const ImportInput &in) const override;
};

} // namespace bs
