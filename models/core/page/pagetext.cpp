#include "pagetext.h"

namespace bs {

std::string PageText::trim(const std::string &s)
{
    const std::size_t b = s.find_first_not_of(" \t\r");
    return b == std::string::npos ? std::string() : s.substr(b, s.find_last_not_of(" \t\r") + 1 - b);
}

} // namespace bs
