#pragma once

#include "capturediff.h"

#include <cstddef>
#include <string>
#include <vector>

namespace bs {

// What `--fail-on worse [--threshold PCT]` decides of a comparison (the
// CLI's diff and comment, docs/diff.md "The regression gate"): the
// established regressions larger than the threshold fail it; better, no
// change established, too few samples and not comparable never do.
struct DiffGate {
    double threshold = 0;                // percent
    std::vector<const DiffCell *> failing; // into the diff judged; in its order
    std::size_t tested = 0;     // cells with a verdict other than not comparable
    std::size_t cannotFire = 0; // of those, too few samples to ever be worse
    std::string smallNReason;   // the first such cell's reason

    static DiffGate of(const CaptureDiff &diff, double threshold);
    bool passed() const { return failing.empty(); }
};

// The exit status of a command whose gate failed.
constexpr int kGateFailedExit = 4;

} // namespace bs
