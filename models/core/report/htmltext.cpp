#include "htmltext.h"

#include "textescape.h"

#include <cctype>

namespace bs {

namespace {

bool startsWithNoCase(const std::string &s, const char *prefix)
{
    for (std::size_t i = 0; prefix[i]; ++i)
        if (i >= s.size() || std::tolower(static_cast<unsigned char>(s[i])) != prefix[i])
            return false;
    return true;
}

} // namespace

std::string HtmlText::safeHref(const std::string &url)
{
    if (url.empty())
        return {};
    for (char c : url)
        if (static_cast<unsigned char>(c) <= 0x20 || c == '\\' || c == 0x7f)
            return {}; // a space or control character: not one URL
    if (startsWithNoCase(url, "https://") || startsWithNoCase(url, "http://"))
        return url.size() > 8 ? url : std::string();
    if (url.rfind("//", 0) == 0)
        return {};
    const std::size_t colon = url.find(':');
    const std::size_t end = url.find_first_of("/?#");
    return colon == std::string::npos || (end != std::string::npos && end < colon) ? url : std::string();
}

bool HtmlText::isWebAddress(const std::string &url)
{
    return !safeHref(url).empty() && (startsWithNoCase(url, "https://") || startsWithNoCase(url, "http://"));
}

std::string HtmlText::linkOrText(const std::string &text)
{
    if (!isWebAddress(text))
        return TextEscape::html(text);
    return "<a href=\"" + TextEscape::html(text) + "\">" + TextEscape::html(text) + "</a>";
}

std::string HtmlText::cut(const std::string &text, std::size_t most)
{
    if (text.size() <= most)
        return text;
    std::size_t end = most;
    while (end > 0 && (static_cast<unsigned char>(text[end]) & 0xc0) == 0x80)
        --end; // a continuation byte: the character starts before
    return text.substr(0, end) + "…";
}

} // namespace bs
