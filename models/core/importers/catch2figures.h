#pragma once

#include <optional>
#include <string>

namespace bs {

class CaptureBuilder;
struct TextLine;

// One Catch2 benchmark's figures as both of its reporters give them (XML and
// console): Catch2 keeps no per-sample times, so each is stored once (n = 1).
struct Catch2Figures {
    struct Estimate {
        std::optional<double> value; // seconds
        std::optional<double> low;   // bootstrap confidence bounds
        std::optional<double> high;

        // From nanoseconds; a negative time is an error at `line`.
        static Estimate fromNanoseconds(double value, double low, double high, const TextLine &line);
    };

    std::string name;
    double samples = 0;
    Estimate mean;
    Estimate stddev;
    std::optional<double> outlierVariance; // 0 to 1 (XML only)

    // The metrics, mode and caveats every Catch2 import shares.
    static void define(CaptureBuilder &b);
    // Stores the figures once for participant × this benchmark (group: its
    // test case); the sample count goes to provenance. Returns the case id.
    std::string store(CaptureBuilder &b, const std::string &participant, const std::string &testCase) const;
};

} // namespace bs
