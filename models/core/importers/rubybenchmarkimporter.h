#pragma once

#include "importer.h"

namespace bs {

// Ruby's stdlib Benchmark text: Benchmark.bm and Benchmark.benchmark with
// CAPTION (a "      user     system      total        real" header, then a
// row per report: "for:      1.010000   0.000000   1.010000 (  1.015688)"),
// Benchmark.bmbm (a "Rehearsal ----" block ending in "---- total: …sec",
// then the header and the measured rows), and Benchmark.measure's lines
// under a header, as programs print them and as they are pasted into
// Markdown (fences, several tables under headings) or Ruby comments. Each
// label is a participant (an empty one "row N", N its place in its table)
// and each table a case titled by the line above it ("run" for a file's one
// untitled table); real → `real_time` (s, primary, lower is better), user
// → `user_time`, system → `system_time`, total → `total_cpu_time`, one
// repetition each: a row is one run of its block (n = 1). The rehearsal is
// warm-up and the rows Benchmark.bm computes from the others (">total:",
// ">avg:") are not measurements: both are left out, with caveats.
class RubyBenchmarkImporter : public Importer {
public:
    std::string name() const override { return "Ruby Benchmark (bm/bmbm) text"; }
    bool detect(const ImportInput &in) const override;

protected:
    Capture import(const ImportInput &in) const override;
};

} // namespace bs
