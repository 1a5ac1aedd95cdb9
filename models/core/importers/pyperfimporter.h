#pragma once

#include "importer.h"

namespace bs {

// pyperf's JSON (format "version" 1.0: `python -m pyperf timeit -o`,
// pyperformance's results): each benchmark a case (its metadata "name"),
// every value of every run a repetition (pyperf's values are already per
// loop and inner loop), in the benchmark's "unit" (second, byte, integer).
// Metadata is read as pyperf reads it: a benchmark's own over the file's
// common one. The Python implementation and version are the participant;
// warm-up values and calibration runs (no values) are left out, counted in
// a caveat; the first run's date is the capture time (local time).
class PyperfImporter : public Importer {
public:
    std::string name() const override { return "pyperf JSON"; }
    bool detect(const ImportInput &in) const override;

protected:
    Capture import(const ImportInput &in) const override;
};

} // namespace bs
