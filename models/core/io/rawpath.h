#pragma once

#include <optional>
#include <string>

namespace bs {

// Where a summary capture's raw-repetitions file is: its "raw.path" names a
// file inside the summary's folder (or below it). An absolute path, one that
// climbs out with "..", or one whose symbolic links resolve outside the
// folder is refused, so a capture can never make Benchscope read (or print
// the hash of) a file elsewhere.
namespace RawPath {

// The file's path (the summary's folder joined with `relative`), or nothing
// with `error` saying why it is refused.
std::optional<std::string> resolve(const std::string &summaryPath, const std::string &relative, std::string &error);

} // namespace RawPath

} // namespace bs
