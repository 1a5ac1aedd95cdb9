#pragma once

#include "result.h"

#include <cstdint>
#include <map>
#include <string>

namespace bs {

// The documented rule for runs or responses that failed (see
// docs/capture-format.md, "Failed runs"): when all of them failed the result
// is an error; when more than kFlagShare of them failed it stays ok but gets
// the kFlag flag; either way `reason` says how many of what, and why.
class FailureShare {
public:
    static constexpr double kFlagShare = 0.01;
    static constexpr const char *kFlag = "failures";

    // `what` names the counted things in plural ("runs", "responses");
    // `how` says how they failed ("exited non-zero (exit code 3)").
    static void apply(Result &result, std::uint64_t failed, std::uint64_t total, const std::string &what,
                      const std::string &how);
    // The rule over a load run's requests: every error kind counts as failed;
    // `responses` are all responses received (any status), and the kinds
    // without a response (connect, reset, timeout, ...) add to the total.
    // Response kinds are "status…" and "non2xx"/"non-2xx…".
    static void applyToRequests(Result &result, const std::map<std::string, std::uint64_t> &errors,
                                std::uint64_t responses);
    // "3× exit code 3, 1× killed by signal": counts by kind, in the kinds' order.
    static std::string kinds(const std::map<std::string, std::uint64_t> &counts);
    // Flags an ok result (or leaves an error as it is) with a reason of its own.
    static void flag(Result &result, const std::string &reason);
};

} // namespace bs
