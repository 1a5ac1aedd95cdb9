#pragma once

#include "repetition.h"
#include "suitespec.h"

#include <functional>
#include <string>
#include <vector>

namespace bs {

// Hands one warm-up or repetition of an HTTP case to Locust (docs/locust.md):
// writes a locustfile for the case, starts a headless master and its local
// workers (or waits for workers started elsewhere), and reads the figures
// back from Locust's own CSV files. Every Locust process runs in its own
// process group and is gone when run() returns.
class LocustEngine {
public:
    struct Outcome {
        std::optional<Repetition> repetition; // none: interrupted, or `error` says why
        std::string error;
        int workersConnected = 0;
        std::vector<std::string> warnings;    // also flags on the repetition
    };
    // Called about once a second with the time since the load began and Locust's current req/s.
    using Progress = std::function<void(double elapsedSeconds, double rps, int workers)>;
    using ShouldStop = std::function<bool()>;

    // The locust command, or empty with `error` naming the package to install.
    static std::string command(std::string &error);
    // Locust's version: its own, else the Debian package's (2.12.1 reports none).
    static std::string version();
    // The command a worker host runs to join a master that listens on `bindHost`.
    static std::string workerCommand(const std::string &bindHost, int port);
    // The locustfile of a case (its requests, expected status, the version workaround).
    static std::string locustfile(const CaseSpec &spec, const RunSettings &settings);

    static Outcome run(const std::string &baseUrl, const CaseSpec &spec, const RunSettings &settings,
                       double durationSeconds, const std::string &workDirectory, const Progress &progress,
                       const ShouldStop &shouldStop);
};

} // namespace bs
