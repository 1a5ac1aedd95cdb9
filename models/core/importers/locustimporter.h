#pragma once

#include "importer.h"

namespace bs {

// Locust's own outputs (docs/importers.md, "Locust"): the `--csv PREFIX`
// files, told apart by their headers (PREFIX_stats.csv, and the
// stats_history, failures and exceptions files beside it, which lead to
// it), and the `--json` output of Locust 2.16 and later. One participant,
// "locust" (the files do not name the host); a case per request name.
class LocustImporter : public Importer {
public:
    std::string name() const override { return "Locust (--csv or --json)"; }
    bool detect(const ImportInput &in) const override;
    // PREFIX_stats.csv for the stats history, failures and exceptions files.
    std::string leadFile(const std::string &path) const override;

protected:
    Capture import(const ImportInput &in) const override;
};

} // namespace bs
