#pragma once

#include "importer.h"

namespace bs {

// BenchmarkDotNet's JSON exporters, 0.9 to 0.14. Full: each benchmark's
// workload result iterations (Measurements, IterationMode Workload,
// IterationStage Result; 0.10: IterationMode Result) are repetitions of the
// time per operation, Nanoseconds ÷ Operations in seconds. Brief (or a full
// report without measurements): the statistics, stored once per result.
// Type.Method is the participant, Parameters the case; Memory (allocated
// bytes, GC counts) and the diagnosers' Metrics (hardware counters, ...) join
// as once figures, each with its descriptor's unit and direction.
class BenchmarkDotNetImporter : public Importer {
public:
    std::string name() const override { return "BenchmarkDotNet JSON"; }
    bool detect(const ImportInput &in) const override;

protected:
    Capture import(const ImportInput &in) const override;
};

} // namespace bs
