#pragma once

#include "importer.h"

namespace bs {

// go-wrk's console report (tsliwowicz/go-wrk): "Running 10s test @ URL",
// "N goroutine(s) running concurrently", "N requests in 10.01s, 52.45MB read",
// then "Requests/sec:", "Transfer/sec:", "Avg Req Time:", "Fastest Request:",
// "Slowest Request:", "Number of Errors:" (and "Error Counts:"); since its
// HdrHistogram (2024) also "Overall Requests/sec:", "Overall Transfer/sec:",
// percentile lines ("99%:") and "stddev:". Participant host:port, case the
// URL path, one repetition with the HTTP ids (rps, transfer_rate,
// latency_mean/min/max/stdev, requests, bytes) and errors through the failure
// rule. The percentile lines are not read: go-wrk passes fractions (.99) to a
// histogram that takes percents, so its "99%" is the 0.99th percentile (the
// README's "99.99999%" of 5.5ms lies below its 46.6ms average).
class GoWrkImporter : public Importer {
public:
    std::string name() const override { return "go-wrk text"; }
    bool detect(const ImportInput &in) const override;

protected:
    Capture import(const ImportInput &in) const override;
};

} // namespace bs
