#include "textescape.h"

#include <cstdio>

namespace bs {

namespace {

std::string hexEscape(const char *format, unsigned value)
{
    char buf[8];
    std::snprintf(buf, sizeof buf, format, value);
    return buf;
}

// The length of the well-formed UTF-8 sequence starting at `i`, or 0.
std::size_t sequenceLength(const std::string &s, std::size_t i)
{
    const unsigned char c = static_cast<unsigned char>(s[i]);
    const std::size_t n = c < 0x80 ? 1 : (c >> 5) == 0x6 ? 2 : (c >> 4) == 0xe ? 3 : (c >> 3) == 0x1e ? 4 : 0;
    if (n == 0 || i + n > s.size() || (n == 2 && c < 0xc2))
        return 0;
    for (std::size_t k = 1; k < n; ++k)
        if ((static_cast<unsigned char>(s[i + k]) & 0xc0) != 0x80)
            return 0;
    return n;
}

} // namespace

std::string TextEscape::terminal(const std::string &text, bool keepLines)
{
    std::string out;
    out.reserve(text.size());
    for (std::size_t i = 0; i < text.size();) {
        const unsigned char c = static_cast<unsigned char>(text[i]);
        const std::size_t n = sequenceLength(text, i);
        if (n == 0) {
            out += hexEscape("\\x%02x", c);
            ++i;
        } else if (n == 1 && (c < 0x20 || c == 0x7f) && !(keepLines && (c == '\n' || c == '\t'))) {
            out += hexEscape("\\x%02x", c);
            ++i;
        } else if (n == 2 && c == 0xc2 && static_cast<unsigned char>(text[i + 1]) < 0xa0) { // C1: U+0080..U+009F
            out += hexEscape("\\u%04x", static_cast<unsigned char>(text[i + 1]));
            i += 2;
        } else {
            out.append(text, i, n);
            i += n;
        }
    }
    return out;
}

std::string TextEscape::html(const std::string &text)
{
    std::string out;
    out.reserve(text.size());
    for (char c : text) {
        switch (c) {
        case '&': out += "&amp;"; break;
        case '<': out += "&lt;"; break;
        case '>': out += "&gt;"; break;
        case '"': out += "&quot;"; break;
        case '\'': out += "&#39;"; break;
        default:
            // Control characters other than tab and newline are dropped.
            if (static_cast<unsigned char>(c) >= 0x20 ? c != 0x7f : c == '\t' || c == '\n')
                out += c;
        }
    }
    return out;
}

std::string TextEscape::xmlControls(const std::string &xml)
{
    std::string out;
    out.reserve(xml.size());
    for (char c : xml) {
        const unsigned char u = static_cast<unsigned char>(c);
        if ((u < 0x20 && c != '\t' && c != '\n' && c != '\r') || u == 0x7f)
            out += "\xef\xbf\xbd"; // U+FFFD
        else
            out += c;
    }
    return out;
}

std::string TextEscape::percentEncoded(const std::string &text, bool (*keep)(unsigned char))
{
    std::string out;
    for (unsigned char c : text) {
        if (keep(c)) {
            out += char(c);
        } else {
            char buf[4];
            std::snprintf(buf, sizeof buf, "%%%02X", c);
            out += buf;
        }
    }
    return out;
}

std::string TextEscape::markdown(const std::string &text)
{
    std::string out;
    for (char c : terminal(text, true)) {
        if (c == '|')
            out += "\\|";
        else if (c == '\n' || c == '\t')
            out += ' ';
        else if (c == '<')
            out += "&lt;";
        else if (c == '>')
            out += "&gt;";
        else
            out += c;
    }
    return out;
}

} // namespace bs
