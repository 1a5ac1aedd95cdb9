#include "resultindex.h"

namespace {
std::string key(const std::string &participantId, const std::string &caseId)
{
    return participantId + '\0' + caseId;
}
} // namespace

ResultIndex::ResultIndex(const bs::Capture &capture)
{
    m_results.reserve(capture.results.size());
    for (const bs::Result &r : capture.results)
        m_results.emplace(key(r.participant, r.caseId), &r);
}

const bs::Result *ResultIndex::find(const std::string &participantId, const std::string &caseId) const
{
    auto it = m_results.find(key(participantId, caseId));
    return it == m_results.end() ? nullptr : it->second;
}
