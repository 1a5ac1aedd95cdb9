#include "capture.h"

#include <algorithm>

namespace bs {

const Metric *Capture::metric(const std::string &id) const
{
    for (const Metric &m : metrics)
        if (m.id == id)
            return &m;
    return nullptr;
}

const Metric *Capture::primaryMetric() const
{
    for (const Metric &m : metrics)
        if (m.primary)
            return &m;
    return metrics.empty() ? nullptr : &metrics.front();
}

const CaseInfo *Capture::caseInfo(const std::string &id) const
{
    for (const CaseInfo &c : cases)
        if (c.id == id)
            return &c;
    return nullptr;
}

const Participant *Capture::participant(const std::string &id) const
{
    for (const Participant &p : participants)
        if (p.id == id)
            return &p;
    return nullptr;
}

const Result *Capture::result(const std::string &participantId, const std::string &caseId) const
{
    for (const Result &r : results)
        if (r.participant == participantId && r.caseId == caseId)
            return &r;
    return nullptr;
}

std::vector<std::string> Capture::caseGroups() const
{
    std::vector<std::string> groups;
    for (const CaseInfo &c : cases)
        if (std::find(groups.begin(), groups.end(), c.group) == groups.end())
            groups.push_back(c.group);
    return groups;
}

} // namespace bs
