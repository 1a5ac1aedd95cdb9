#pragma once

#include "capture.h"
#include "importinput.h"
#include "loaderror.h"

#include <optional>
#include <string>

namespace bs {

// Reads one other tool's output format into a Capture in canonical units.
// Each format is told apart by content (detect), never by file name.
class Importer {
public:
    virtual ~Importer() = default;

    // Shown in errors and in the list of tried formats, e.g. "oha JSON".
    virtual std::string name() const = 0;
    // Cheap check of the shape: true when this importer should read `in`.
    virtual bool detect(const ImportInput &in) const = 0;
    // When detect() said no but the content looks like this format, why it
    // is not (shown when no format matches); empty otherwise.
    virtual std::string whyNot(const ImportInput &) const { return {}; }
    // For a tool that writes one run as several files (Locust's --csv
    // PREFIX_stats.csv, _stats_history.csv, _failures.csv, _exceptions.csv):
    // the file that reads the run, when `path` is named as one of the
    // others; its figures are read through that file. Empty otherwise.
    virtual std::string leadFile(const std::string &) const { return {}; }

    // Imports, or fails with an error naming the file, the place and the format.
    std::optional<Capture> read(const ImportInput &in, LoadError &error) const;

protected:
    // Throws InputFailure on bad input.
    virtual Capture import(const ImportInput &in) const = 0;
};

} // namespace bs
