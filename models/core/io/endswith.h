#pragma once

#include <string>

namespace bs {

// Whether `s` ends with `suffix` (a file name's extension, an id's tail).
inline bool endsWith(const std::string &s, const std::string &suffix)
{
    return s.size() >= suffix.size() && s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

} // namespace bs
