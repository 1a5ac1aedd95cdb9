#pragma once

#include "importer.h"

namespace bs {

// wrk and wrk2 console text (wrk has no JSON). Every value carries its own
// auto-scaled unit (us/ms/s/m/h, k/M/G, B/KB/MB/GB 1024-based) and is
// converted to seconds, counts or bytes. wrk2's "Detailed Percentile
// spectrum" (values in ms, cumulative counts) becomes a latency histogram;
// with -U the uncorrected block becomes "service_time". An optional first
// line holding the command's arguments (as some repositories save it) gives
// the rate and connections.
class WrkTextImporter : public Importer {
public:
    std::string name() const override { return "wrk/wrk2 text"; }
    bool detect(const ImportInput &in) const override;

protected:
    Capture import(const ImportInput &in) const override;
};

} // namespace bs
