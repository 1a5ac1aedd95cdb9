#include "sitefolder.h"

#include "fileio.h"
#include "tempcleanup.h"

#include <stdio.h> // renameat2
#include <fcntl.h>
#include <stdlib.h>
#include <sys/stat.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>

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

bool present(const fs::path &p)
{
    std::error_code ec;
    return fs::exists(fs::symlink_status(p, ec));
}

// Whether `marker` is a mark file as written: a regular file, not a link
// (whose list would be another file's) nor a folder of that name.
bool isMarkFile(const fs::path &marker)
{
    std::error_code ec;
    return fs::is_regular_file(fs::symlink_status(marker, ec));
}

// Whether a line of a mark file names a file inside the folder as one is
// written there: relative, normal, not climbing out with "..".
bool inside(const std::string &line)
{
    const fs::path p(line);
    return p.is_relative() && p.lexically_normal().generic_string() == line && *p.begin() != ".." && line != ".";
}

// The files an earlier mark file lists (its lines after the first; a line
// naming a place outside the folder is none of them); `listed` false for a
// mark file of an older version, which lists none.
std::set<std::string> markedFiles(const fs::path &marker, bool &listed)
{
    std::set<std::string> files;
    listed = false;
    if (!isMarkFile(marker))
        return files;
    std::ifstream in(marker);
    std::string line;
    std::getline(in, line);
    while (std::getline(in, line)) {
        listed = listed || !line.empty();
        if (!line.empty() && inside(line))
            files.insert(line);
    }
    return files;
}

std::string errnoText()
{
    return std::strerror(errno);
}

} // namespace

SiteFolder::SiteFolder(std::string marker, std::string heading)
    : m_marker(std::move(marker))
    , m_heading(std::move(heading))
{
}

SiteFolder::~SiteFolder()
{
    removeTemp();
}

void SiteFolder::removeTemp()
{
    if (!m_temp.empty()) {
        std::error_code ec;
        fs::remove_all(m_temp, ec);
        m_temp.clear();
    }
    TempCleanup::release(m_cleanupSlot);
    m_cleanupSlot = -1;
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
            error = {out, {}, "exists and is not a folder; a folder is written there"};
            return false;
        }
        const bool earlier = isMarkFile(target / m_marker);
        if (!earlier && !fs::is_empty(target, ec) && !force) {
            error = {out, {}, "exists and is not an earlier output (no " + m_marker
                                  + "); choose another --out, or pass --force to write beside what it holds "
                                    "(which is kept)"};
            return false;
        }
    }
    std::string temp = (target.parent_path() / ("." + target.filename().string() + ".publish-XXXXXX")).string();
    fs::create_directories(target.parent_path(), ec);
    const TempCleanup::Hold holdSignals; // none between making the folder and registering it
    if (!fs::is_directory(target.parent_path(), ec) || !::mkdtemp(temp.data())) {
        error = {out, {}, "cannot create a temporary folder beside it: " + errnoText()};
        return false;
    }
    m_cleanupSlot = TempCleanup::add(temp);
    ::chmod(temp.c_str(), 0755);
    m_out = target.string();
    m_temp = temp;
    m_inputs = inputs;
    return true;
}

std::string SiteFolder::path(const std::string &relative, LoadError &error)
{
    const fs::path p = fs::path(m_temp) / relative;
    std::error_code ec;
    fs::create_directories(p.parent_path(), ec);
    if (ec) {
        error = {(fs::path(m_out) / relative).string(), {}, "cannot create its folder: " + ec.message()};
        return {};
    }
    m_files.insert(fs::path(relative).lexically_normal().generic_string());
    return p.string();
}

bool SiteFolder::write(const std::string &relative, const std::string &bytes, LoadError &error)
{
    const std::string p = path(relative, error);
    return !p.empty() && FileIO::writeAtomically(p, bytes, error);
}

