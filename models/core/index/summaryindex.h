#pragma once

#include "capture.h"
#include "loaderror.h"

#include <cstddef>
#include <functional>
#include <mutex>
#include <optional>
#include <string>

struct sqlite3;

namespace bs {

// The index of captures' summaries that a history reads (docs/history.md,
// "The index"): an SQLite file in the user's cache folder holding, for each
// capture file by its real path (of the file opened, links resolved), what
// that file was (device, inode, size, modification time), the SHA-256 of
// the bytes that were parsed, every other file the capture's reading
// depended on (its raw-repetitions file, whatever its name, as the reader
// resolved it, or that it was absent) with the same of each, what a
// history reads of it (CaptureSummary) with that summary's own SHA-256, and
// which readers wrote it (kReaderId, the hash of their sources). An entry is
// used only when all of these match the files and the readers as they are now;
// else the file's bytes (read once) are loaded by CaptureLoader and the
// entry written anew. A file that is not a sound index is moved aside
// (FILE.corrupt, never over an earlier one) and made anew; an SQLite
// database that is someone else's is refused and left as it is. Several
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
    // `file`; an empty `file` means no index. Entries are those of `reader`
    // (empty: this build's readers, kReaderId; tests name others).
    explicit SummaryIndex(const std::string &file, std::string reader = {});
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
    // Why the file named was refused and left as it is (an SQLite database
    // that is not a Benchscope index, or not a regular file: a folder, a
    // FIFO, a device), "" when it was not.
    const std::string &refused() const { return m_refused; }

    // What a history reads of the capture at `path` (CaptureSummary; its
    // sourcePath is `path`): from the index when the entry matches the
    // file, else loaded from the bytes read (any error is CaptureLoader's)
    // and indexed.
    // `fromIndex` says which. Nothing is thrown. Several threads may load
    // at once: the index is read and written under a lock, files are read,
    // hashed and decoded outside it.
    std::optional<Capture> load(const std::string &path, LoadError &error, bool *fromIndex = nullptr) noexcept;

    // For tests: called with the path after a capture file is opened and
    // before it is read (so a test can replace the file there and then).
    void setAfterOpen(std::function<void(const std::string &)> hook) { m_afterOpen = std::move(hook); }

private:
    struct Entry;
    enum class Found { Nothing, Ours, Rebuild, Foreign, Unsound, Unreadable };
    bool open();
    Found inspect(std::string &why) const;
    bool openForWriting(bool rebuild);
    void moveAside();
    void close();
    std::optional<Capture> lookup(const Entry &now);
    void store(const Entry &entry, const std::string &summary);
    void broken(int code); // a failure of SQLite: corruption stops using the index

    std::string m_file;
    std::string m_reader;
    std::string m_problem;
    std::string m_movedAside;
    std::string m_refused;
    sqlite3 *m_db = nullptr;
    std::function<void(const std::string &)> m_afterOpen;
    mutable std::mutex m_mutex; // guards m_db (and m_problem, m_movedAside after opening)
};

} // namespace bs
