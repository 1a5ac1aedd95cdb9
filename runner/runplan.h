#pragma once

#include "suitespec.h"

#include <nlohmann/json.hpp>

namespace bs {

// What a suite will run, announced as the first progress line ("plan") so
// that a viewer can show n of N and the time remaining.
class RunPlan {
public:
    // Progress lines of phase "repetition" to expect: HTTP repetitions plus timed command runs.
    static int steps(const SuiteSpec &suite);
    // Warm-ups and repetitions of the HTTP cases; start-up, contracts and
    // command runs are not known ahead and not counted.
    static double estimatedSeconds(const SuiteSpec &suite);
    static nlohmann::ordered_json toJson(const SuiteSpec &suite);

    static bool runs(const ParticipantSpec &participant, const CaseSpec &spec);
};

} // namespace bs
