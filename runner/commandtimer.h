#pragma once

#include "cpuset.h"

#include <optional>
#include <string>
#include <vector>

namespace bs {

// Times one run of a command, as hyperfine does: wall time on the monotonic
// clock, user and system CPU time and peak RSS from wait4().
class CommandTimer {
public:
    struct Run {
        bool ok = false;
        std::string error;      // could not start, or how it failed
        int exitStatus = 0;
        double wallSeconds = 0;
        double userSeconds = 0;
        double systemSeconds = 0;
        double peakRssBytes = 0;
    };

    static Run run(const std::vector<std::string> &argv, const std::string &workingDirectory,
                   const std::optional<CpuSet> &cpus);
};

} // namespace bs
