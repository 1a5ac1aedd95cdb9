#pragma once

#include <string>

namespace bs {

// `s` with every `from` replaced by `to`, left to right; a replacement is
// never searched again, so "{x}" → "{x}{x}" ends.
inline std::string replaceAll(std::string s, const std::string &from, const std::string &to)
{
    for (std::size_t pos = s.find(from); pos != std::string::npos; pos = s.find(from, pos + to.size()))
        s.replace(pos, from.size(), to);
    return s;
}

} // namespace bs
