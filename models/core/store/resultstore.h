#pragma once

#include "capture.h"
#include "loaderror.h"
#include "storeentry.h"

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace bs {

// A results store (docs/continuous.md): a folder holding captures under
// content-addressed names ("captures/<sha256>.json.gz", written by
// CaptureWriter, so another tool's output is stored imported and a split
// capture joined) and the manifest that keys them (StoreManifest). Every
// change takes an exclusive lock on the folder (FolderLock), rereads the
// manifest and writes it back atomically, the captures first: two
// processes adding to one store at once both land, and a reader never sees
// a manifest naming a capture that is not there.
namespace ResultStore {

// What the person adding says of the captures, over what they record.
struct Keys {
    std::string commit;
    std::string branch;
};

struct Added {
    StoreEntry entry;
    bool already = false; // the same content was in the store: nothing written
};

// `capture` as the store files it: its keys (StoreEntry says where each
// comes from), the hash of its JSON text and its file's name.
StoreEntry entryFor(const Capture &capture, const Keys &keys);

// Loads every file (all of them before anything is written), then adds
// each capture not yet in the store, creating the store when needed.
std::optional<std::vector<Added>> add(const std::string &store, const std::vector<std::string> &files,
                                      const Keys &keys, LoadError &error);
// The entries, in the order they were added.
std::optional<std::vector<StoreEntry>> entries(const std::string &store, LoadError &error);
// Keeps the newest `keep` captures (by capture time, then the order they
// were added) of each suite and branch; returns the entries removed.
std::optional<std::vector<StoreEntry>> prune(const std::string &store, std::size_t keep, LoadError &error);

// The path of an entry's capture file.
std::string pathOf(const std::string &store, const StoreEntry &entry);
// `entries` by capture time, oldest first (the order added breaks ties).
std::vector<StoreEntry> byTime(const std::vector<StoreEntry> &entries);
// The newest entry of `head`'s suite whose branch, revision or commit (or
// the start of it, seven characters or more) is `base`, preferring one
// measured on `head`'s machine, other than `head` itself.
std::optional<StoreEntry> baseFor(const std::vector<StoreEntry> &entries, const StoreEntry &head,
                                  const std::string &base);

} // namespace ResultStore

} // namespace bs
