#pragma once

#include <string>

namespace bs {

// One check of the shared contract, made before any load is applied.
struct ContractCheck {
    std::string participant;
    std::string caseId;
    std::string what; // "status", "content-type", "body", ...
    bool passed = false;
    std::string expected;
    std::string actual;

    bool operator==(const ContractCheck &o) const
    {
        return participant == o.participant && caseId == o.caseId && what == o.what
            && passed == o.passed && expected == o.expected && actual == o.actual;
    }
};

} // namespace bs
