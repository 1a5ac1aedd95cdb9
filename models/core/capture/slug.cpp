#include "slug.h"

#include <cctype>

namespace bs {

std::string Slug::id(const std::string &text)
{
    std::string s;
    for (unsigned char ch : text) {
        const bool ascii = ch < 0x80;
        const char c = char(ascii ? std::tolower(ch) : ch);
        if (ascii && (std::isalnum(ch) || c == '.' || c == '_'))
            s += c;
        else if (!s.empty() && s.back() != '-')
            s += '-';
    }
    while (!s.empty() && s.back() == '-')
        s.pop_back();
    if (s.empty())
        return !text.empty() && text.find_first_not_of('/') == std::string::npos ? "root" : "x";
    return s;
}

std::string Slug::fileName(const std::string &text)
{
    std::string s = id(text);
    s.erase(0, s.find_first_not_of(".-"));
    if (s.size() > kFileNameLength)
        s.resize(kFileNameLength);
    while (!s.empty() && s.back() == '-')
        s.pop_back();
    return s.empty() ? "x" : s;
}

} // namespace bs
