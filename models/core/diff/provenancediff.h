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
    // A difference a diff of two revisions is made to show (a measured
    // participant's own version), told as information rather than as a
    // warning that the numbers may not be comparable.
    bool expected = false;
    // A difference in what was measured or where (another machine, load
    // mode, connections, rate, latency correction, target): the captures are
    // two experiments, and a page shows them side by side, never as a
    // before/after (CapturePair).
    bool forbids = false;

    // "connections: before 64, after 128", "machine OS: before \"Debian 12\",
    // after not stated"
    std::string text() const { return what + ": before " + shown(before) + ", after " + shown(after); }

private:
    std::string shown(const std::string &v) const
    {
        return v.empty() ? "not stated" : quoted ? "\"" + v + "\"" : v;
    }
};

// A part of the provenance as a diff tells it: a heading and its lines.
struct ProvenanceSection {
    std::string heading;            // ends with ":" when lines follow
    std::vector<std::string> lines; // ProvenanceWarning::text() of each
    bool warning = false;           // the numbers may not be comparable
};

// Lists what differs between the provenance of two captures, so a diff can
// warn that its numbers may not be comparable: suite, machine (CPU, cores,
// memory, OS, host name), runtimes and tools by name, participants'
// runtimes, and the conditions (mode, connections, warm-up, duration, rate,
// repetitions, run order, CPU sets, latency correction); and, marked
// `expected`, what a revision diff means to change: participants' own
// versions.
namespace ProvenanceDiff {

std::vector<ProvenanceWarning> compare(const Capture &before, const Capture &after);
// The differences that forbid a before/after (ProvenanceWarning::forbids).
std::vector<ProvenanceWarning> forbidding(const std::vector<ProvenanceWarning> &differences);
// How many of the differences are warnings (not `expected`).
std::size_t warningCount(const std::vector<ProvenanceWarning> &differences);
// The differences as the CLI, the reports and the Diff page tell them: the
// warnings ("Provenance differs; the numbers may not be comparable:"), else
// "Provenance: machine, tools and conditions are the same."; then, if any,
// the expected differences as information.
std::vector<ProvenanceSection> sections(const std::vector<ProvenanceWarning> &differences);

} // namespace ProvenanceDiff

} // namespace bs
