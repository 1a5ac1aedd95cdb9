#include "openedfile.h"

#include <algorithm>
#include <cerrno>
#include <climits>
#include <cstdlib>
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

OpenedFile::Identity identityFrom(const struct stat &st)
{
    return {std::uint64_t(st.st_dev), std::uint64_t(st.st_ino), std::int64_t(st.st_size),
            std::int64_t(st.st_mtim.tv_sec) * 1000000000 + std::int64_t(st.st_mtim.tv_nsec)};
}

} // namespace

OpenedFile::~OpenedFile()
{
    if (m_fd >= 0)
        ::close(m_fd);
}

bool OpenedFile::open(const std::string &path, LoadError &error, ByteLimit limit)
{
    error = LoadError{path, "", ""};
    m_path = path;
    // Non-blocking, so that a FIFO in the file's place cannot hang the open.
    m_fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK);
    if (m_fd < 0) {
        const int openError = errno;
        struct stat st;
        if (::stat(path.c_str(), &st) == 0 && !S_ISREG(st.st_mode)) // a socket cannot be opened at all
            error.message = S_ISDIR(st.st_mode) ? std::string("is a folder, not a file") : notRegular(st.st_mode);
        else
            error.message = openError == ENOENT ? "file not found" : std::string("cannot open: ") + std::strerror(openError);
        return false;
    }
    struct stat st;
    if (::fstat(m_fd, &st) != 0) {
        error.message = std::string("cannot open: ") + std::strerror(errno);
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
    ::fcntl(m_fd, F_SETFL, ::fcntl(m_fd, F_GETFL) & ~O_NONBLOCK);
    m_identity = identityFrom(st);
    return true;
}

OpenedFile::Identity OpenedFile::identityNow() const
{
    struct stat st;
    return m_fd >= 0 && ::fstat(m_fd, &st) == 0 ? identityFrom(st) : Identity{};
}

std::string OpenedFile::realPath() const
{
    if (m_fd < 0)
        return {};
    struct stat st;
    if (::fstat(m_fd, &st) != 0 || st.st_nlink == 0)
        return {}; // removed since it was opened: it has no name
    char buf[PATH_MAX + 1];
    const std::string link = "/proc/self/fd/" + std::to_string(m_fd);
    const ssize_t n = ::readlink(link.c_str(), buf, PATH_MAX);
    if (n > 0 && buf[0] == '/')
        return std::string(buf, std::size_t(n));
    // No /proc: the path resolved now, if it still names the file opened.
    char *real = ::realpath(m_path.c_str(), nullptr);
    if (!real)
        return {};
    const std::string resolved = real;
    std::free(real);
    return ::stat(resolved.c_str(), &st) == 0 && std::uint64_t(st.st_dev) == m_identity.device
            && std::uint64_t(st.st_ino) == m_identity.inode
        ? resolved
        : std::string();
}

std::optional<std::string> OpenedFile::readAll(LoadError &error, ByteLimit limit)
{
    error = LoadError{m_path, "", ""};
    std::string bytes;
    bytes.reserve(std::size_t(std::min<std::uint64_t>(std::uint64_t(std::max<std::int64_t>(m_identity.size, 0)),
                                                      limit.bytes)));
    char buf[1 << 16];
    for (;;) {
        const ssize_t n = ::read(m_fd, buf, sizeof buf);
        if (n < 0) {
            if (errno == EINTR)
                continue;
            error.message = std::string("read failed: ") + std::strerror(errno);
            return std::nullopt;
        }
        if (n == 0)
            break;
        if (bytes.size() + std::size_t(n) > limit.bytes) { // the file grew since its size was read
            error.message = tooLarge(limit);
            return std::nullopt;
        }
        bytes.append(buf, std::size_t(n));
    }
    return bytes;
}

bool OpenedFile::absent(const std::string &path)
{
    struct stat st;
    return ::stat(path.c_str(), &st) != 0 && (errno == ENOENT || errno == ENOTDIR);
}

} // namespace bs
