#pragma once

#include <set>
#include <string>

namespace bs {

// The HTML ids of one page, unique by construction: every id the page
// writes is taken here. take() gives the id wanted, or it with "-2", "-3",
// ... when it, its heading's id ("<id>-title") or its tab's ("tab-<id>")
// is already taken (two captures of the same revision, a revision named
// like a section), and reserves all three.
class PageIds {
public:
    std::string take(const std::string &wanted);

private:
    bool free(const std::string &id) const;
    std::set<std::string> m_taken;
};

} // namespace bs
