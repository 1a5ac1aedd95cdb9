#pragma once

#include "loaderror.h"
#include "storeentry.h"

#include <optional>
#include <string>
#include <vector>

namespace bs {

// The manifest of a results store, a JSON file beside its captures
// ("benchscope-store.json"): a header and one entry a line, in the order
// the captures were added, so a store kept on a git branch changes by a
// line per capture.
//
//   {"format": "benchscope-store", "version": 1, "captures": [
//   {"file": "captures/9f….json.gz", "sha256": "9f…", "suite": "http", ...},
//   ...
//   ]}
namespace StoreManifest {

constexpr const char *kFileName = "benchscope-store.json";

// The entries of the manifest at `path`; a damaged one fails with the
// file and the place (a line and column, or the JSON path of the entry).
std::optional<std::vector<StoreEntry>> read(const std::string &path, LoadError &error);
// The manifest's text.
std::string text(const std::vector<StoreEntry> &entries);

} // namespace StoreManifest

} // namespace bs
