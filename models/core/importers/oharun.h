#pragma once

#include "capture.h"

#include <cstdint>
#include <map>
#include <optional>
#include <string>

namespace bs {

class CaptureBuilder;

// What oha reports of one run, whichever output it was read from (its JSON
// or its console text): the summary, in seconds, bytes and ratios.
struct OhaFigures {
    double rps = 0;     // Requests/sec: every finished request, errors included
    double total = 0;   // the run's duration
    std::optional<double> average, fastest, slowest, successRate, sizePerSec, totalData;
    bool noneSucceeded = false; // oha's success rate is null (JSON) or NaN (text)
    std::map<std::string, std::uint64_t> statuses; // "200" → responses
    std::map<std::string, std::uint64_t> errors;   // oha's error text → count
};

// The one mapping of an oha run onto a capture, shared by the JSON and the
// console-text importers: participant "oha", case "run", one repetition with
// the HTTP ids, statuses of 400 and above and oha's errors as errors through
// the failure rule ("aborted due to deadline" left out of it), and a run
// where nothing succeeded an error result.
namespace OhaRun {

// Starts the capture's run (mode, the latency-correction caveat); returns its repetition.
Repetition &begin(CaptureBuilder &b);
// One percentile of a family: "latency" (the standard ids), "first_byte",
// "success_latency" or "failure_latency" (`label` names the family, `printed`
// is the percentile as oha printed it, "99.9").
void percentile(CaptureBuilder &b, Repetition &rep, const std::string &prefix, const std::string &label,
                double percentile, const std::string &printed, double seconds);
// The summary, statuses and errors into the repetition, and the failure rule.
void finish(CaptureBuilder &b, Repetition &rep, const OhaFigures &f);

} // namespace OhaRun

} // namespace bs
