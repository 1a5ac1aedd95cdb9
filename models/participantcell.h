#pragma once

#include "participant.h"

#include <QString>

// How a participant reads in the first column of the result tables.
class ParticipantCell {
public:
    // "Raw Bun.serve (baseline)"
    static QString label(const bs::Participant &participant);
    // Runtime, version, tags: what the label leaves out.
    static QString toolTip(const bs::Participant &participant);
    // Lower-case label, id, runtime, version and tags, for the filter.
    static QString filterText(const bs::Participant &participant);
};
