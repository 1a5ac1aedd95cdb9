#include "pageids.h"

namespace bs {

bool PageIds::free(const std::string &id) const
{
    return !m_taken.count(id) && !m_taken.count(id + "-title") && !m_taken.count("tab-" + id);
}

std::string PageIds::take(const std::string &wanted)
{
    const std::string base = wanted.empty() ? std::string("part") : wanted;
    std::string id = base;
    for (int n = 2; !free(id); ++n)
        id = base + "-" + std::to_string(n);
    m_taken.insert({id, id + "-title", "tab-" + id});
    return id;
}

} // namespace bs
