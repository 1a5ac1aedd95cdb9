#pragma once

#include <optional>
#include <string>
#include <vector>

namespace bs {

// One progress line of benchscope-run (docs/runner.md), or a problem with
// the stream. Fields the phase does not carry stay empty.
struct ProgressEvent {
    enum class Kind {
        Plan, Start, Ready, Contract, Warmup, Run, Repetition, Stop, Error, Done,
        Log,       // a note for the log (a Locust worker's CPU warning, how workers elsewhere join)
        Malformed, // a line that is not a progress line (message says why)
        Truncated, // the stream ended in the middle of a line
    };

    Kind kind = Kind::Malformed;
    long line = 0; // 1-based, in the stream
    std::string participant;
    std::string caseId;
    int repetition = 0;
    int repetitions = 0;
    double elapsedSeconds = 0;
    double durationSeconds = 0;
    std::optional<double> rps;
    std::optional<double> latencyP99Seconds;
    std::optional<double> wallTimeSeconds;
    std::optional<double> startupSeconds;
    std::optional<double> errors;
    bool behindRate = false;
    std::string engine; // "locust" when Locust makes the load; empty: the native engine
    int workers = 0;    // Locust workers connected
    bool passed = false;
    std::string failure;
    std::string what;
    std::string expected;
    std::string actual;
    std::string message;
    std::string out;
    bool complete = false;

    std::vector<std::string> participants;
    std::vector<std::string> cases;
    std::string mode;
    std::string runOrder;
    double warmupSeconds = 0;
    int steps = 0;
    double estimatedSeconds = 0;
};

} // namespace bs
