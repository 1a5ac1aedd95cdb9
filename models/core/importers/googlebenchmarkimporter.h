#pragma once

#include "importer.h"

namespace bs {

// Google Benchmark `--benchmark_format=json` / `--benchmark_out_format=json`.
// Iteration rows become repetitions (one case per run_name); aggregate rows
// (mean, median, stddev, cv, user statistics) are used only when a run has
// no iteration rows, so nothing is counted twice, and cv/stddev never become
// times. Each row's time_unit is converted to seconds; extra numeric keys are
// counters; a row's label describes its case. Bare NaN/Infinity tokens are
// read as null by the registry.
class GoogleBenchmarkImporter : public Importer {
public:
    std::string name() const override { return "Google Benchmark JSON"; }
    bool detect(const ImportInput &in) const override;

protected:
    Capture import(const ImportInput &in) const override;
};

} // namespace bs
