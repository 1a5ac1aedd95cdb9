#pragma once

#include "capturebuilder.h"
#include "histogramrecorder.h"

#include <cstdint>
#include <map>
#include <string>

namespace bs {

// The requests of a per-request output (ab -g, hey -o csv, h2load
// --log-file, vegeta encode): every latency, the responses by HTTP status
// and the requests that got no response, by kind.
struct RequestLog {
    HistogramRecorder latency;
    std::map<int, std::uint64_t> statuses;
    std::map<std::string, std::uint64_t> unanswered;

    // Adds one repetition to `r`: the "latency" histogram and the statistics
    // made from it, the request count, statuses of 400 and above and the
    // unanswered requests as errors, and the failure rule over them.
    Repetition &addTo(CaptureBuilder &b, Result &r) const;
};

} // namespace bs
