#pragma once

#include "inputlimits.h"
#include "loaderror.h"

#include <cstdint>
#include <optional>
#include <string>

namespace bs {

// A regular file opened once, and everything about it taken from that one
// descriptor: what it is (device, inode, size, modification time), its real
// path, and its bytes. What was checked, keyed and read is so the one file,
// whatever happens to its name meanwhile (a symbolic link changed, the file
// replaced). FileIO::readFile reads through it; the summary index keys,
// stats and hashes what it opened (docs/history.md, "The index").
class OpenedFile {
public:
    // What a file is, from fstat: equal only for the same inode with the
    // same size and modification time (to the nanosecond).
    struct Identity {
        std::uint64_t device = 0, inode = 0;
        std::int64_t size = -1, mtimeNs = -1;
        bool operator==(const Identity &o) const
        {
            return device == o.device && inode == o.inode && size == o.size && mtimeNs == o.mtimeNs;
        }
        bool operator!=(const Identity &o) const { return !(*this == o); }
    };

    OpenedFile() = default;
    ~OpenedFile();
    OpenedFile(const OpenedFile &) = delete;
    OpenedFile &operator=(const OpenedFile &) = delete;

    // Opens `path` (never blocking: a FIFO put there cannot hang it). False,
    // with `error` naming the file, when it does not exist, is a folder or a
    // special file, or holds more than `limit.bytes` bytes.
    bool open(const std::string &path, LoadError &error, ByteLimit limit);
    // The descriptor's state as it was when opened, and as it is now.
    const Identity &identity() const { return m_identity; }
    Identity identityNow() const;
    // The absolute path, symbolic links and "." / ".." resolved, of the file
    // opened (from /proc/self/fd, else realpath() checked to name the same
    // inode); "" when it has none (removed since) or cannot be told.
    std::string realPath() const;
    // Every byte, read from the descriptor (once), within `limit`.
    std::optional<std::string> readAll(LoadError &error, ByteLimit limit);

    // Whether nothing is at `path` (no file, or a path through a non-folder):
    // what a summary that names a missing raw file depends on.
    static bool absent(const std::string &path);

private:
    int m_fd = -1;
    std::string m_path;
    Identity m_identity;
};

} // namespace bs
