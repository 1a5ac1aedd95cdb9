#pragma once

#include "loaderror.h"

#include <set>
#include <string>
#include <vector>

namespace bs {

// A published site's (or a report's) folder, written whole or not at all:
// files go into a temporary folder beside `out` (removed if the program is
// ended by SIGINT, SIGTERM or SIGHUP: TempCleanup), and commit() moves
// them into place. Its mark file (kMarker, or the report's manifest) lists
// every file it wrote; only those are ever replaced or removed. An `out`
// that exists, holds anything and has no mark file is refused unless
// `force`; with or without `force`, commit() moves each of the new
// folder's top-level entries into place (swapped with the old one, which
// is then removed) and keeps every other entry of `out` (README.md,
// CNAME, .git, ...), and refuses, naming them, files of `out` it would
// replace that no mark file lists (a user's index.html, a file added to
// assets/) or that are inputs. A SiteFolder that is not committed removes
// its temporary folder.
class SiteFolder {
public:
    static constexpr const char *kMarker = ".benchscope-publish";

    // `marker` the mark file's name, `heading` its first line.
    explicit SiteFolder(std::string marker = kMarker,
                        std::string heading = "Written by benchscope-cli publish; only the files listed below are "
                                              "replaced when it publishes here again.");
    SiteFolder(const SiteFolder &) = delete;
    SiteFolder &operator=(const SiteFolder &) = delete;
    ~SiteFolder();

    bool begin(const std::string &out, bool force, const std::vector<std::string> &inputs, LoadError &error);
    // Where a file of the site is written before commit() (folders made);
    // the file is listed in the mark file.
    std::string path(const std::string &relative, LoadError &error);
    bool write(const std::string &relative, const std::string &bytes, LoadError &error);
    bool commit(LoadError &error);
    // The files written so far, relative to the folder (the mark file not among them).
    const std::set<std::string> &files() const { return m_files; }

private:
    // Files of `out` under the top-level names given that commit() would
    // replace and no mark file lists (or that are inputs).
    std::vector<std::string> notOurs(const std::set<std::string> &names) const;
    bool moveIntoPlace(const std::vector<std::string> &names, LoadError &error);
    void removeTemp();

    std::string m_marker;
    std::string m_heading;
    std::string m_out;
    std::string m_temp;
    int m_cleanupSlot = -1;
    std::vector<std::string> m_inputs;
    std::set<std::string> m_files;
};

} // namespace bs
