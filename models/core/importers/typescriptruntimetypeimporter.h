#pragma once

#include "importer.h"

namespace bs {

// moltar/typescript-runtime-type-benchmarks results: the current viewer data
// (docs/results/<runtime>-<major>.json: {results: [{benchmark, name, ops,
// margin, runtime, runtimeVersion}]}) and the legacy benny per-case files
// (results/<case>-<nodeVersion>.json: {name, date, results: [{name, ops,
// margin, percentSlower}], fastest, slowest}). Cases are benchmarks,
// participants are libraries; a library without a benchmark is "missing".
class TypescriptRuntimeTypeImporter : public Importer {
public:
    std::string name() const override { return "typescript-runtime-type-benchmarks JSON"; }
    bool detect(const ImportInput &in) const override;

protected:
    Capture import(const ImportInput &in) const override;
};

} // namespace bs
