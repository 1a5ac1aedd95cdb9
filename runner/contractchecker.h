#pragma once

#include "contractcheck.h"
#include "httpexchange.h"
#include "suitespec.h"

#include <vector>

namespace bs {

// Compares one response with a case's expected response: every expectation
// becomes a ContractCheck (passed or not, expected vs actual). A case with
// no stated status expects one below 400.
class ContractChecker {
public:
    static std::vector<ContractCheck> check(const std::string &participant, const CaseSpec &spec,
                                            const HttpExchange::Response &response);
    static bool allPassed(const std::vector<ContractCheck> &checks);
    // "body: expected ..., actual ..." for the first failed check.
    static std::string firstFailure(const std::vector<ContractCheck> &checks);
};

} // namespace bs
