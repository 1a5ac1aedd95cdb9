#include "failureshare.h"

#include <algorithm>

namespace bs {

void FailureShare::apply(Result &result, std::uint64_t failed, std::uint64_t total, const std::string &what,
                         const std::string &how)
{
    if (failed == 0 || total == 0)
        return;
    const std::string text = std::to_string(failed) + " of " + std::to_string(total) + " " + what + " " + how;
    if (failed >= total) {
        result.status = ResultStatus::Error;
        result.reason = text;
    } else if (double(failed) > kFlagShare * double(total)) {
        flag(result, text);
    }
}

void FailureShare::applyToRequests(Result &result, const std::map<std::string, std::uint64_t> &errors,
                                   std::uint64_t responses)
{
    std::uint64_t failed = 0, unanswered = 0;
    for (const auto &[kind, n] : errors) {
        failed += n;
        if (kind.rfind("status", 0) != 0 && kind.rfind("non2xx", 0) != 0 && kind.rfind("non-2xx", 0) != 0)
            unanswered += n;
    }
    apply(result, failed, responses + unanswered, "requests", "failed (" + kinds(errors) + ")");
}

std::string FailureShare::kinds(const std::map<std::string, std::uint64_t> &counts)
{
    std::string out;
    for (const auto &[kind, n] : counts)
        if (n > 0)
            out += (out.empty() ? "" : ", ") + std::to_string(n) + "× " + kind;
    return out;
}

void FailureShare::flag(Result &result, const std::string &reason)
{
    if (result.status != ResultStatus::Ok)
        return;
    if (std::find(result.flags.begin(), result.flags.end(), kFlag) == result.flags.end())
        result.flags.push_back(kFlag);
    result.reason += (result.reason.empty() ? "" : "; ") + reason;
}

} // namespace bs