std::vector<std::string> SiteFolder::notOurs(const std::set<std::string> &names) const
{
    bool listed = false;
    const fs::path out(m_out);
    std::set<std::string> ours = markedFiles(out / m_marker, listed);
    const bool marked = isMarkFile(out / m_marker);
    std::vector<std::string> found;
    for (const std::string &name : names) {
        const fs::path top = out / name;
        if (!present(top) || (marked && !listed)) // an older mark file: what it wrote is not known file by file
            continue;
        if (name == m_marker && marked)
            continue;
        // A symbolic link is never ours, listed or not: nothing is written as one.
        std::error_code ec;
        const fs::file_status st = fs::symlink_status(top, ec);
        if (!fs::is_directory(st)) {
            if (fs::is_symlink(st) || !ours.count(name))
                found.push_back(name);
            continue;
        }
        for (auto it = fs::recursive_directory_iterator(top, ec); !ec && it != fs::recursive_directory_iterator();
             it.increment(ec)) {
            const std::string relative = it->path().lexically_relative(out).generic_string();
            const fs::file_status entry = it->symlink_status(ec);
            if (ec)
                break;
            if (!fs::is_directory(entry)) {
                if (fs::is_symlink(entry) || !ours.count(relative))
                    found.push_back(relative);
            } else if (fs::is_empty(it->path(), ec)) {
                found.push_back(relative + "/");
            }
        }
        if (ec) // what it holds is not known: not replaced
            found.push_back(name + "/ (cannot be read: " + ec.message() + ")");
    }
    for (const std::string &input : m_inputs)
        for (const std::string &name : names)
            if (within(input, out / name))
                found.push_back(input + " (an input)");
    return found;
}

bool SiteFolder::commit(LoadError &error)
{
    std::string mark = m_heading + "\n";
    for (const std::string &f : m_files)
        mark += f + "\n";
    if (!write(m_marker, mark, error))
        return false;
    m_files.erase(m_marker);
    const TempCleanup::Hold holdSignals;
    if (!present(m_out)) {
        if (::rename(m_temp.c_str(), m_out.c_str()) != 0) {
            error = {m_out, {}, "cannot move the new folder into place: " + errnoText()};
            return false;
        }
        m_temp.clear();
        removeTemp();
        return true;
    }
    // The new top-level entries, then the earlier output's that it no longer has.
    std::set<std::string> names;
    for (const auto &entry : fs::directory_iterator(m_temp))
        names.insert(entry.path().filename().string());
    bool listed = false;
    for (const std::string &f : markedFiles(fs::path(m_out) / m_marker, listed))
        names.insert(fs::path(f).begin()->string());
    const std::vector<std::string> others = notOurs(names);
    if (!others.empty()) {
        std::string list;
        for (std::size_t i = 0; i < others.size() && i < 10; ++i)
            list += (i ? ", " : "") + others[i];
        if (others.size() > 10)
            list += " and " + std::to_string(others.size() - 10) + " more";
        error = {m_out, {}, "writing here would replace " + list
                                + " (not written by an earlier output here, or being read); nothing is written, "
                                  "so they are kept: move them, or choose another folder"};
        return false;
    }
    std::vector<std::string> order(names.begin(), names.end());
    for (const char *last : {"index.html", "index.md", m_marker.c_str()}) {
        const auto it = std::find(order.begin(), order.end(), last);
        if (it != order.end()) {
            order.erase(it);
            order.push_back(last);
        }
    }
    if (!moveIntoPlace(order, error))
        return false;
    removeTemp(); // what was replaced
    return true;
}

bool SiteFolder::moveIntoPlace(const std::vector<std::string> &names, LoadError &error)
{
    // Each entry swapped with the earlier one (which goes into the temporary
    // folder), moved in, or (the earlier output's only) moved out; undone
    // in reverse on a failure.
    std::vector<std::pair<std::string, bool>> done; // name, swapped
    for (const std::string &name : names) {
        const std::string from = m_temp + "/" + name, to = m_out + "/" + name;
        const bool isNew = present(from), isOld = present(to);
        int rc = 0;
        if (isNew && isOld)
            rc = ::renameat2(AT_FDCWD, from.c_str(), AT_FDCWD, to.c_str(), RENAME_EXCHANGE);
        else if (isNew)
            rc = ::rename(from.c_str(), to.c_str());
        else if (isOld)
            rc = ::rename(to.c_str(), from.c_str());
        else
            continue;
        if (rc != 0) {
            error = {to, {}, "cannot move it into place: " + errnoText()};
            for (auto it = done.rbegin(); it != done.rend(); ++it) {
                const std::string f = m_temp + "/" + it->first, t = m_out + "/" + it->first;
                if (it->second)
                    ::renameat2(AT_FDCWD, f.c_str(), AT_FDCWD, t.c_str(), RENAME_EXCHANGE);
                else if (present(t))
                    ::rename(t.c_str(), f.c_str());
                else
                    ::rename(f.c_str(), t.c_str());
            }
            return false;
        }
        done.emplace_back(name, isNew && isOld);
    }
    return true;
}

} // namespace bs
