#include "rawpath.h"

#include <filesystem>

namespace bs {

namespace fs = std::filesystem;

namespace {

// True when `path` is `folder` or below it (both absolute and normal).
bool inside(const fs::path &folder, const fs::path &path)
{
    auto f = folder.begin(), p = path.begin();
    for (; f != folder.end() && !f->empty(); ++f, ++p)
        if (p == path.end() || *f != *p)
            return false;
    return true;
}

} // namespace

std::optional<std::string> RawPath::resolve(const std::string &summaryPath, const std::string &relative,
                                            std::string &error)
{
    const fs::path rel(relative);
    if (rel.is_absolute()) {
        error = "an absolute path; a raw-repetitions file is named relative to the summary's folder";
        return std::nullopt;
    }
    const fs::path normal = rel.lexically_normal();
    if (!normal.empty() && *normal.begin() == "..") {
        error = "climbs out of the summary's folder with \"..\"; a raw-repetitions file stays inside it";
        return std::nullopt;
    }
    const auto slash = summaryPath.rfind('/');
    const std::string folder = slash == std::string::npos ? std::string() : summaryPath.substr(0, slash + 1);
    const std::string path = folder + relative;
    std::error_code ec, folderEc;
    const fs::path real = fs::weakly_canonical(path, ec);
    const fs::path realFolder = fs::weakly_canonical(folder.empty() ? fs::path(".") : fs::path(folder), folderEc);
    if (!ec && !folderEc && !inside(realFolder, real)) {
        error = "resolves through a symbolic link to a file outside the summary's folder; a raw-repetitions file "
                "stays inside it";
        return std::nullopt;
    }
    return path;
}

} // namespace bs
