#pragma once

#include "importer.h"

namespace bs {

// autocannon `--json` (one line on stdout): latency in whole milliseconds,
// requests and throughput as per-second samples. Also recognises the
// `console.log(result)` output many repositories commit instead (JavaScript
// inspect syntax, not JSON) and rejects it with a message saying so.
class AutocannonImporter : public Importer {
public:
    std::string name() const override { return "autocannon JSON"; }
    bool detect(const ImportInput &in) const override;

protected:
    Capture import(const ImportInput &in) const override;
};

} // namespace bs
