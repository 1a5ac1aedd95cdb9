#include "capture.h"

#include <unordered_set>

namespace bs {

const Metric *Capture::primaryMetric() const
{
    for (const Metric &m : metrics)
        if (m.primary)
            return &m;
    return metrics.empty() ? nullptr : &metrics.front();
}

std::vector<std::string> Capture::caseGroups() const
{
    std::vector<std::string> groups;
    std::unordered_set<std::string> seen;
    for (const CaseInfo &c : cases)
        if (seen.insert(c.group).second)
            groups.push_back(c.group);
    return groups;
}

} // namespace bs
