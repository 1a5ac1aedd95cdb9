#include "diffgate.h"

#include <cmath>

namespace bs {

DiffGate DiffGate::of(const CaptureDiff &diff, double threshold)
{
    DiffGate g;
    g.threshold = threshold;
    for (const DiffCell &c : diff.cells()) {
        if (c.verdict == DiffVerdict::NotComparable)
            continue;
        ++g.tested;
        if (c.verdict == DiffVerdict::Worse && (!c.deltaPct || std::fabs(*c.deltaPct) > threshold))
            g.failing.push_back(&c);
        if (c.verdict == DiffVerdict::TooFewSamples && g.cannotFire++ == 0)
            g.smallNReason = c.reason;
    }
    return g;
}

} // namespace bs
