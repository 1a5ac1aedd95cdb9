#pragma once

#include "capture.h"

#include <string>
#include <unordered_map>

// Finds a result by participant and case in constant time. Capture::result()
// walks the list, which is fine for one cell but not for 100,000 rows.
class ResultIndex {
public:
    explicit ResultIndex(const bs::Capture &capture);
    const bs::Result *find(const std::string &participantId, const std::string &caseId) const;

private:
    std::unordered_map<std::string, const bs::Result *> m_results;
};
