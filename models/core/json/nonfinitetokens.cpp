#include "nonfinitetokens.h"

namespace bs {

std::size_t NonFiniteTokens::replace(std::string &text, const std::string &nanAs, const std::string &infinityAs)
{
    std::string out;
    out.reserve(text.size());
    std::size_t count = 0;
    bool inString = false;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (inString) {
            out += c;
            if (c == '\\' && i + 1 < text.size())
                out += text[++i];
            else if (c == '"')
                inString = false;
            continue;
        }
        if (c == '"')
            inString = true;
        std::size_t len = 0;
        if (text.compare(i, 3, "NaN") == 0)
            len = 3;
        else if (text.compare(i, 8, "Infinity") == 0)
            len = 8;
        else if (text.compare(i, 9, "-Infinity") == 0)
            len = 9;
        if (len) {
            out += len == 3 ? nanAs : infinityAs;
            i += len - 1;
            ++count;
        } else {
            out += c;
        }
    }
    text.swap(out);
    return count;
}

} // namespace bs
