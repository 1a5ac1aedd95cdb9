#pragma once

#include "importer.h"

namespace bs {

// Rust's libtest bench output (`cargo bench` with #[bench], nightly):
// "test name ... bench:   1,234 ns/iter (+/- 56)", optionally " = 789 MB/s".
// libtest prints the median of its (winsorized) samples as ns/iter and,
// after "+/-", the spread between their max and min: both stored once per
// result (n = 1, `time_per_iter` and `time_per_iter_range`), MB/s as
// `throughput` (B/s). "running N tests" and "test result: … N measured"
// frame each binary's run and are checked against the lines read; a bench
// that FAILED is an error result. criterion.rs's `--output-format bencher`
// prints the same line with other figures (the median and the standard
// deviation of its estimates): told apart by criterion's own lines or
// numbers libtest would have grouped, and stored as criterion's
// `estimate_median` and `estimate_std_dev`.
class LibtestImporter : public Importer {
public:
    std::string name() const override { return "Rust libtest bench text"; }
    bool detect(const ImportInput &in) const override;

protected:
    Capture import(const ImportInput &in) const override;
};

} // namespace bs
