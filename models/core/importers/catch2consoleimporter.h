#pragma once

#include "importer.h"

namespace bs {

// Catch2's console reporter text with benchmarks: per benchmark the sample
// count and iterations, then mean with its low and high bounds and the
// standard deviation with its bounds, each in its own auto-scaled unit
// (ns, us, ms, s, m). Stored like Catch2 XML: figures once (n = 1); the
// binary (from "X is a Catch v… host application.") is the participant,
// each benchmark a case, its test case (and sections) the case group; a
// test case with a FAILED check makes its benchmarks errors.
class Catch2ConsoleImporter : public Importer {
public:
    std::string name() const override { return "Catch2 console text"; }
    bool detect(const ImportInput &in) const override;

protected:
    Capture import(const ImportInput &in) const override;
};

} // namespace bs
