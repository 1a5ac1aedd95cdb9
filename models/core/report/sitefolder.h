#pragma once

#include "loaderror.h"

#include <string>
#include <vector>

namespace bs {

// A published site's folder, written whole or not at all: files go into a
// temporary folder beside `out`, and commit() moves it into place in one
// step (an earlier site is swapped out and removed). An `out` that exists
// and is not an earlier publish output (it has no kMarker file) is refused
// unless `force`, and so is one that holds an input. A SiteFolder that is
// not committed removes its temporary folder.
class SiteFolder {
public:
    static constexpr const char *kMarker = ".benchscope-publish";

    SiteFolder() = default;
    SiteFolder(const SiteFolder &) = delete;
    SiteFolder &operator=(const SiteFolder &) = delete;
    ~SiteFolder();

    bool begin(const std::string &out, bool force, const std::vector<std::string> &inputs, LoadError &error);
    // Where a file of the site is written before commit() (folders made).
    std::string path(const std::string &relative, LoadError &error) const;
    bool write(const std::string &relative, const std::string &bytes, LoadError &error) const;
    bool commit(LoadError &error);

private:
    std::string m_out;
    std::string m_temp;
};

} // namespace bs
