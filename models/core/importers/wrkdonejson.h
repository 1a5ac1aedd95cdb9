#pragma once

#include "capturebuilder.h"

#include <nlohmann/json.hpp>

#include <string>

namespace bs {

// The JSON summary a wrk Lua done() script prints (the-benchmarker's
// wrk-report.lua shape: times in whole microseconds, exact counts), read into
// a repetition whether it stands alone or follows wrk's console text.
// Percentile keys in `latency` ("p99", "p99.9", "p99_9") are read too; any
// other key is named in a caveat, never dropped silently.
namespace WrkDoneJson {

bool hasShape(const nlohmann::json &v);
// Offset of the JSON object of a done() line ("${…}" or a line that is
// only "{…}"), or npos.
std::size_t start(const std::string &text);
// The done() JSON at `start` of a text (its shape not checked); `base` is
// set to the place named in errors. Throws InputFailure when it does not parse.
nlohmann::json parse(const std::string &text, std::size_t start, std::string &base);
// Throws InputFailure naming `base` when `root` is not of that shape.
void checkShape(const nlohmann::json &root, const std::string &base);
void read(CaptureBuilder &b, Repetition &rep, const nlohmann::json &root, const std::string &base);

} // namespace WrkDoneJson

} // namespace bs
