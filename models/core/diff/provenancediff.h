#pragma once

#include "capture.h"

#include <string>
#include <vector>

namespace bs {

// One way in which two captures were produced differently.
struct ProvenanceWarning {
    std::string what;   // "machine CPU", "tool bun", "connections", ...
    std::string before; // the value for display, empty when not stated
    std::string after;
    bool quoted = false; // free text, shown in quotes

    // "connections: before 64, after 128", "machine OS: before \"Debian 12\",
    // after not stated"
    std::string text() const { return what + ": before " + shown(before) + ", after " + shown(after); }

private:
    std::string shown(const std::string &v) const
    {
        return v.empty() ? "not stated" : quoted ? "\"" + v + "\"" : v;
    }
};

// Lists what differs between the provenance of two captures, so a diff can
// warn that its numbers may not be comparable: suite, machine (CPU, cores,
// memory, OS, host name), runtimes and tools by name, participants' runtimes
// and versions, and the conditions (mode, connections, warm-up, duration,
// rate, repetitions, run order, CPU sets, latency correction).
namespace ProvenanceDiff {

std::vector<ProvenanceWarning> compare(const Capture &before, const Capture &after);

} // namespace ProvenanceDiff

} // namespace bs
