#pragma once

#include "importer.h"

namespace bs {

// ApacheBench (ab) outputs: its console report (`ab -n N -c C URL`), the
// percentile table of `-e FILE` ("Percentage served,Time in ms") and the
// per-request rows of `-g FILE` (gnuplot TSV: starttime, seconds, ctime,
// dtime, ttime, wait in whole ms), which becomes a latency histogram. A
// report cut off by a connection error ("apr_socket_recv: Connection
// refused") is an error result with ab's message.
class AbImporter : public Importer {
public:
    std::string name() const override { return "ab text, -e CSV or -g TSV"; }
    bool detect(const ImportInput &in) const override;

protected:
    Capture import(const ImportInput &in) const override;
};

} // namespace bs
