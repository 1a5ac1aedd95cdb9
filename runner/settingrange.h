#pragma once

#include <cstdio>
#include <string>

namespace bs {

// The range of one suite setting or runner option: every setting has one
// (docs/runner.md, "Setting ranges"), checked with the suite file and the
// JSON path, and for the command-line options that override them, so that
// no value runs as nonsense (1e308 seconds, 1e-300 requests/s) or takes the
// machine's memory (a million connections).
struct SettingRange {
    double min;
    double max;
    bool zero = false; // 0 is allowed too, and means "off" (rate: saturation)

    bool contains(double v) const { return (zero && v == 0) || (v >= min && v <= max); }
    // "from 1 to 10000", "0, or from 0.1 to 1e+07"
    std::string text() const
    {
        char buf[96];
        std::snprintf(buf, sizeof buf, "%sfrom %g to %g", zero ? "0, or " : "", min, max);
        return buf;
    }
};

// The ranges, in one place.
namespace SettingRanges {
constexpr SettingRange connections{1, 10000};       // about 8 KiB of memory each, and a descriptor
constexpr SettingRange threads{1, 256};
constexpr SettingRange repetitions{1, 10000};
constexpr SettingRange runs{1, 100000};             // a command case's runs: the reader's repetition limit
constexpr SettingRange warmupRuns{0, 100000};
constexpr SettingRange durationSeconds{0.001, 86400}; // a day
constexpr SettingRange warmupSeconds{0, 86400};
constexpr SettingRange rate{0.1, 1e7, true};         // requests/s; 0: saturation
constexpr SettingRange timeoutSeconds{0.001, 3600};
constexpr SettingRange readyDeadlineSeconds{0.001, 3600};
constexpr SettingRange stopGraceSeconds{0, 3600};
constexpr SettingRange status{100, 599};
// Load on Locust (docs/locust.md)
constexpr SettingRange locustWorkers{0, 64};          // local workers, each a Python process
constexpr SettingRange locustRemoteWorkers{0, 1024};
constexpr SettingRange port{1, 65535};
constexpr SettingRange locustConnectSeconds{1, 3600};
} // namespace SettingRanges

} // namespace bs
