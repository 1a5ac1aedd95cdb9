#pragma once

#include "importer.h"

namespace bs {

// The JSON a wrk Lua `done(summary, latency, requests)` script prints, in
// the shape of the-benchmarker's wrk-report.lua: a `$` and then
// {"latency": {min, max, mean, stdev}, "requests", "bytes", "duration",
// "errors": {connect, read, write, status, timeout}}. Times are in
// microseconds (integers: the script truncates mean and stdev). The text
// before the `$` (wrk's own report) is ignored; a bare JSON file of the same
// shape is accepted too.
class WrkLuaJsonImporter : public Importer {
public:
    std::string name() const override { return "wrk Lua done() JSON"; }
    bool detect(const ImportInput &in) const override;

protected:
    Capture import(const ImportInput &in) const override;
};

} // namespace bs
