#pragma once

#include <cstddef>
#include <mutex>
#include <string>
#include <unordered_map>
#include <vector>

namespace bs {

struct Capture;
struct CaseInfo;
struct Metric;
struct Participant;
struct Result;

// The lookups of a Capture by id in constant time: each list's first
// position of an id, and of a participant × case for the results (the first
// wins, as a walk of the list finds). Built on first use and kept in step
// with the lists it indexes: items appended since are indexed on the next
// lookup, a list that shrank or a position that no longer holds the id it
// was indexed under (an item replaced or reordered) is indexed again. So an
// importer that appends and looks up in turn stays linear. What it cannot
// see is an id rewritten in place at a position that is then only missed:
// code gives an item its ids before the next lookup, and appends rather
// than rewrites a list it has looked up in. Safe to use from several
// threads on one const Capture. A copy starts empty (its lists are other
// objects).
class CaptureIndex {
public:
    CaptureIndex() = default;
    CaptureIndex(const CaptureIndex &) { }
    CaptureIndex &operator=(const CaptureIndex &);
    CaptureIndex(CaptureIndex &&) noexcept { }
    CaptureIndex &operator=(CaptureIndex &&) noexcept;

    const Metric *metric(const Capture &c, const std::string &id) const;
    const CaseInfo *caseInfo(const Capture &c, const std::string &id) const;
    const Participant *participant(const Capture &c, const std::string &id) const;
    const Result *result(const Capture &c, const std::string &participantId, const std::string &caseId) const;

private:
    // One list's keys (ids; participant and case for results) → first
    // position; the first `indexed` items of the list are in `first`.
    struct Ids {
        std::unordered_map<std::string, std::size_t> first;
        std::size_t indexed = 0;
    };
    template <typename T>
    static const T *find(Ids &ids, const std::vector<T> &items, const std::string &key);
    void clear();

    mutable std::mutex m_mutex;
    mutable Ids m_metrics, m_cases, m_participants, m_results;
};

} // namespace bs
