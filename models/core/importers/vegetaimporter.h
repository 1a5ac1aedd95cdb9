#pragma once

#include "importer.h"

namespace bs {

// vegeta's `report -type=json` (latencies in ns: mean, 50th, 90th, 95th,
// 99th, max, min; bytes in and out; duration and wait in ns; requests,
// rate, throughput, success, status_codes, errors) and `encode --to json`
// results, one JSON object per request (timestamp, latency in ns, code,
// error, bytes, url), which become a latency histogram per URL. vegeta
// sends at a fixed rate (an open loop).
class VegetaImporter : public Importer {
public:
    std::string name() const override { return "vegeta report or encode JSON"; }
    bool detect(const ImportInput &in) const override;

protected:
    Capture import(const ImportInput &in) const override;
};

} // namespace bs
