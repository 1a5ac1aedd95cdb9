#pragma once

#include "importer.h"

namespace bs {

// Dart's benchmark_harness text: each benchmark's report line,
// "Template(RunTime): 0.1568472448997197 us." (BenchmarkBase's PrintEmitter),
// and the lines of PrintEmitterV2 and of the Dart SDK's benchmarks
// ("Name(RunTimeRaw): 12.5 us.", "Name(CpuCycles): 1234.5",
// "Name.totalIterations(Count): 8000.0"). RunTime is the mean time of one
// exercise() over a timing loop of at least 2 s: by default exercise() calls
// run() 10 times, so it is the time of 10 runs, not of one (a benchmark may
// override exercise); stored as `time` (s, lower is better), one repetition
// per line, so a benchmark printed several times has several runs. Other
// lines (the program's own output) are named in a caveat.
class DartBenchmarkImporter : public Importer {
public:
    std::string name() const override { return "Dart benchmark_harness text"; }
    bool detect(const ImportInput &in) const override;

protected:
    Capture import(const ImportInput &in) const override;
};

} // namespace bs
