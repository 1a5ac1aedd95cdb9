#pragma once

#include "importer.h"

namespace bs {

// Ruby's benchmark-ips text: "Warming up ----" (or the old "Calculating ----"
// with i/100ms lines), "Calculating ----" with a report line per benchmark,
// "  addition  36.209M (± 2.8%) i/s   (27.62 ns/i) -    182.253M in   5.037433s"
// (older: without the per-iteration time or the "in …s"; a label too long for
// its column on a line of its own), and "Comparison:" ("addition2: 36558904.5
// i/s", "… - 1.04x  slower", "same-ish"). The i/s is benchmark-ips's central
// tendency (the mean of its samples' rates; with :bootstrap the median) →
// `ips` (ops/s, higher is better), the ± the standard deviation in percent
// of it (with :bootstrap the confidence interval's half-width) → `margin`
// (%, relative, not a range), the iterations run → `iterations`; each once
// per result (n = 1). The Comparison's figure, with more digits, replaces
// the report line's when the two agree within 0.1 % past the line's rounding.
class BenchmarkIpsImporter : public Importer {
public:
    std::string name() const override { return "Ruby benchmark-ips text"; }
    bool detect(const ImportInput &in) const override;

protected:
    Capture import(const ImportInput &in) const override;
};

} // namespace bs
