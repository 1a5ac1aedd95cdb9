#pragma once

#include "capture.h"
#include "loaderror.h"

#include <string>

namespace bs {

// Writes captures in format version 1, gzip-compressed unless the path ends
// in ".json", always atomically (temporary file, fsync, rename).
namespace CaptureWriter {

struct Options {
    // Write the repetitions to "<name>.raw.json.gz" beside the summary,
    // which names it by relative path and sha256.
    bool splitRaw = false;
    int gzipLevel = 6;
};

// False with `error` naming the file that could not be written. What the
// reader would refuse (InputLimits: a result's repetitions, the size, the
// document's memory, nesting, one string) is refused first, with the
// reader's message, and nothing is written. A split pair is written raw
// file first under an advisory lock on its folder, so that concurrent
// writers of one path leave a pair that matches.
bool write(const Capture &capture, const std::string &path, LoadError &error);
bool write(const Capture &capture, const std::string &path, const Options &options, LoadError &error);

// Where a split capture's raw file goes: "run.json.gz" -> "run.raw.json.gz".
std::string rawPathFor(const std::string &summaryPath);

// The capture as JSON text (with repetitions and derived summaries).
std::string toJson(const Capture &capture, int indent = -1);

} // namespace CaptureWriter

} // namespace bs
