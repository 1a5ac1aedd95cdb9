#pragma once

#include "baselineset.h"
#include "capture.h"

#include <QString>

#include <memory>
#include <vector>

// Which two open captures to compare when the user has not said: always
// two of the same suite, never two unrelated ones. The Diff page and the
// window's Compare action choose through it.
namespace CapturePairing {

using CapturePtr = std::shared_ptr<const bs::Capture>;

struct Pair {
    CapturePtr before;
    CapturePtr after;
    // Why there is no pair (only one capture of the suite is open), else empty.
    QString note;
};

// The latest capture of `after`'s suite that comes before it (by revision,
// as the capture list orders them), else the next one after it; null when
// the suite has no other open capture.
CapturePtr predecessor(const std::vector<CapturePtr> &captures, const CapturePtr &after);

// The default pair for `current` (else for the last suite with two or more
// captures open, else the last capture): the suite's baseline → its latest
// capture when a baseline is open and is not the latest; otherwise `current`
// (or the latest) and its predecessor, the earlier revision before. With no
// second capture of the suite, `after` alone and a note saying so.
Pair defaultPair(const std::vector<CapturePtr> &captures, const CapturePtr &current, const BaselineSet &baselines);

} // namespace CapturePairing
