#pragma once

#include "capture.h"
#include "compactjsonparser.h"
#include "inputstreambuf.h"
#include "loaderror.h"

#include <optional>
#include <string>

namespace bs {

// Reads a Benchscope capture (format version 1; see docs/capture-format.md)
// from .json or .json.gz (gzip told by its magic bytes). Joins a summary with
// its raw-repetitions file, checks every reference and value, recomputes all
// summaries from the repetitions, and warns where a stored summary disagrees.
// Returns no capture at all on any error: never a half-loaded one.
namespace CaptureReader {

std::optional<Capture> readFile(const std::string &path, LoadError &error);

// `bytes` is the file's content, gzip or plain JSON (taken by value: pass
// it with std::move; gzip is inflated while parsing, plain text is freed
// once parsed); `path` names it in errors and locates a raw file named
// by relative path.
std::optional<Capture> readBytes(std::string bytes, const std::string &path, LoadError &error);
// Reads the content of `in` from its start.
std::optional<Capture> readStream(InputStreamBuf &in, const std::string &path, LoadError &error);

// True when the capture was read from a summary whose raw-repetitions
// file was missing: it has the stored summaries and no repetitions.
bool summaryOnly(const Capture &capture);

// True when the first decoded bytes of a file (InputStreamBuf::head())
// declare it a Benchscope capture or raw file.
bool looksLikeCapture(const std::string &head);

} // namespace CaptureReader

} // namespace bs
