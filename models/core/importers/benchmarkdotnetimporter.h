#pragma once

#include "importer.h"

namespace bs {

// BenchmarkDotNet's JSON exporters. Full: each benchmark's workload result
// iterations (Measurements, IterationMode Workload, IterationStage Result) are
// repetitions of the time per operation, Nanoseconds ÷ Operations in seconds.
// Brief (or a full report without measurements): the statistics, stored once
// per result. Type.Method is the participant, Parameters the case; Memory
// (allocated bytes, GC counts) joins as once figures.
class BenchmarkDotNetImporter : public Importer {
public:
    std::string name() const override { return "BenchmarkDotNet JSON"; }
    bool detect(const ImportInput &in) const override;

protected:
    Capture import(const ImportInput &in) const override;
};

} // namespace bs
