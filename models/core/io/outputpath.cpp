#include "outputpath.h"

#include <cerrno>
#include <climits>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace bs {

std::string OutputPath::folderOf(const std::string &path)
{
    const auto slash = path.rfind('/');
    if (slash == std::string::npos)
        return ".";
    return slash == 0 ? "/" : path.substr(0, slash);
}

namespace {

// Follows a chain of symlinks by hand, so that a dangling link gives the
// file to create; the kernel's own resolution is used for files that exist.
bool followLinks(const std::string &path, std::string &target, LoadError &error)
{
    target = path;
    for (int hops = 0; hops < 40; ++hops) {
        struct stat st;
        if (::lstat(target.c_str(), &st) != 0 || !S_ISLNK(st.st_mode))
            return true;
        std::string link(PATH_MAX, '\0');
        const ssize_t n = ::readlink(target.c_str(), link.data(), link.size());
        if (n < 0) {
            error = {path, {}, std::string("cannot read the symbolic link: ") + std::strerror(errno)};
            return false;
        }
        link.resize(std::size_t(n));
        target = link[0] == '/' ? link : OutputPath::folderOf(target) + "/" + link;
    }
    error = {path, {}, "too many levels of symbolic links"};
    return false;
}

bool sameFile(const struct stat &a, const struct stat &b)
{
    return a.st_dev == b.st_dev && a.st_ino == b.st_ino;
}

// Whether `path` (which exists) is `folder` or lies somewhere below it.
bool inside(const std::string &path, const struct stat &folder)
{
    char *real = ::realpath(path.c_str(), nullptr);
    if (!real)
        return false;
    std::string p = real;
    std::free(real);
    for (;;) {
        struct stat st;
        if (::stat(p.c_str(), &st) == 0 && sameFile(st, folder))
            return true;
        if (p == "/")
            return false;
        p = OutputPath::folderOf(p);
    }
}

} // namespace

bool OutputPath::resolve(const std::string &path, std::string &target, Kind &kind, LoadError &error)
{
    struct stat st;
    if (::stat(path.c_str(), &st) == 0 && !S_ISREG(st.st_mode)) {
        // The kernel's resolution, so /dev/stdout (a link to /proc/self/fd/1) works.
        target = path;
        kind = Kind::Stream;
        if (S_ISCHR(st.st_mode) || S_ISFIFO(st.st_mode))
            return true;
        error = {path, {},
                 S_ISDIR(st.st_mode)   ? "is a folder, not a file: not written"
                 : S_ISBLK(st.st_mode) ? "is a block device: not written (Benchscope never writes to a disk)"
                                       : "is a socket or another special file: not written"};
        return false;
    }
    kind = Kind::Replace;
    return followLinks(path, target, error);
}

bool OutputPath::stream(const std::string &path, const std::string &bytes, LoadError &error)
{
    // Non-blocking open: a FIFO with no reader fails at once (ENXIO) rather than hanging.
    const int fd = ::open(path.c_str(), O_WRONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
    if (fd < 0) {
        error = {path, {},
                 errno == ENXIO ? std::string("is a FIFO that no one reads: not written")
                                : std::string("cannot open: ") + std::strerror(errno)};
        return false;
    }
    ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) & ~O_NONBLOCK);
    std::size_t done = 0;
    while (done < bytes.size()) {
        const ssize_t n = ::write(fd, bytes.data() + done, bytes.size() - done);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0) {
            error = {path, {}, std::string("write failed: ") + std::strerror(errno)};
            ::close(fd);
            return false;
        }
        done += std::size_t(n);
    }
    ::close(fd);
    return true;
}

bool OutputPath::notAnInput(const std::string &out, const std::vector<std::string> &inputs, LoadError &error)
{
    struct stat o;
    if (::stat(out.c_str(), &o) != 0)
        return true; // a new file overwrites nothing
    for (const std::string &in : inputs) {
        struct stat i;
        if (::stat(in.c_str(), &i) != 0)
            continue;
        std::string what;
        if (sameFile(o, i))
            what = "is the input " + in + " (the same file)";
        else if (S_ISDIR(i.st_mode) && inside(out, i))
            what = "lies inside the input folder " + in;
        else if (S_ISDIR(o.st_mode) && inside(in, o))
            what = "holds the input " + in;
        if (!what.empty()) {
            error = {out, {}, what + ": not written, so that the input is kept; choose another output"};
            return false;
        }
    }
    return true;
}

} // namespace bs
