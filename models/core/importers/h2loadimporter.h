#pragma once

#include "importer.h"

namespace bs {

// nghttp2's h2load: its console report (finished in, req/s, MB/s; the
// request counts; status classes; traffic; the min/max/mean/sd table of
// request, connect and first-byte times and per-client req/s) and its
// `--log-file` per-request TSV (start time in µs since the epoch, status,
// duration in µs), which becomes a latency histogram. Neither names the
// URL or h2load's version.
class H2loadImporter : public Importer {
public:
    std::string name() const override { return "h2load text or --log-file TSV"; }
    bool detect(const ImportInput &in) const override;

protected:
    Capture import(const ImportInput &in) const override;
};

} // namespace bs
