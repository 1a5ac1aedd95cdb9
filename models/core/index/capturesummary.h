#pragma once

#include "capture.h"

#include <optional>
#include <string>

namespace bs {

// What a history reads of a capture, as compact bytes for the summary
// index (SummaryIndex): the suite, the revision and capture time, the
// metrics, cases and participants, and per result its status, reason,
// flags, figures measured once, each repetition's metric values and the
// summaries. Provenance, contracts, histograms, errors and warnings are
// left out, so a decoded capture is for a history only. Numbers are kept
// bit for bit, so a history of decoded captures is the history of the files.
namespace CaptureSummary {

std::string encode(const Capture &capture);
// The capture back (sourcePath empty), or nothing for bytes that are not
// an encoding of this version: truncated, too long, or out of range.
std::optional<Capture> decode(const std::string &bytes);

} // namespace CaptureSummary

} // namespace bs
