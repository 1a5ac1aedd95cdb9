#pragma once

#include "capture.h"

#include <iosfwd>
#include <string>
#include <vector>

namespace bs {

// The normalized JSON view of loaded captures that `benchscope-cli inspect
// --format json` prints: derived summaries spelled out per result and
// metric, so scripts never recompute them. (The file format itself is
// written by CaptureWriter.)
namespace CaptureJson {

// Written result by result, so that memory stays near the captures' own
// (the whole document is never built): the same text as nlohmann's dump(2).
void write(std::ostream &out, const std::vector<Capture> &captures);

} // namespace CaptureJson

} // namespace bs
