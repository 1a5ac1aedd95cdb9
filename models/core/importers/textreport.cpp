#include "textreport.h"

#include "capturebuilder.h"
#include "inputfailure.h"

#include <utility>

namespace bs {

namespace {

const std::size_t kNamed = 5;     // unread lines named in the caveat
const std::size_t kQuoted = 60;   // characters of each quoted

std::string quoted(const std::string &text)
{
    return "\"" + (text.size() > kQuoted ? text.substr(0, kQuoted) + "…" : text) + "\"";
}

} // namespace

TextReport::TextReport(std::string tool) : m_tool(std::move(tool)) { }

void TextReport::unread(const TextLine &line)
{
    if (m_unread.size() < kNamed)
        m_unread.push_back(line);
    ++m_unreadCount;
}

void TextReport::expect(std::string next) { m_next = std::move(next); }

void TextReport::endsBeforeFigures(const TextLine &last) const
{
    throw InputFailure{last.place(), "the " + m_tool + " report ends here, before " + m_next
                                         + ", which carries its figures; it looks cut short"};
}

void TextReport::addCaveats(CaptureBuilder &b, const TextLine &last) const
{
    if (!m_next.empty())
        b.caveat("the " + m_tool + " report is cut short: it ends at " + last.place() + ", before " + m_next
                 + "; what follows there is missing");
    if (m_unread.empty())
        return;
    std::string named;
    for (const TextLine &l : m_unread)
        named += (named.empty() ? "" : ", ") + l.place() + " " + quoted(l.text);
    if (m_unreadCount > m_unread.size())
        named += " and " + std::to_string(m_unreadCount - m_unread.size()) + " more";
    b.caveat(std::to_string(m_unreadCount) + (m_unreadCount == 1 ? " line" : " lines") + " not read (not in the form "
             + m_tool + " prints them; any figure on them is left out): " + named);
}

} // namespace bs
