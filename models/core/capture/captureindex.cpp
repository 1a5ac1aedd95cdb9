#include "captureindex.h"

#include "capture.h"

namespace bs {

namespace {

const std::string &keyOf(const Metric &m) { return m.id; }
const std::string &keyOf(const CaseInfo &c) { return c.id; }
const std::string &keyOf(const Participant &p) { return p.id; }

// Participant and case in one key, unambiguous whatever the ids hold.
std::string resultKey(const std::string &participantId, const std::string &caseId)
{
    return std::to_string(participantId.size()) + ':' + participantId + caseId;
}

std::string keyOf(const Result &r)
{
    return resultKey(r.participant, r.caseId);
}

} // namespace

CaptureIndex &CaptureIndex::operator=(const CaptureIndex &)
{
    clear();
    return *this;
}

CaptureIndex &CaptureIndex::operator=(CaptureIndex &&) noexcept
{
    clear();
    return *this;
}

void CaptureIndex::clear()
{
    std::lock_guard<std::mutex> lock(m_mutex);
    m_metrics = {};
    m_cases = {};
    m_participants = {};
    m_results = {};
}

template <typename T>
const T *CaptureIndex::find(Ids &ids, const std::vector<T> &items, const std::string &key)
{
    for (int pass = 0; pass < 2; ++pass) {
        if (pass == 1 || items.size() < ids.indexed) { // a list that shrank, or a stale position
            ids.first.clear();
            ids.indexed = 0;
        }
        for (; ids.indexed < items.size(); ++ids.indexed)
            ids.first.emplace(keyOf(items[ids.indexed]), ids.indexed);
        const auto it = ids.first.find(key);
        if (it == ids.first.end())
            return nullptr;
        if (keyOf(items[it->second]) == key)
            return &items[it->second];
    }
    return nullptr;
}

const Metric *CaptureIndex::metric(const Capture &c, const std::string &id) const
{
    std::lock_guard<std::mutex> lock(m_mutex);
    return find(m_metrics, c.metrics, id);
}

const CaseInfo *CaptureIndex::caseInfo(const Capture &c, const std::string &id) const
{
    std::lock_guard<std::mutex> lock(m_mutex);
    return find(m_cases, c.cases, id);
}

const Participant *CaptureIndex::participant(const Capture &c, const std::string &id) const
{
    std::lock_guard<std::mutex> lock(m_mutex);
    return find(m_participants, c.participants, id);
}

const Result *CaptureIndex::result(const Capture &c, const std::string &participantId, const std::string &caseId) const
{
    const std::string key = resultKey(participantId, caseId);
    std::lock_guard<std::mutex> lock(m_mutex);
    return find(m_results, c.results, key);
}

} // namespace bs
