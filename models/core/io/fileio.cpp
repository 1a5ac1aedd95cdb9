#include "fileio.h"

#include "inputlimits.h"
#include "inputstreambuf.h"
#include "memorystreambuf.h"
#include "openedfile.h"
#include "outputpath.h"

#include <zlib.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace bs {

bool FileIO::checkFile(const std::string &path, LoadError &error, ByteLimit limit)
{
    OpenedFile file;
    return file.open(path, error, limit);
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
    OpenedFile file;
    if (!file.open(path, error, limit))
        return std::nullopt;
    return file.readAll(error, limit);
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

bool FileIO::writeAtomically(const std::string &requested, const std::string &bytes, LoadError &error)
{
    std::string path;
    OutputPath::Kind kind;
    if (!OutputPath::resolve(requested, path, kind, error))
        return false;
    if (kind == OutputPath::Kind::Stream)
        return OutputPath::stream(path, bytes, error);
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
