#include "resultindex.h"

#include <functional>
#include <string_view>

namespace bs {

namespace {
// Each id's first position, in one open-addressing table: no allocation per
// id (a std::unordered_map of 100,000 ids was most of a model's build time).
// A repeated id maps to its first position, as Capture::result() finds by id.
class FirstPositions {
public:
    template <class Items>
    explicit FirstPositions(const Items &items)
    {
        std::size_t capacity = 16;
        while (capacity < 2 * items.size())
            capacity *= 2;
        m_mask = capacity - 1;
        m_slots.assign(capacity, kNone);
        m_ids.reserve(items.size());
        m_first.reserve(items.size());
        for (std::size_t i = 0; i < items.size(); ++i) {
            m_ids.emplace_back(items[i].id);
            std::size_t &slot = m_slots[slotOf(m_ids.back())];
            if (slot == kNone)
                slot = i;
            m_first.push_back(slot);
        }
    }
    static constexpr std::size_t kNone = std::size_t(-1);
    // The first position of an id, or kNone.
    std::size_t find(std::string_view id) const { return m_slots[slotOf(id)]; }
    // Per item: the first position of its id (its own unless repeated).
    const std::vector<std::size_t> &first() const { return m_first; }

private:
    std::size_t slotOf(std::string_view id) const
    {
        std::size_t s = std::hash<std::string_view>{}(id) & m_mask;
        while (m_slots[s] != kNone && m_ids[m_slots[s]] != id)
            s = (s + 1) & m_mask;
        return s;
    }
    std::size_t m_mask = 0;
    std::vector<std::size_t> m_slots;
    std::vector<std::string_view> m_ids;
    std::vector<std::size_t> m_first;
};
} // namespace

ResultIndex::ResultIndex(const Capture &capture)
    : m_caseCount(capture.cases.size())
    , m_results(capture.participants.size() * capture.cases.size(), nullptr)
{
    const FirstPositions participants(capture.participants);
    const FirstPositions cases(capture.cases);
    for (const Result &r : capture.results) {
        const std::size_t p = participants.find(r.participant);
        const std::size_t k = cases.find(r.caseId);
        if (p == FirstPositions::kNone || k == FirstPositions::kNone)
            continue;
        const Result *&slot = m_results[p * m_caseCount + k];
        if (!slot) // the first result wins, as in Capture::result()
            slot = &r;
    }
    // A repeated participant or case id shares the first one's results.
    const std::vector<std::size_t> &firstParticipant = participants.first();
    const std::vector<std::size_t> &firstCase = cases.first();
    for (std::size_t i = 0; i < firstParticipant.size(); ++i)
        for (std::size_t k = 0; k < m_caseCount; ++k)
            if (firstParticipant[i] != i || firstCase[k] != k)
                m_results[i * m_caseCount + k] = m_results[firstParticipant[i] * m_caseCount + firstCase[k]];
}

int ResultIndex::caseIndex(const Capture &capture, const std::string &caseId)
{
    for (std::size_t k = 0; k < capture.cases.size(); ++k)
        if (capture.cases[k].id == caseId)
            return int(k);
    return -1;
}

} // namespace bs
