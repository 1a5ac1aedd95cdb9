#pragma once

#include "capture.h"

#include <string>
#include <vector>

namespace bs {

// One way in which two captures were produced differently.
struct ProvenanceWarning {
    std::string what;   // "machine CPU", "tool bun", "connections", ...
    std::string before; // the value as displayed; "not stated" when absent
    std::string after;

    // "connections: before 64, after 128"
    std::string text() const { return what + ": before " + before + ", after " + after; }
};

// Lists what differs between the provenance of two captures, so a diff can
// warn that its numbers may not be comparable: suite, machine (CPU, cores,
// memory, OS, host name), runtimes and tools by name, participants' runtimes
// and versions, and the conditions (mode, connections, warm-up, duration,
// rate, repetitions, run order, CPU sets, latency correction).
class ProvenanceDiff {
public:
    static std::vector<ProvenanceWarning> compare(const Capture &before, const Capture &after);
};

} // namespace bs
