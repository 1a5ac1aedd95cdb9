#pragma once

#include "history.h"

#include <string>
#include <vector>

// The JSON of a history that `benchscope-cli history --format json`
// prints: the revisions in order, the change-point settings, and each given
// series with its points and steps. The counterpart of DiffJson.
namespace bs::HistoryJson {

std::string toJson(const History &history, const std::vector<const HistorySeries *> &series);

} // namespace bs::HistoryJson
