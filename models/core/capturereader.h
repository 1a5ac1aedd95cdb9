#pragma once

#include "capture.h"
#include "loaderror.h"

#include <optional>
#include <string>

namespace bs {

// Reads a Benchscope capture (format version 1; see docs/capture-format.md)
// from .json or .json.gz (gzip told by its magic bytes). Joins a summary with
// its raw-repetitions file, checks every reference and value, recomputes all
// summaries from the repetitions, and warns where a stored summary disagrees.
// Returns no capture at all on any error: never a half-loaded one.
class CaptureReader {
public:
    static std::optional<Capture> readFile(const std::string &path, LoadError &error);

    // `text` is the decoded JSON (taken by value and freed once parsed: pass
    // it with std::move); `path` names it in errors and locates a raw file
    // named by relative path.
    static std::optional<Capture> readText(std::string text, const std::string &path, LoadError &error);

    // True when the decoded text declares itself a Benchscope capture or raw
    // file (cheap: looks only at the start of the text).
    static bool looksLikeCapture(const std::string &text);
};

} // namespace bs
