#pragma once

#include "importer.h"

namespace bs {

// hey's console report (summary, latency distribution, details, status code
// and error distributions) and its `-o csv` per-request rows
// (response-time, DNS+dialup, DNS, Request-write, Response-delay,
// Response-read, status-code, offset; seconds), which become a latency
// histogram and status counts. hey prints neither its version nor the URL.
class HeyImporter : public Importer {
public:
    std::string name() const override { return "hey text or -o csv"; }
    bool detect(const ImportInput &in) const override;

protected:
    Capture import(const ImportInput &in) const override;
};

} // namespace bs
