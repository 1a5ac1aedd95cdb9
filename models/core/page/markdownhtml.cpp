#include "markdownhtml.h"

#include "htmltext.h"
#include "slug.h"
#include "textescape.h"

#include <md4c.h>

#include <algorithm>
#include <cstring>

namespace bs {

namespace {

std::string attribute(const MD_ATTRIBUTE &a)
{
    return a.text ? std::string(a.text, a.size) : std::string();
}

// An entity md4c recognised ("&amp;", "&#955;", "&#x3bb;"): kept as it is
// when it is nothing but an entity, else escaped.
std::string entity(const char *text, std::size_t size)
{
    const std::string e(text, size);
    bool plain = e.size() > 2 && e.front() == '&' && e.back() == ';';
    for (std::size_t i = 1; plain && i + 1 < e.size(); ++i)
        plain = std::isalnum(static_cast<unsigned char>(e[i])) || (i == 1 && e[i] == '#');
    return plain ? e : TextEscape::html(e);
}

class Renderer {
public:
    Renderer(const std::string &markdown, std::string lang, std::vector<std::string> &usedIds)
        : m_doc(markdown), m_lang(std::move(lang)), m_usedIds(usedIds)
    {
    }

    std::vector<MarkdownHtml::Piece> pieces;
    std::string out;

    int enterBlock(MD_BLOCKTYPE type, void *detail);
    int leaveBlock(MD_BLOCKTYPE type, void *detail);
    int enterSpan(MD_SPANTYPE type, void *detail);
    int leaveSpan(MD_SPANTYPE type);
    int text(MD_TEXTTYPE type, const MD_CHAR *text, MD_SIZE size);

private:
    std::string uniqueId(const std::string &text);
    void emit(const std::string &html)
    {
        if (m_image > 0)
            return; // inside an image: its text is the link's
        out += html;
        if (m_heading)
            m_headingText += html;
    }
    static const char *align(MD_ALIGN a)
    {
        return a == MD_ALIGN_LEFT ? " style=\"text-align:left\""
            : a == MD_ALIGN_CENTER ? " style=\"text-align:center\""
            : a == MD_ALIGN_RIGHT  ? " style=\"text-align:right\""
                                   : "";
    }

