#pragma once

#include "capture.h"
#include "capturediff.h"

#include <string>

// The JSON of a before/after comparison that `benchscope-cli diff --format
// json` prints: both captures named, provenance warnings, what was added and
// removed, every cell with its samples, p and verdict, and the geometric-mean
// summaries. The counterpart of CaptureJson for one capture.
namespace bs::DiffJson {

std::string toJson(const Capture &before, const Capture &after, const CaptureDiff &diff);

} // namespace bs::DiffJson
