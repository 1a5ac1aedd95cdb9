#include "sitefolder.h"

#include "fileio.h"

#include <stdio.h> // renameat2
#include <fcntl.h>
#include <stdlib.h>
#include <sys/stat.h>

#include <cerrno>
#include <cstring>
#include <filesystem>

namespace fs = std::filesystem;

namespace bs {

namespace {

// Whether `inner` is `outer` or lies below it (both made absolute and normal).
bool within(const fs::path &inner, const fs::path &outer)
{
    std::error_code ec;
    const std::string a = fs::weakly_canonical(fs::absolute(inner, ec), ec).string();
    const std::string b = fs::weakly_canonical(fs::absolute(outer, ec), ec).string();
    return a == b || (a.size() > b.size() && a.compare(0, b.size(), b) == 0 && a[b.size()] == '/');
}

} // namespace

SiteFolder::~SiteFolder()
{
    if (!m_temp.empty()) {
        std::error_code ec;
        fs::remove_all(m_temp, ec);
    }
}

bool SiteFolder::begin(const std::string &out, bool force, const std::vector<std::string> &inputs, LoadError &error)
{
    std::error_code ec;
    fs::path target = fs::absolute(fs::path(out), ec).lexically_normal();
    if (target.filename().empty())
        target = target.parent_path();
    const fs::file_status st = fs::symlink_status(target, ec);
    if (fs::exists(st)) {
        if (!fs::is_directory(st)) {
            error = {out, {}, "exists and is not a folder; publish writes a folder"};
            return false;
        }
        const bool earlier = fs::exists(target / kMarker, ec);
        if (!earlier && !fs::is_empty(target, ec) && !force) {
            error = {out, {}, "exists and is not an earlier publish output (no " + std::string(kMarker)
                                  + "); choose another --out or pass --force to replace it"};
            return false;
        }
    }
    for (const std::string &input : inputs)
        if (within(input, target)) {
            error = {out, {}, "holds the input " + input + ", which publishing would remove; choose another --out"};
            return false;
        }
    std::string temp = (target.parent_path() / ("." + target.filename().string() + ".publish-XXXXXX")).string();
    fs::create_directories(target.parent_path(), ec);
    if (!fs::is_directory(target.parent_path(), ec) || !::mkdtemp(temp.data())) {
        error = {out, {}, "cannot create a temporary folder beside it: " + std::string(std::strerror(errno))};
        return false;
    }
    ::chmod(temp.c_str(), 0755);
    m_out = target.string();
    m_temp = temp;
    return write(kMarker, "Written by benchscope-cli publish; an --out holding this file may be replaced.\n", error);
}

std::string SiteFolder::path(const std::string &relative, LoadError &error) const
{
    const fs::path p = fs::path(m_temp) / relative;
    std::error_code ec;
    fs::create_directories(p.parent_path(), ec);
    if (ec) {
        error = {(fs::path(m_out) / relative).string(), {}, "cannot create its folder: " + ec.message()};
        return {};
    }
    return p.string();
}

bool SiteFolder::write(const std::string &relative, const std::string &bytes, LoadError &error) const
{
    const std::string p = path(relative, error);
    return !p.empty() && FileIO::writeAtomically(p, bytes, error);
}

bool SiteFolder::commit(LoadError &error)
{
    std::error_code ec;
    if (fs::exists(fs::symlink_status(m_out, ec))) {
        // Swap the new site and the old one in one step, then remove the old.
        if (::renameat2(AT_FDCWD, m_temp.c_str(), AT_FDCWD, m_out.c_str(), RENAME_EXCHANGE) != 0) {
            error = {m_out, {}, "cannot move the new site into place: " + std::string(std::strerror(errno))};
            return false;
        }
    } else if (::rename(m_temp.c_str(), m_out.c_str()) != 0) {
        error = {m_out, {}, "cannot move the new site into place: " + std::string(std::strerror(errno))};
        return false;
    }
    fs::remove_all(m_temp, ec); // the old site, if any
    m_temp.clear();
    return true;
}

} // namespace bs
