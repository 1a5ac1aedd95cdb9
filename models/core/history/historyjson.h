#pragma once

#include "history.h"

#include <iosfwd>
#include <vector>

// The JSON of a history that `benchscope-cli history --format json`
// prints: the revisions in order, the change-point settings, and each given
// series with its points and steps. The counterpart of DiffJson.
namespace bs::HistoryJson {

// Written straight to `out` (JsonStream: no document is built), so the
// output's cost grows with its size alone.
void write(std::ostream &out, const History &history, const std::vector<const HistorySeries *> &series);

} // namespace bs::HistoryJson
