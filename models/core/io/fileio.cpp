#include "fileio.h"

#include "inputlimits.h"
#include "inputstreambuf.h"
#include "memorystreambuf.h"

#include <zlib.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace bs {

namespace {

// What a file that is not a regular one (nor a folder) is, for the error.
const char *specialKind(mode_t mode)
{
    if (S_ISFIFO(mode))
        return "a FIFO (named pipe)";
    if (S_ISCHR(mode))
        return "a character device";
    if (S_ISBLK(mode))
        return "a block device";
    if (S_ISSOCK(mode))
        return "a socket";
    return "a special file";
}

std::string notRegular(mode_t mode)
{
    return std::string("not a regular file: it is ") + specialKind(mode)
        + ", which Benchscope does not read (it could block or never end)";
}

std::string tooLarge(ByteLimit limit)
{
    return "the file holds " + InputLimits::beyond(limit.bytes, "", limit.variable);
}

} // namespace

bool FileIO::checkFile(const std::string &path, LoadError &error, ByteLimit limit)
{
    error = LoadError{path, "", ""};
    struct stat st;
    if (::stat(path.c_str(), &st) != 0) {
        error.message = errno == ENOENT ? "file not found" : std::string("cannot open: ") + std::strerror(errno);
        return false;
    }
    if (S_ISDIR(st.st_mode)) {
        error.message = "is a folder, not a file";
        return false;
    }
    if (!S_ISREG(st.st_mode)) {
        error.message = notRegular(st.st_mode);
        return false;
    }
    if (std::uint64_t(st.st_size) > limit.bytes) {
        error.message = tooLarge(limit);
        return false;
    }
    return true;
}

bool FileIO::openForReading(std::filebuf &file, const std::string &path, LoadError &error, ByteLimit limit)
{
    if (!checkFile(path, error, limit))
        return false;
    if (!file.open(path, std::ios::in | std::ios::binary)) {
        error = LoadError{path, "", std::string("cannot open: ") + std::strerror(errno)};
        return false;
    }
    return true;
}

std::optional<std::string> FileIO::readFile(const std::string &path, LoadError &error, ByteLimit limit)
{
    if (!checkFile(path, error, limit))
        return std::nullopt;
    // Non-blocking, so a FIFO put in the file's place since the check cannot hang the open.
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK);
    if (fd < 0) {
        error.message = std::string("cannot open: ") + std::strerror(errno);
        return std::nullopt;
    }
    struct stat st;
    errno = 0;
    if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        error.message = errno ? std::string("cannot open: ") + std::strerror(errno) : notRegular(st.st_mode);
        ::close(fd);
        return std::nullopt;
    }
    ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) & ~O_NONBLOCK);
    std::string bytes;
    bytes.reserve(std::size_t(std::min<std::uint64_t>(std::uint64_t(st.st_size), limit.bytes)));
    char buf[1 << 16];
    for (;;) {
        const ssize_t n = ::read(fd, buf, sizeof buf);
        if (n < 0) {
            if (errno == EINTR)
                continue;
            error.message = std::string("read failed: ") + std::strerror(errno);
            ::close(fd);
            return std::nullopt;
        }
        if (n == 0)
            break;
        if (bytes.size() + std::size_t(n) > limit.bytes) { // the file grew since its size was read
            error.message = tooLarge(limit);
            ::close(fd);
            return std::nullopt;
        }
        bytes.append(buf, std::size_t(n));
    }
    ::close(fd);
    return bytes;
}

bool FileIO::isGzip(const std::string &bytes)
{
    return bytes.size() >= 2 && static_cast<unsigned char>(bytes[0]) == 0x1f
        && static_cast<unsigned char>(bytes[1]) == 0x8b;
}

std::optional<std::string> FileIO::readMaybeGzip(const std::string &path, LoadError &error)
{
    const InputLimits &limits = InputLimits::current();
    auto bytes = readFile(path, error, limits.captureFile());
    if (!bytes)
        return std::nullopt;
    MemoryStreamBuf memory(*bytes);
    InputStreamBuf in(memory, limits.importBytes, "BENCHSCOPE_MAX_IMPORT_MB");
    std::string text = in.readAll();
    if (in.failed()) {
        error = LoadError{path, in.errorPlace(), in.error()};
        return std::nullopt;
    }
    return text;
}

std::string FileIO::gzip(const std::string &bytes, int level)
{
    z_stream zs;
    std::memset(&zs, 0, sizeof zs);
    deflateInit2(&zs, level, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY);
    std::string out;
    out.resize(deflateBound(&zs, uLong(bytes.size())));
    zs.next_in = reinterpret_cast<Bytef *>(const_cast<char *>(bytes.data()));
    zs.avail_in = uInt(bytes.size());
    zs.next_out = reinterpret_cast<Bytef *>(out.data());
    zs.avail_out = uInt(out.size());
    deflate(&zs, Z_FINISH);
    out.resize(zs.total_out);
    deflateEnd(&zs);
    return out;
}

bool FileIO::writeAtomically(const std::string &path, const std::string &bytes, LoadError &error)
{
    std::string tmp = path + ".tmp-XXXXXX";
    const int fd = ::mkstemp(tmp.data());
    if (fd < 0) {
        error = {path, {}, std::string("cannot create a temporary file beside it: ") + std::strerror(errno)};
        return false;
    }
    ::fchmod(fd, 0644);
    std::size_t done = 0;
    while (done < bytes.size()) {
        const ssize_t n = ::write(fd, bytes.data() + done, bytes.size() - done);
        if (n < 0) {
            if (errno == EINTR)
                continue;
            error = {path, {}, std::string("write failed: ") + std::strerror(errno)};
            ::close(fd);
            ::unlink(tmp.c_str());
            return false;
        }
        done += std::size_t(n);
    }
    if (::fsync(fd) != 0 || ::close(fd) != 0) {
        error = {path, {}, std::string("cannot flush to disk: ") + std::strerror(errno)};
        ::unlink(tmp.c_str());
        return false;
    }
    if (::rename(tmp.c_str(), path.c_str()) != 0) {
        error = {path, {}, std::string("cannot rename the temporary file into place: ") + std::strerror(errno)};
        ::unlink(tmp.c_str());
        return false;
    }
    return true;
}

} // namespace bs
