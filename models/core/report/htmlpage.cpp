#include "htmlpage.h"

#include "htmltext.h"
#include "pageids.h"
#include "svgcompactor.h"
#include "textescape.h"
#include "version.h"

#include <cctype>
#include <cmath>
#include <cstdio>

namespace bs {

namespace {

std::string escape(const std::string &text)
{
    return TextEscape::html(text);
}

// An aria-label: a name for a region, which a screen reader says in full
// each time; a label from a file is cut to a sentence's length (the region
// itself holds the whole text).
std::string ariaLabel(const std::string &text)
{
    return escape(HtmlText::cut(text, 200));
}

std::string heading(int level, const std::string &id, const std::string &text)
{
    const std::string h = "h" + std::to_string(level);
    return "<" + h + " id=\"" + escape(id) + "-title\">" + escape(text) + " <a class=\"permalink\" href=\"#"
        + escape(id) + "\" aria-label=\"Link to this section\">#</a></" + h + ">\n";
}

std::string sizeText(std::uint64_t bytes)
{
    char buf[32];
    if (bytes < 1024)
        std::snprintf(buf, sizeof buf, "%llu B", static_cast<unsigned long long>(bytes));
    else if (bytes < 1024 * 1024)
        std::snprintf(buf, sizeof buf, "%.1f KiB", bytes / 1024.0);
    else
        std::snprintf(buf, sizeof buf, "%.1f MiB", bytes / (1024.0 * 1024.0));
    return buf;
}

// The chart's own SVG document as an inline <svg>, compacted, sized by its
// viewBox. Empty when it holds anything a page must not run or load
// (SvgCompactor refuses it; our chart code writes none of these).
std::string inlineSvg(const std::string &svg)
{
    std::string out = SvgCompactor::compact(svg);
    if (out.empty())
        return {};
    const std::size_t tagEnd = out.find('>');
    std::string tag = out.substr(0, tagEnd);
    for (const char *attr : {" width=\"", " height=\""}) {
        const std::size_t at = tag.find(attr);
        if (at != std::string::npos)
            tag.erase(at, tag.find('"', at + std::string(attr).size()) + 1 - at);
    }
    // Its drawn width in pixels: never shown narrower (page.css), so its
    // text keeps the size it was drawn at; a narrow screen scrolls its box.
    const std::string viewBox = " viewBox=\"0 0 ";
    const std::size_t box = tag.find(viewBox);
    if (box != std::string::npos) {
        const std::size_t from = box + viewBox.size();
        const std::string width = tag.substr(from, tag.find(' ', from) - from);
        if (!width.empty() && width.find_first_not_of("0123456789.") == std::string::npos)
            tag += " style=\"--drawn-width:" + width + "px\"";
    }
    return tag + " role=\"img\"" + out.substr(tagEnd);
}

// Writes into the page's one string (a page with a 1 MiB name holds it a
// dozen times: no second copy of the whole).
struct Writer {
    std::string &out;
    std::string sectionId;
    PageIds &ids;

