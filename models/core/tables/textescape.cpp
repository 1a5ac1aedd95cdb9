#include "textescape.h"

#include <cctype>
#include <cstdio>
#include <cstring>

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

// The bidirectional embedding, override or isolate control (U+202A..U+202E,
// U+2066..U+2069) whose UTF-8 starts at `i`, or 0: invisible, they would
// reorder the rest of a line (a file name shown backwards).
unsigned bidiControl(const std::string &s, std::size_t i)
{
    if (i + 3 > s.size() || static_cast<unsigned char>(s[i]) != 0xe2)
        return 0;
    const unsigned b1 = static_cast<unsigned char>(s[i + 1]), b2 = static_cast<unsigned char>(s[i + 2]);
    const unsigned cp = 0x2000 | ((b1 & 0x3f) << 6) | (b2 & 0x3f);
    return ((b1 == 0x80 && b2 >= 0xaa && b2 <= 0xae) || (b1 == 0x81 && b2 >= 0xa6 && b2 <= 0xa9)) ? cp : 0;
}

// Put after a reference sigil or a link scheme's colon: GitHub and GitLab
// find mentions (@name), issue and merge request references (#12, !12,
// %milestone, ~label) and bare links (http://, www.) in the rendered text,
// after Markdown's backslash escapes are gone, so only a character between
// them keeps the reference from forming.
const char *const kZeroWidthJoiner = "\xe2\x80\x8d";

bool referenceStart(char c)
{
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '"';
}

bool breaksReference(const std::string &s, std::size_t i)
{
    const char c = s[i];
    if (i + 1 >= s.size())
        return false;
    if (std::strchr("@#!%~$&", c))
        return referenceStart(s[i + 1]);
    if (c == ':')
        return s.compare(i + 1, 2, "//") == 0;
    // "www." in any case.
    return i >= 2 && s[i + 1] == '.' && (s[i - 2] | 0x20) == 'w' && (s[i - 1] | 0x20) == 'w' && (c | 0x20) == 'w';
}

// A bracket that could open or close a link, an image, a wiki link or a
// footnote, or start a task list item or a link definition: '[' at the
// start or before '[' or '^', ']' before '(', '[', ']' or ':'. Other
// brackets (a range such as "[56.9–131.2]") are plain text in a document
// that defines no link references, and stay as they are.
bool activeBracket(const std::string &s, std::size_t i)
{
    const char next = i + 1 < s.size() ? s[i + 1] : '\0';
    if (s[i] == '[')
        return i == 0 || next == '[' || next == '^';
    return s[i] == ']' && next != '\0' && std::strchr("([]:", next);
}

// A line of escaped text that may start a Markdown line (a heading's text, a
// list item): what would open a block there made literal. Leading spaces
// (an indented code block) start with an entity; a list marker, a thematic
// break or a setext underline ("- ", "+ ", "---", "===") and an ordered
// list's "1. " or "1) " get a backslash ('#', '>', '*', '_', '`' and '|'
// are escaped wherever they are).
std::string lineStartInert(std::string s)
{
    if (s.empty())
        return s;
    if (s[0] == ' ')
        return "&#32;" + s.substr(1);
    if (std::strchr("-+=", s[0]) && (s.size() == 1 || !std::isalnum(static_cast<unsigned char>(s[1]))))
        return "\\" + s;
    std::size_t digits = 0;
    while (digits < s.size() && digits < 10 && std::isdigit(static_cast<unsigned char>(s[digits])))
        ++digits;
    if (digits > 0 && digits < 10 && digits < s.size() && (s[digits] == '.' || s[digits] == ')')
        && (digits + 1 == s.size() || s[digits + 1] == ' '))
        s.insert(digits, "\\");
    return s;
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
        } else if (const unsigned bidi = bidiControl(text, i)) {
            out += hexEscape("\\u%04x", bidi);
            i += 3;
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
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (bidiControl(text, i)) { // dropped, as control characters are
            i += 2;
            continue;
        }
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
    for (std::size_t i = 0; i < xml.size(); ++i) {
        const char c = xml[i];
        const unsigned char u = static_cast<unsigned char>(c);
        if (bidiControl(xml, i)) // zero-width: dropped (text we write is laid out already)
            i += 2;
        else if ((u < 0x20 && c != '\t' && c != '\n' && c != '\r') || u == 0x7f)
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

// Inert: the reader sees the text and nothing it could make. Markdown's
// active characters (\ ` * _ | ~ $ #, and brackets where they could make a
// link) backslash-escaped; < > & as entities (raw HTML and entity references
// pass through Markdown); what would open a block at the start of a line
// made literal; a zero-width joiner after @ # ! % ~ $ & before a name or
// number, after the colon of "://" and inside "www.", which GitHub and
// GitLab would otherwise turn into a mention, a reference or a link after
// rendering; line breaks as spaces; control characters and invalid UTF-8 as
// for a terminal. Text without any of these (most names) is unchanged.
std::string TextEscape::markdown(const std::string &text)
{
    const std::string plain = terminal(text, true);
    std::string out;
    out.reserve(plain.size() + plain.size() / 4);
    for (std::size_t i = 0; i < plain.size(); ++i) {
        const char c = plain[i];
        if (c == '\n' || c == '\t')
            out += ' ';
        else if (c == '<')
            out += "&lt;";
        else if (c == '>')
            out += "&gt;";
        else if (c == '&')
            out += "&amp;";
        else if (std::strchr("\\`*_|~$#", c) || activeBracket(plain, i))
            out += std::string("\\") + c;
        else
            out += c;
        if (breaksReference(plain, i))
            out += kZeroWidthJoiner;
    }
    return lineStartInert(out);
}

} // namespace bs
