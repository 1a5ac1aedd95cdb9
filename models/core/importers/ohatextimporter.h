#pragma once

#include "importer.h"

namespace bs {

// oha's console summary (what it prints with --no-tui, or after its TUI):
// "Summary:" with "Success rate:", "Total:", "Slowest:", "Fastest:",
// "Average:", "Requests/sec:", "Total data:", "Size/request:", "Size/sec:";
// "Response time histogram:"; "Response time distribution:" (before 2023
// "Latency distribution:") with "99.90% in 0.0071 secs"; with
// --stats-success-breakdown the same for "(2xx only)" and "(4xx + 5xx only)";
// "Details (average, fastest, slowest):"; "Status code distribution:" and
// "Error distribution:". The figures map as oha's JSON does (OhaRun).
class OhaTextImporter : public Importer {
public:
    std::string name() const override { return "oha text"; }
    bool detect(const ImportInput &in) const override;

    // Whether `text` starts (within its first 64 KiB) like oha's summary: a
    // "Summary:" line with "Success rate:" next (hey's has none).
    static bool isOhaSummary(const std::string &text);

protected:
    Capture import(const ImportInput &in) const override;
};

} // namespace bs