    void table(const ReportTable &t, const std::string &id);
    void chart(const ReportChart &c);
    void tabs(const std::vector<ReportTab> &tabs);
    void downloads(const ReportBlock &b);
    void block(const ReportBlock &b, const std::string &id);
    void items(const std::vector<std::string> &items)
    {
        out += "<ul>\n";
        for (const std::string &i : items)
            out += "<li>" + escape(i) + "</li>\n";
        out += "</ul>\n";
    }
};

void Writer::table(const ReportTable &rt, const std::string &id)
{
    const TextTable &t = rt.table;
    const std::string caption = t.title.empty() ? std::string("Table") : t.title;
    out += "<div class=\"table-box\" role=\"region\" tabindex=\"0\" aria-label=\"" + ariaLabel(caption) + "\" id=\""
        + escape(id) + "\">\n<table>\n";
    if (!t.title.empty())
        out += "<caption>" + escape(t.title) + "</caption>\n";
    out += "<thead><tr>";
    for (std::size_t c = 0; c < t.header.size(); ++c)
        out += std::string(c < t.numeric.size() && t.numeric[c] ? "<th scope=\"col\" class=\"num\">" : "<th scope=\"col\">")
            + escape(t.header[c]) + "</th>";
    out += "</tr></thead>\n<tbody>\n";
    for (std::size_t r = 0; r < t.rows.size(); ++r) {
        const auto &row = t.rows[r];
        out += "<tr>";
        for (std::size_t c = 0; c < t.header.size(); ++c) {
            const std::string text = c < row.size() ? row[c] : std::string();
            const std::string href = r < rt.links.size() && c < rt.links[r].size() ? HtmlText::safeHref(rt.links[r][c]) : "";
            const std::string cell = !href.empty() ? "<a href=\"" + escape(href) + "\">" + escape(text) + "</a>"
                : c == 0                           ? escape(text)
                                                   : HtmlPage::cellHtml(text);
            if (c == 0)
                out += "<th scope=\"row\">" + cell + "</th>";
            else
                out += std::string(c < t.numeric.size() && t.numeric[c] ? "<td class=\"num\">" : "<td>") + cell + "</td>";
        }
        out += "</tr>\n";
    }
    out += "</tbody>\n</table>\n</div>\n";
    if (!t.notes.empty()) {
        out += "<div class=\"table-notes\">";
        items(t.notes);
        out += "</div>\n";
    }
}

void Writer::chart(const ReportChart &c)
{
    const std::string svg = inlineSvg(c.svg);
    out += "<figure class=\"chart\">\n";
    if (svg.empty()) // said in place, never left out without a word
        out += "<p class=\"chart-missing\">This chart could not be drawn; its figures are in the table.</p>\n";
    else
        out += "<div class=\"chart-box\" aria-label=\"" + ariaLabel(c.title) + "\">" + svg + "</div>\n";
    if (!svg.empty() && !c.marks.empty()) {
        // The values page.js shows on hover; whole units, so no locale's
        // decimal comma reaches the attribute.
        out += "<ul class=\"chart-values\" hidden>\n";
        for (const ReportChart::Mark &m : c.marks)
            out += "<li data-x=\"" + std::to_string(std::lround(m.x)) + "\" data-y=\"" + std::to_string(std::lround(m.y))
                + "\">" + escape(m.text) + "</li>\n";
        out += "</ul>\n";
    }
    out += "<figcaption>" + escape(c.title);
    if (!c.alt.empty())
        out += "<details class=\"alt\"><summary>The chart in words</summary><p>" + escape(c.alt)
            + "</p></details>";
    out += "</figcaption>\n</figure>\n";
}

void Writer::tabs(const std::vector<ReportTab> &tabs)
{
    std::vector<std::string> panels;
    for (const ReportTab &tab : tabs)
        panels.push_back(ids.take(sectionId + "/" + tab.id));
    out += "<div class=\"tabs\">\n<div class=\"tablist\" role=\"tablist\" aria-label=\"Cases\">\n";
    for (std::size_t i = 0; i < tabs.size(); ++i) {
        const std::string &panel = panels[i];
        out += "<button type=\"button\" role=\"tab\" id=\"tab-" + escape(panel) + "\" aria-controls=\"" + escape(panel)
            + "\" aria-selected=\"" + (i == 0 ? "true" : "false") + "\"" + (i == 0 ? "" : " tabindex=\"-1\"") + ">"
            + escape(tabs[i].label) + "</button>\n";
    }
    out += "</div>\n";
    for (std::size_t t = 0; t < tabs.size(); ++t) {
        const ReportTab &tab = tabs[t];
        const std::string &panel = panels[t];
        out += "<section class=\"tabpanel\" role=\"tabpanel\" id=\"" + escape(panel) + "\" aria-labelledby=\"tab-"
            + escape(panel) + "\" tabindex=\"0\">\n<h4 class=\"panel-title\">" + escape(tab.label)
            + " <a class=\"permalink\" href=\"#" + escape(panel) + "\" aria-label=\"Link to this tab\">#</a></h4>\n";
        for (std::size_t i = 0; i < tab.blocks.size(); ++i)
            block(tab.blocks[i], panel + "/" + std::to_string(i + 1));
        out += "</section>\n";
    }
    out += "</div>\n";
}

void Writer::downloads(const ReportBlock &b)
{
    if (!b.text.empty())
        out += "<p>" + escape(b.text) + "</p>\n";
    out += "<ul class=\"downloads\">\n";
    for (const ReportDownload &d : b.downloads) {
        const std::string href = HtmlText::safeHref(d.path);
        out += "<li>" + (href.empty() ? escape(d.label)
                                      : "<a href=\"" + escape(href) + "\" download data-sha256=\"" + escape(d.sha256)
                                            + "\" data-bytes=\"" + std::to_string(d.bytes) + "\">" + escape(d.label) + "</a>")
            + " <span class=\"size\">" + sizeText(d.bytes) + "</span> <span class=\"sha\">sha256 <code>"
            + escape(d.sha256) + "</code></span></li>\n";
    }
    out += "</ul>\n";
}

void Writer::block(const ReportBlock &b, const std::string &id)
{
    switch (b.kind) {
    case ReportBlock::Kind::Text: out += "<p>" + escape(b.text) + "</p>\n"; break;
    case ReportBlock::Kind::Notes:
        out += "<aside class=\"notes\">";
        if (!b.text.empty())
            out += "<p>" + escape(b.text) + "</p>";
        items(b.items);
        out += "</aside>\n";
        break;
    case ReportBlock::Kind::List:
        if (!b.text.empty())
            out += "<p>" + escape(b.text) + "</p>\n";
        items(b.items);
        break;
    case ReportBlock::Kind::Table: table(b.table, ids.take(id)); break;
    case ReportBlock::Kind::Chart: chart(b.chart); break;
    case ReportBlock::Kind::Tabs: tabs(b.tabs); break;
    case ReportBlock::Kind::Downloads: downloads(b); break;
    case ReportBlock::Kind::Code: out += "<pre><code>" + escape(b.text) + "</code></pre>\n"; break;
    case ReportBlock::Kind::Html: out += "<div class=\"prose\">\n" + b.text + "</div>\n"; break;
    }
}

// The suites (sections of level 2), each with its own links inside.
void contents(std::string &out, const ReportContent &content, const std::vector<std::string> &sectionIds)
{
    out += "<nav class=\"contents\" aria-label=\"Contents\">\n<h2>Contents</h2>\n<ul>\n";
    for (std::size_t i = 0; i < content.sections.size(); ++i)
        if (content.sections[i].level == 2)
            out += "<li><a href=\"#" + escape(sectionIds[i]) + "\">" + escape(content.sections[i].heading) + "</a></li>\n";
    out += "</ul>\n</nav>\n";
}

} // namespace

std::string HtmlPage::cellHtml(const std::string &text)
{
    if (text == "—" || text == "-")
        return "<span class=\"status unsupported\">—</span>";
    if (text == "cancelled")
        return "<span class=\"status cancelled\">cancelled</span>";
    for (const char *word : {"missing", "contract failed", "error"})
        if (text == word)
            return "<span class=\"status\">" + escape(text) + "</span>";
    std::string value = text, extra;
    const std::size_t bracket = text.find(" [");
    const std::size_t once = text.find(" (once)");
    const std::size_t split = bracket != std::string::npos ? bracket : once;
    if (split != std::string::npos) {
        value = text.substr(0, split);
        extra = text.substr(split + 1);
    }
    std::string out = escape(value);
    if (!extra.empty())
        out += " <span class=\"" + std::string(extra.rfind("(once)", 0) == 0 ? "once" : "range") + "\">"
            + escape(extra) + "</span>";
    return out;
}

std::string HtmlPage::render(const ReportContent &content)
{
    std::string out;
    out.reserve(content.textBytes() + content.textBytes() / 4 + 256 * 1024); // the markup and the charts' SVG
    out += "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
           "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
           "<meta name=\"color-scheme\" content=\"light dark\">\n"
           "<meta name=\"generator\" content=\"Benchscope " + std::string(kVersion) + "\">\n<title>"
        + escape(content.title) + "</title>\n<link rel=\"stylesheet\" href=\"" + kStylePath + "\">\n<script src=\""
        + kScriptPath + "\" defer></script>\n</head>\n<body>\n<header>\n<h1>" + escape(content.title) + "</h1>\n";
    if (!content.description.empty())
        out += "<p class=\"description\">" + escape(content.description) + "</p>\n";
    if (!content.links.empty()) {
        out += "<ul class=\"links\">\n";
        for (const auto &[label, url] : content.links)
            if (const std::string href = HtmlText::safeHref(url); !href.empty())
                out += "<li><a href=\"" + escape(href) + "\">" + escape(label) + "</a></li>\n";
        out += "</ul>\n";
    }
    out += "</header>\n";
    // Every id of the page is taken from one PageIds: the footer's
    // "reading" (each capture's section links to it), then the sections',
    // so their permalinks keep the ids they ask for.
    PageIds ids;
    ids.take("reading");
    std::vector<std::string> sectionIds;
    for (const ReportSection &s : content.sections)
        sectionIds.push_back(ids.take(s.id));
    if (content.contents)
        contents(out, content, sectionIds);
    out += "<main>\n";
    Writer w{out, {}, ids};
    bool open = false;
    for (std::size_t n = 0; n < content.sections.size(); ++n) {
        const ReportSection &s = content.sections[n];
        if (s.level <= 2 && open)
            out += "</section>\n";
        if (s.level <= 2)
            open = true;
        w.sectionId = sectionIds[n];
        out += "<section class=\"level" + std::to_string(s.level) + "\" id=\"" + escape(w.sectionId) + "\""
            + (s.level == 0 ? ">\n"
                            : " aria-labelledby=\"" + escape(w.sectionId) + "-title\">\n" + heading(s.level, w.sectionId, s.heading));
        for (std::size_t i = 0; i < s.blocks.size(); ++i)
            w.block(s.blocks[i], w.sectionId + "/" + std::to_string(i + 1));
        if (s.level > 2)
            out += "</section>\n";
    }
    if (open)
        out += "</section>\n";
    out += "</main>\n<footer>\n";
    if (!content.reading.empty())
        out += "<p id=\"reading\"><strong>How to read these figures.</strong> " + escape(content.reading) + "</p>\n";
    out += "<p>Made with Benchscope " + std::string(kVersion)
        + " (<code>benchscope-cli publish</code>).</p>\n</footer>\n</body>\n</html>\n";
    return out;
}

} // namespace bs
