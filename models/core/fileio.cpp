#include "fileio.h"

#include <zlib.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace bs {

std::optional<std::string> FileIO::readFile(const std::string &path, LoadError &error)
{
    error = LoadError{path, "", ""};
    struct stat st;
    if (::stat(path.c_str(), &st) != 0) {
        error.message = errno == ENOENT ? "file not found" : std::string("cannot open: ") + std::strerror(errno);
        return std::nullopt;
    }
    if (S_ISDIR(st.st_mode)) {
        error.message = "is a folder, not a file";
        return std::nullopt;
    }
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) {
        error.message = std::string("cannot open: ") + std::strerror(errno);
        return std::nullopt;
    }
    std::string bytes;
    bytes.reserve(std::size_t(st.st_size));
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

std::optional<std::string> FileIO::gunzip(const std::string &bytes, const std::string &path,
                                          LoadError &error)
{
    error = LoadError{path, "", ""};
    std::string out;
    // The gzip trailer's ISIZE is the uncompressed size (mod 2^32) of the
    // last member; reserving it avoids regrowth copies of a large text.
    if (bytes.size() >= 18) {
        const auto *t = reinterpret_cast<const unsigned char *>(bytes.data() + bytes.size() - 4);
        const std::size_t isize = std::size_t(t[0]) | std::size_t(t[1]) << 8 | std::size_t(t[2]) << 16
            | std::size_t(t[3]) << 24;
        if (isize >= bytes.size())
            out.reserve(isize);
    }
    z_stream zs;
    std::memset(&zs, 0, sizeof zs);
    if (inflateInit2(&zs, 15 + 16) != Z_OK) {
        error.message = "cannot initialise zlib";
        return std::nullopt;
    }
    zs.next_in = reinterpret_cast<Bytef *>(const_cast<char *>(bytes.data()));
    zs.avail_in = uInt(bytes.size());
    char buf[1 << 17];
    for (;;) {
        zs.next_out = reinterpret_cast<Bytef *>(buf);
        zs.avail_out = sizeof buf;
        const int rc = inflate(&zs, Z_NO_FLUSH);
        out.append(buf, sizeof buf - zs.avail_out);
        if (rc == Z_STREAM_END) {
            // Another gzip member may follow (as `cat a.gz b.gz` makes).
            if (zs.avail_in > 0 && isGzip(std::string(reinterpret_cast<const char *>(zs.next_in),
                                                       std::min<std::size_t>(zs.avail_in, 2)))) {
                inflateReset(&zs);
                continue;
            }
            break;
        }
        if (rc == Z_OK)
            continue;
        const std::size_t at = bytes.size() - zs.avail_in;
        error.place = "compressed byte " + std::to_string(at);
        if (rc == Z_BUF_ERROR && zs.avail_in == 0)
            error.message = "truncated gzip: the compressed data ends before the gzip stream does ("
                + std::to_string(out.size()) + " bytes decoded)";
        else
            error.message = std::string("corrupt gzip data: ") + (zs.msg ? zs.msg : "inflate failed");
        inflateEnd(&zs);
        return std::nullopt;
    }
    inflateEnd(&zs);
    return out;
}

std::optional<std::string> FileIO::readMaybeGzip(const std::string &path, LoadError &error)
{
    auto bytes = readFile(path, error);
    if (!bytes)
        return std::nullopt;
    if (!isGzip(*bytes))
        return bytes;
    return gunzip(*bytes, path, error);
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

bool FileIO::writeAtomically(const std::string &path, const std::string &bytes, std::string &errorMessage)
{
    std::string tmp = path + ".tmp-XXXXXX";
    const int fd = ::mkstemp(tmp.data());
    if (fd < 0) {
        errorMessage = path + ": cannot create a temporary file beside it: " + std::strerror(errno);
        return false;
    }
    ::fchmod(fd, 0644);
    std::size_t done = 0;
    while (done < bytes.size()) {
        const ssize_t n = ::write(fd, bytes.data() + done, bytes.size() - done);
        if (n < 0) {
            if (errno == EINTR)
                continue;
            errorMessage = path + ": write failed: " + std::strerror(errno);
            ::close(fd);
            ::unlink(tmp.c_str());
            return false;
        }
        done += std::size_t(n);
    }
    if (::fsync(fd) != 0 || ::close(fd) != 0) {
        errorMessage = path + ": cannot flush to disk: " + std::strerror(errno);
        ::unlink(tmp.c_str());
        return false;
    }
    if (::rename(tmp.c_str(), path.c_str()) != 0) {
        errorMessage = path + ": cannot rename the temporary file into place: " + std::strerror(errno);
        ::unlink(tmp.c_str());
        return false;
    }
    return true;
}

} // namespace bs
