#pragma once

#include <cstdint>
#include <functional>
#include <string>

namespace bs {

class ParticipantProcess;

// Waits until a started participant answers at its readiness URL (any
// complete HTTP response), it exits, the deadline passes or a stop is asked for.
class ReadinessProbe {
public:
    // False with `failure` saying why (empty when stopped by `shouldStop`).
    static bool wait(ParticipantProcess &process, const std::string &readyUrl, std::uint64_t startNs,
                     double deadlineSeconds, int pollMs, const std::function<bool()> &shouldStop,
                     std::string &failure);
};

} // namespace bs
