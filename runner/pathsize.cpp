#include "pathsize.h"

#include <dirent.h>
#include <sys/stat.h>

#include <cerrno>
#include <cstring>

namespace bs {

namespace {

bool add(const std::string &path, double &total, std::string &error)
{
    struct stat st {};
    if (lstat(path.c_str(), &st) != 0) {
        error = path + ": " + std::strerror(errno);
        return false;
    }
    if (!S_ISDIR(st.st_mode)) {
        total += double(st.st_size);
        return true;
    }
    DIR *dir = opendir(path.c_str());
    if (!dir) {
        error = path + ": " + std::strerror(errno);
        return false;
    }
    bool ok = true;
    while (dirent *d = readdir(dir)) {
        if (std::strcmp(d->d_name, ".") == 0 || std::strcmp(d->d_name, "..") == 0)
            continue;
        if (!(ok = add(path + "/" + d->d_name, total, error)))
            break;
    }
    closedir(dir);
    return ok;
}

} // namespace

std::optional<double> PathSize::bytes(const std::string &path, std::string &error)
{
    double total = 0;
    if (!add(path, total, error))
        return std::nullopt;
    return total;
}

} // namespace bs
