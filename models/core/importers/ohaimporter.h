#pragma once

#include "importer.h"

namespace bs {

// oha `--output-format json` (newer) or `-j`/`--json` (older): one run.
// All times are seconds already; null statistics (nothing succeeded) are
// left out and the result is marked as an error.
class OhaImporter : public Importer {
public:
    std::string name() const override { return "oha JSON"; }
    bool detect(const ImportInput &in) const override;

protected:
    Capture import(const ImportInput &in) const override;
};

} // namespace bs
