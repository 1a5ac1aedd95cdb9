#pragma once

#include "importer.h"

namespace bs {

// `go test -bench` text (the Go benchmark format, golang/proposal
// design/14313, read as golang/perf's benchfmt reads it): every result line
// is one repetition (a -count run), every value/unit pair a metric in
// canonical units, tidied as benchunit does (every *-ns/op family → s,
// *-MB/s → B/s; B/op, allocs/op and custom units kept). The package is the
// participant, the benchmark name without "Benchmark" and its GOMAXPROCS
// suffix the case (the suffix stays when a file holds several, -cpu 1,4),
// its top-level function the case group. Configuration that holds for the
// whole file goes to provenance; configuration that changes within it
// (note: before … note: after) is part of the participant, so such results
// are never pooled; a "--- FAIL:" benchmark's failed runs go through the
// failure rule. Every
// metric's scope is declared "repetition": Go measures B/op and allocs/op
// on every run, so equal values on all runs are real samples.
class GoBenchImporter : public Importer {
public:
    std::string name() const override { return "Go benchmark text"; }
    bool detect(const ImportInput &in) const override;
    std::string whyNot(const ImportInput &in) const override;

protected:
    Capture import(const ImportInput &in) const override;
};

} // namespace bs
