#include "participantmatch.h"

#include <utility>

namespace bs {

bool ParticipantMatch::byName(Capture &c, std::string &problem)
{
    if (c.participants.size() > 1) {
        problem = std::to_string(c.participants.size()) + " participants (" + c.participants[0].label + ", "
            + c.participants[1].label + (c.participants.size() > 2 ? ", ..." : "")
            + "): matching by name needs one participant per capture";
        return false;
    }
    if (c.participants.empty())
        return true;
    const std::string old = c.participants.front().id;
    c.participants.front().id = kMatchedId;
    for (Result &r : c.results)
        if (r.participant == old)
            r.participant = kMatchedId;
    for (ContractCheck &k : c.contracts)
        if (k.participant == old)
            k.participant = kMatchedId;
    c = Capture(std::move(c)); // ids changed in place: the lookups' index is made anew
    return true;
}

} // namespace bs
