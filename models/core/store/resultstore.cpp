#include "resultstore.h"

#include "captureloader.h"
#include "capturewriter.h"
#include "fileio.h"
#include "folderlock.h"
#include "sha256.h"
#include "storemanifest.h"

#include <algorithm>
#include <filesystem>
#include <map>
#include <utility>

namespace bs {

namespace fs = std::filesystem;

namespace {

std::string manifestPath(const std::string &store)
{
    return (fs::path(store) / StoreManifest::kFileName).string();
}

std::string extra(const Capture &c, const char *key)
{
    const auto it = c.provenance.conditions.extra.find(key);
    return it == c.provenance.conditions.extra.end() ? std::string() : it->second;
}

// The manifest's entries; none when the store has no manifest yet.
std::optional<std::vector<StoreEntry>> entriesOrNone(const std::string &store, LoadError &error)
{
    std::error_code ec;
    if (!fs::exists(manifestPath(store), ec))
        return std::vector<StoreEntry>();
    return StoreManifest::read(manifestPath(store), error);
}

struct Loaded {
    Capture capture;
    StoreEntry entry;
};

std::optional<std::vector<Loaded>> loadAll(const std::vector<std::string> &files, const ResultStore::Keys &keys,
                                           LoadError &error)
{
    std::vector<Loaded> loaded;
    for (const std::string &f : CaptureLoader::withoutJoinedRawFiles(files)) {
        auto capture = CaptureLoader::load(f, error);
        if (!capture)
            return std::nullopt;
        Loaded l{std::move(*capture), {}};
        l.entry = ResultStore::entryFor(l.capture, keys);
        loaded.push_back(std::move(l));
    }
    return loaded;
}

bool makeFolder(const std::string &folder, LoadError &error)
{
    std::error_code ec;
    fs::create_directories(folder, ec);
    if (ec)
        error = {folder, {}, "cannot create the folder: " + ec.message()};
    return !ec;
}

// The manifest's entries; a folder without one is no store.
std::optional<std::vector<StoreEntry>> existingEntries(const std::string &store, LoadError &error)
{
    std::error_code ec;
    if (!fs::exists(manifestPath(store), ec)) {
        error = {store, {}, std::string("not a results store: no ") + StoreManifest::kFileName
                                + " in this folder (store add makes one)"};
        return std::nullopt;
    }
    return StoreManifest::read(manifestPath(store), error);
}

} // namespace

StoreEntry ResultStore::entryFor(const Capture &capture, const Keys &keys)
{
    StoreEntry e;
    Sha256 hash;
    const std::string text = CaptureWriter::toJson(capture);
    hash.update(text.data(), text.size());
    e.sha256 = hash.hexDigest();
    e.file = "captures/" + e.sha256 + ".json.gz";
    e.suite = capture.suite.id;
    e.revision = capture.revision.id;
    e.commit = !keys.commit.empty() ? keys.commit : !extra(capture, "commit").empty() ? extra(capture, "commit") : capture.revision.id;
    e.branch = !keys.branch.empty() ? keys.branch : extra(capture, "branch");
    e.machine = !capture.provenance.machine.hostname.empty() ? capture.provenance.machine.hostname : capture.provenance.machine.cpu;
    e.capturedAt = capture.capturedAt;
    return e;
}

std::optional<std::vector<ResultStore::Added>> ResultStore::add(const std::string &store,
                                                                const std::vector<std::string> &files,
                                                                const Keys &keys, LoadError &error)
{
    auto loaded = loadAll(files, keys, error);
    if (!loaded || !makeFolder((fs::path(store) / "captures").string(), error))
        return std::nullopt;
    const FolderLock lock(store);
    auto entries = entriesOrNone(store, error);
    if (!entries)
        return std::nullopt;
    std::vector<Added> added;
    for (const Loaded &l : *loaded) {
        const bool already = std::any_of(entries->begin(), entries->end(),
                                         [&](const StoreEntry &e) { return e.sha256 == l.entry.sha256; });
        if (!already) {
            if (!CaptureWriter::write(l.capture, pathOf(store, l.entry), error))
                return std::nullopt;
            entries->push_back(l.entry);
        }
        added.push_back({l.entry, already});
    }
    if (!FileIO::writeAtomically(manifestPath(store), StoreManifest::text(*entries), error))
        return std::nullopt;
    return added;
}

std::optional<std::vector<StoreEntry>> ResultStore::entries(const std::string &store, LoadError &error)
{
    return existingEntries(store, error);
}

std::optional<std::vector<StoreEntry>> ResultStore::prune(const std::string &store, std::size_t keep, LoadError &error)
{
    const FolderLock lock(store);
    auto entries = existingEntries(store, error);
    if (!entries)
        return std::nullopt;
    // Newest first within each suite and branch: past the first `keep`, removed.
    std::map<std::pair<std::string, std::string>, std::size_t> seen;
    std::vector<StoreEntry> newest = byTime(*entries), removed;
    std::reverse(newest.begin(), newest.end());
    for (const StoreEntry &e : newest)
        if (++seen[{e.suite, e.branch}] > keep)
            removed.push_back(e);
    std::vector<StoreEntry> kept;
    for (const StoreEntry &e : *entries)
        if (std::find(removed.begin(), removed.end(), e) == removed.end())
            kept.push_back(e);
    // The manifest first: a capture it names is always there.
    if (!FileIO::writeAtomically(manifestPath(store), StoreManifest::text(kept), error))
        return std::nullopt;
    for (const StoreEntry &e : removed) {
        std::error_code ec;
        fs::remove(pathOf(store, e), ec);
    }
    return removed;
}

std::string ResultStore::pathOf(const std::string &store, const StoreEntry &entry)
{
    return (fs::path(store) / entry.file).string();
}

std::vector<StoreEntry> ResultStore::byTime(const std::vector<StoreEntry> &entries)
{
    std::vector<StoreEntry> sorted = entries;
    std::stable_sort(sorted.begin(), sorted.end(),
                     [](const StoreEntry &a, const StoreEntry &b) { return a.capturedAt < b.capturedAt; });
    return sorted;
}

std::optional<StoreEntry> ResultStore::baseFor(const std::vector<StoreEntry> &entries, const StoreEntry &head,
                                               const std::string &base)
{
    auto names = [&](const StoreEntry &e) {
        return e.branch == base || e.revision == base || e.commit == base
            || (base.size() >= 7 && e.commit.compare(0, base.size(), base) == 0);
    };
    std::optional<StoreEntry> found;
    for (const StoreEntry &e : byTime(entries)) {
        if (e.suite != head.suite || e.sha256 == head.sha256 || !names(e))
            continue;
        // Newer wins, except that another machine never displaces the head's own.
        if (!found || e.machine == head.machine || found->machine != head.machine)
            found = e;
    }
    return found;
}

} // namespace bs
