#pragma once

#include "capture.h"

#include <cstddef>
#include <vector>

namespace bs {

// Finds a result by participant and case position in constant time: one
// table of pointers, participants × cases, filled in one pass over the
// results. Capture::result() walks the list, which is fine for one cell but
// not for 100,000 rows. The first result for a participant and case wins;
// results naming an unknown participant or case are left out.
class ResultIndex {
public:
    explicit ResultIndex(const Capture &capture);
    // Positions in capture.participants and capture.cases; null when none.
    const Result *find(std::size_t participant, std::size_t caseIndex) const
    {
        return m_results[participant * m_caseCount + caseIndex];
    }
    // The position of a case id in capture.cases, or -1.
    static int caseIndex(const Capture &capture, const std::string &caseId);

private:
    std::size_t m_caseCount;
    std::vector<const Result *> m_results; // per participant, per case
};

} // namespace bs
