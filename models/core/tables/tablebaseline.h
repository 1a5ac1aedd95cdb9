#pragma once

#include "capture.h"

#include <string>

namespace bs {

// What the all-cases table's ratio columns compare with.
struct TableBaseline {
    enum class Mode {
        None,
        // Each participant against the participant marked as baseline on
        // the same runtime (raw Bun.serve for Bun apps, raw node:http for
        // Node apps, as the Suku page compares them); else the first marked.
        MarkedSameRuntime,
        // Every participant against one chosen participant.
        Participant,
    };
    Mode mode = Mode::None;
    std::string participantId; // Mode::Participant

    // The one default rule: the marked baselines when the capture marks
    // any participant as baseline, else none.
    static TableBaseline defaultFor(const Capture &capture);
};

} // namespace bs
