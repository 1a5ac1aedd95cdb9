#include "readinessprobe.h"

#include "httpexchange.h"
#include "httptarget.h"
#include "monotonicclock.h"
#include "participantprocess.h"

#include <chrono>
#include <cstdio>
#include <optional>
#include <thread>

namespace bs {

bool ReadinessProbe::wait(ParticipantProcess &process, const std::string &readyUrl, std::uint64_t startNs,
                          double deadlineSeconds, int pollMs, const std::function<bool()> &shouldStop,
                          std::string &failure)
{
    std::string error;
    std::optional<HttpTarget> ready = HttpTarget::fromUrl(readyUrl, error);
    if (!ready) {
        failure = "bad ready url: " + error;
        return false;
    }
    const std::string request = ready->request("GET", "", {}, {});
    const std::uint64_t end = startNs + std::uint64_t(deadlineSeconds * 1e9);
    for (;;) {
        if (shouldStop())
            return false;
        if (!process.running()) {
            const std::string tail = process.logTail(300);
            failure = "exited before it was ready (" + process.exitDescription() + ")"
                + (tail.empty() ? std::string() : ": " + tail);
            return false;
        }
        const auto r = HttpExchange::perform(*ready, request, false, 1);
        if (r.ok)
            return true;
        if (monotonicNs() >= end) {
            char deadline[32];
            std::snprintf(deadline, sizeof deadline, "%.1f", deadlineSeconds);
            failure = "not ready within " + std::string(deadline) + " s at " + readyUrl + " (" + r.errorKind + ": "
                + r.error + ")";
            return false;
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(pollMs));
    }
}

} // namespace bs
