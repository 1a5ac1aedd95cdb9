#pragma once

#include "metricsummary.h"
#include "repetition.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace bs {

// Cancelled: the run was stopped (Ctrl-C, Cancel Run) before the result was
// measured; not a failure of the participant.
enum class ResultStatus { Ok, Unsupported, Missing, ContractFailed, Error, Cancelled };

const char *statusName(ResultStatus s);                          // "ok", "contract-failed", ...
std::optional<ResultStatus> statusFromName(const std::string &name);

// The outcome of one participant on one case.
struct Result {
    std::string participant;
    std::string caseId;
    ResultStatus status = ResultStatus::Ok;
    std::string reason; // why unsupported / missing / failed; free text
    std::vector<Repetition> repetitions;
    // Figures measured once for this result (metrics whose scope is not
    // "repetition"): each is one sample, n = 1.
    std::map<std::string, double> once;
    // Words about the whole result; an ok result with flags ran but is not a
    // clean result (e.g. "failures": runs or responses failed beyond the
    // documented share), and `reason` says why.
    std::vector<std::string> flags;

    // Derived by Summarizer, never read from a file as truth.
    int representative = -1; // index into repetitions, -1 when there are none
    std::map<std::string, MetricSummary> summary;

    bool operator==(const Result &o) const
    {
        return participant == o.participant && caseId == o.caseId && status == o.status
            && reason == o.reason && repetitions == o.repetitions && once == o.once && flags == o.flags;
    }
};

} // namespace bs