    const std::string &m_doc;
    std::string m_lang;
    std::vector<std::string> &m_usedIds;
    bool m_fence = false; // inside one of `lang`'s fenced blocks
    MarkdownHtml::Fence m_current;
    std::size_t m_headingAt = 0;
    int m_heading = 0;
    std::string m_headingText;
    std::string m_lastHeadingId;
    int m_image = 0;
    std::vector<bool> m_links; // per open link: whether an <a> was written
};

std::string Renderer::uniqueId(const std::string &text)
{
    const std::string base = Slug::id(text);
    std::string id = base;
    for (int n = 2; std::find(m_usedIds.begin(), m_usedIds.end(), id) != m_usedIds.end(); ++n)
        id = base + "-" + std::to_string(n);
    m_usedIds.push_back(id);
    return id;
}

int Renderer::enterBlock(MD_BLOCKTYPE type, void *detail)
{
    switch (type) {
    case MD_BLOCK_DOC: break;
    case MD_BLOCK_QUOTE: emit("<blockquote>\n"); break;
    case MD_BLOCK_UL: emit("<ul>\n"); break;
    case MD_BLOCK_OL: {
        const auto *d = static_cast<MD_BLOCK_OL_DETAIL *>(detail);
        emit(d->start == 1 ? "<ol>\n" : "<ol start=\"" + std::to_string(d->start) + "\">\n");
        break;
    }
    case MD_BLOCK_LI: {
        const auto *d = static_cast<MD_BLOCK_LI_DETAIL *>(detail);
        emit("<li>");
        if (d->is_task)
            emit(d->task_mark == ' ' ? "<input type=\"checkbox\" disabled> " : "<input type=\"checkbox\" checked disabled> ");
        break;
    }
    case MD_BLOCK_HR: emit("<hr>\n"); break;
    case MD_BLOCK_H:
        m_heading = static_cast<MD_BLOCK_H_DETAIL *>(detail)->level;
        m_headingAt = out.size();
        m_headingText.clear();
        emit("<h" + std::to_string(m_heading) + ">");
        m_headingText.clear();
        break;
    case MD_BLOCK_CODE: {
        const auto *d = static_cast<MD_BLOCK_CODE_DETAIL *>(detail);
        if (attribute(d->lang) == m_lang) {
            m_fence = true;
            m_current = {};
            m_current.headingId = m_lastHeadingId;
            break;
        }
        const std::string lang = attribute(d->lang);
        emit(lang.empty() ? "<pre><code>" : "<pre><code class=\"language-" + TextEscape::html(Slug::id(lang)) + "\">");
        break;
    }
    case MD_BLOCK_HTML: emit("<p>"); break; // never with MD_FLAG_NOHTML; shown as text if it were
    case MD_BLOCK_P: emit("<p>"); break;
    case MD_BLOCK_TABLE: emit("<div class=\"table-box prose-table\" tabindex=\"0\">\n<table>\n"); break;
    case MD_BLOCK_THEAD: emit("<thead>\n"); break;
    case MD_BLOCK_TBODY: emit("<tbody>\n"); break;
    case MD_BLOCK_TR: emit("<tr>"); break;
    case MD_BLOCK_TH: emit(std::string("<th") + align(static_cast<MD_BLOCK_TD_DETAIL *>(detail)->align) + ">"); break;
    case MD_BLOCK_TD: emit(std::string("<td") + align(static_cast<MD_BLOCK_TD_DETAIL *>(detail)->align) + ">"); break;
    }
    return 0;
}

int Renderer::leaveBlock(MD_BLOCKTYPE type, void *detail)
{
    switch (type) {
    case MD_BLOCK_DOC: break;
    case MD_BLOCK_QUOTE: emit("</blockquote>\n"); break;
    case MD_BLOCK_UL: emit("</ul>\n"); break;
    case MD_BLOCK_OL: emit("</ol>\n"); break;
    case MD_BLOCK_LI: emit("</li>\n"); break;
    case MD_BLOCK_HR: break;
    case MD_BLOCK_H: {
        const std::string level = std::to_string(m_heading);
        m_heading = 0;
        // The id from the heading's words (its HTML without tags).
        std::string words;
        bool tag = false;
        for (char c : m_headingText) {
            tag = c == '<' ? true : c == '>' ? false : tag;
            if (!tag && c != '>')
                words += c;
        }
        m_lastHeadingId = uniqueId(words);
        out.insert(m_headingAt + 3, " id=\"" + TextEscape::html(m_lastHeadingId) + "\"");
        out += " <a class=\"permalink\" href=\"#" + TextEscape::html(m_lastHeadingId)
            + "\" aria-label=\"Link to this section\">#</a></h" + level + ">\n";
        break;
    }
    case MD_BLOCK_CODE:
        if (m_fence) {
            m_fence = false;
            pieces.push_back({std::move(out), true, std::move(m_current)});
            out.clear();
            break;
        }
        (void)detail;
        emit("</code></pre>\n");
        break;
    case MD_BLOCK_HTML:
    case MD_BLOCK_P: emit("</p>\n"); break;
    case MD_BLOCK_TABLE: emit("</table>\n</div>\n"); break;
    case MD_BLOCK_THEAD: emit("</thead>\n"); break;
    case MD_BLOCK_TBODY: emit("</tbody>\n"); break;
    case MD_BLOCK_TR: emit("</tr>\n"); break;
    case MD_BLOCK_TH: emit("</th>"); break;
    case MD_BLOCK_TD: emit("</td>"); break;
    }
    return 0;
}

int Renderer::enterSpan(MD_SPANTYPE type, void *detail)
{
    switch (type) {
    case MD_SPAN_EM: emit("<em>"); break;
    case MD_SPAN_STRONG: emit("<strong>"); break;
    case MD_SPAN_CODE: emit("<code>"); break;
    case MD_SPAN_DEL: emit("<del>"); break;
    case MD_SPAN_U: emit("<u>"); break;
    case MD_SPAN_A: {
        const std::string href = HtmlText::safeHref(attribute(static_cast<MD_SPAN_A_DETAIL *>(detail)->href));
        m_links.push_back(!href.empty());
        if (!href.empty())
            emit("<a href=\"" + TextEscape::html(href) + "\">");
        break;
    }
    case MD_SPAN_IMG: {
        // An image is a link to it: the page loads nothing it did not write.
        const std::string src = HtmlText::safeHref(attribute(static_cast<MD_SPAN_IMG_DETAIL *>(detail)->src));
        if (m_image == 0)
            emit(src.empty() ? "<span class=\"image\">[image] " : "<a class=\"image\" href=\"" + TextEscape::html(src) + "\">[image] ");
        m_links.push_back(!src.empty());
        ++m_image;
        break;
    }
    default: break; // LaTeX and wiki links are not enabled
    }
    return 0;
}

int Renderer::leaveSpan(MD_SPANTYPE type)
{
    switch (type) {
    case MD_SPAN_EM: emit("</em>"); break;
    case MD_SPAN_STRONG: emit("</strong>"); break;
    case MD_SPAN_CODE: emit("</code>"); break;
    case MD_SPAN_DEL: emit("</del>"); break;
    case MD_SPAN_U: emit("</u>"); break;
    case MD_SPAN_A: {
        const bool linked = !m_links.empty() && m_links.back();
        if (!m_links.empty())
            m_links.pop_back();
        if (linked)
            emit("</a>");
        break;
    }
    case MD_SPAN_IMG: {
        const bool linked = !m_links.empty() && m_links.back();
        if (!m_links.empty())
            m_links.pop_back();
        if (--m_image == 0)
            emit(linked ? "</a>" : "</span>");
        break;
    }
    default: break;
    }
    return 0;
}

int Renderer::text(MD_TEXTTYPE type, const MD_CHAR *text, MD_SIZE size)
{
    if (m_fence) {
        if (m_current.text.empty() && text >= m_doc.data() && text < m_doc.data() + m_doc.size())
            m_current.line = 1 + std::count(m_doc.data(), text, '\n');
        m_current.text.append(text, size);
        return 0;
    }
    const bool inImage = m_image > 0;
    if (inImage)
        --m_image; // an image's alt text is the text of its link
    switch (type) {
    case MD_TEXT_NULLCHAR: emit("\xEF\xBF\xBD"); break;
    case MD_TEXT_BR: emit("<br>\n"); break;
    case MD_TEXT_SOFTBR: emit("\n"); break;
    case MD_TEXT_ENTITY: emit(entity(text, size)); break;
    default: emit(TextEscape::html(std::string(text, size))); break;
    }
    if (inImage)
        ++m_image;
    return 0;
}

} // namespace

std::vector<MarkdownHtml::Piece> MarkdownHtml::render(const std::string &markdown, const std::string &lang,
                                                       std::vector<std::string> &usedIds)
{
    Renderer r(markdown, lang, usedIds);
    MD_PARSER parser{};
    parser.abi_version = 0;
    parser.flags = MD_DIALECT_GITHUB | MD_FLAG_NOHTML;
    parser.enter_block = [](MD_BLOCKTYPE t, void *d, void *u) { return static_cast<Renderer *>(u)->enterBlock(t, d); };
    parser.leave_block = [](MD_BLOCKTYPE t, void *d, void *u) { return static_cast<Renderer *>(u)->leaveBlock(t, d); };
    parser.enter_span = [](MD_SPANTYPE t, void *d, void *u) { return static_cast<Renderer *>(u)->enterSpan(t, d); };
    parser.leave_span = [](MD_SPANTYPE t, void *, void *u) { return static_cast<Renderer *>(u)->leaveSpan(t); };
    parser.text = [](MD_TEXTTYPE t, const MD_CHAR *s, MD_SIZE n, void *u) { return static_cast<Renderer *>(u)->text(t, s, n); };
    md_parse(markdown.data(), static_cast<MD_SIZE>(markdown.size()), &parser, &r);
    r.pieces.push_back({std::move(r.out), false, {}});
    return std::move(r.pieces);
}

} // namespace bs
