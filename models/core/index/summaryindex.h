#pragma once

#include "capture.h"
#include "loaderror.h"

#include <cstddef>
#include <mutex>
#include <optional>
#include <string>

struct sqlite3;

namespace bs {

// The index of captures' summaries that a history reads (docs/history.md,
// "The index"): an SQLite file in the user's cache folder holding, for each
// capture file by absolute path, its size, modification time and SHA-256
// (and those of the raw-repetitions file beside it), and what a history
// reads of it (CaptureSummary) with that summary's own SHA-256. An entry is
// used only when all of these match the file as it is now; else the file
// is loaded by CaptureLoader and the entry written anew. A file that is not
// a sound index is moved aside (FILE.corrupt) and made anew. Several
// processes may use one index at once (write-ahead log, busy timeout).
// Without a usable index (no cache folder, a read-only one) every capture
// is loaded from its file: the history is the same, only slower.
class SummaryIndex {
public:
    // The index file: $BENCHSCOPE_INDEX when set (empty or "off": none),
    // else $XDG_CACHE_HOME/benchscope/history-index.sqlite, else
    // ~/.cache/benchscope/history-index.sqlite.
    static std::string defaultFile();

    // Opens (creating its folder and itself when needed) the index at
    // `file`; an empty `file` means no index.
    explicit SummaryIndex(const std::string &file);
    ~SummaryIndex();
    SummaryIndex(const SummaryIndex &) = delete;
    SummaryIndex &operator=(const SummaryIndex &) = delete;

    bool isOpen() const
    {
        const std::lock_guard<std::mutex> lock(m_mutex);
        return m_db != nullptr;
    }
    const std::string &file() const { return m_file; }
    // Why the index is not used ("" when it is), and whether a broken file
    // was moved aside on opening (its new name).
    const std::string &problem() const { return m_problem; }
    const std::string &movedAside() const { return m_movedAside; }

    // What a history reads of the capture at `path` (CaptureSummary; its
    // sourcePath is `path`): from the index when the entry matches the
    // file, else loaded (any error is CaptureLoader's) and indexed.
    // `fromIndex` says which. Nothing is thrown. Several threads may load
    // at once: the index is read and written under a lock, files are read,
    // hashed and decoded outside it.
    std::optional<Capture> load(const std::string &path, LoadError &error, bool *fromIndex = nullptr) noexcept;

private:
    struct FileState;
    bool open();
    void moveAside();
    void close();
    std::optional<Capture> lookup(const std::string &key, const FileState &now);
    void store(const std::string &key, const FileState &state, const std::string &summary);
    void broken(int code); // a failure of SQLite: corruption stops using the index

    std::string m_file;
    std::string m_problem;
    std::string m_movedAside;
    sqlite3 *m_db = nullptr;
    mutable std::mutex m_mutex; // guards m_db (and m_problem, m_movedAside after opening)
};

} // namespace bs
