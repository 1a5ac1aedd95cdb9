#pragma once

#include "capture.h"
#include "loaderror.h"

#include <optional>
#include <string>
#include <vector>

namespace bs {

// A folder of one-run-per-file results (e.g. workers-benchmark's
// results/<timestamp>-<mode>/<app>-<path>.json, one oha JSON each) opened as
// one capture. Each file may be any single-run format the registry reads.
// Participant and case come from the file name: "<participant>__<case>" when
// the stem holds "__", else split at the last "-"; a stem without either is a
// participant with case "run". Files naming the same pair become repetitions
// of one result; pairs with no file are "missing". The optional mapping file
// benchscope-map.json (see docs/importers.md) overrides names, labels,
// runtimes, the suite and which files to ignore. Files no format recognises
// (notes, scripts) are skipped with a warning; a recognised file with an
// error fails the whole import.
// A criterion.rs tree (target/criterion/, or one benchmark's folder) is
// read by CriterionImporter instead.
namespace FolderImporter {

inline constexpr const char *kMapFileName = "benchscope-map.json";

std::optional<Capture> import(const std::string &folder, LoadError &error);

// The same over a list of files (`benchscope-cli convert a.json b.json`).
// `mapFile` may be empty; `title` names the suite (and may carry a
// "<yyyymmdd>-<hhmmss>-<run>" stamp, as folder names do).
std::optional<Capture> importFiles(const std::vector<std::string> &paths, const std::string &mapFile,
                                   const std::string &title, LoadError &error);

} // namespace FolderImporter

} // namespace bs
