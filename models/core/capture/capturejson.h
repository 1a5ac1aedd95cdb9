#pragma once

#include "capture.h"

#include <string>
#include <vector>

namespace bs {

// The normalized JSON view of loaded captures that `benchscope-cli inspect
// --format json` prints: derived summaries spelled out per result and
// metric, so scripts never recompute them. (The file format itself is
// written by CaptureWriter.)
namespace CaptureJson {

std::string normalized(const std::vector<Capture> &captures);

} // namespace CaptureJson

} // namespace bs
