#pragma once

#include "capture.h"
#include "indexedload.h"

#include <string>
#include <vector>

struct CommandContext;

// What a history reads of each file, through the summary index
// (bs::IndexedLoad; every file itself when `useIndex` is false), as
// CommandContext::loadAll does: all or, on the first error, none, the error
// printed. A scan that reads files for more than a second says how it goes
// on stderr. `history` and `publish --store` load their captures this way.
namespace IndexedFiles {

// `done`, when given, is how the load ended (how many were read from their files).
bool load(CommandContext &ctx, const std::vector<std::string> &files, bool useIndex, std::vector<bs::Capture> &captures,
          bs::IndexedLoad::Progress *done = nullptr);

} // namespace IndexedFiles
