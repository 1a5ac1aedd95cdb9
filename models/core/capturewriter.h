#pragma once

#include "capture.h"

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

bool write(const Capture &capture, const std::string &path, std::string &errorMessage);
bool write(const Capture &capture, const std::string &path, const Options &options,
           std::string &errorMessage);

// The capture as JSON text (with repetitions and derived summaries).
std::string toJson(const Capture &capture, int indent = -1);

} // namespace CaptureWriter

} // namespace bs
