#pragma once

#include "caseinfo.h"
#include "participant.h"

#include <string>

namespace bs {

// Which participant × case × metric a figure belongs to: the ids, and the
// labels a table or chart shows. A diff's cell and a history's series both
// name theirs this way.
struct CellKey {
    std::string participant;
    std::string participantLabel;
    std::string caseId;
    std::string caseLabel;
    std::string caseGroup;
    std::string metric;

    void identify(const Participant &p, const CaseInfo &c, const std::string &metricId)
    {
        participant = p.id;
        participantLabel = p.label;
        caseId = c.id;
        caseLabel = c.label;
        caseGroup = c.group;
        metric = metricId;
    }
};

} // namespace bs
