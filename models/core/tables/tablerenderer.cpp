#include "tablerenderer.h"

#include "textescape.h"

#include <algorithm>

namespace bs {

namespace {

// Display width in code points (the tables hold "–", "µ", "—").
std::size_t width(const std::string &s)
{
    std::size_t n = 0;
    for (unsigned char c : s)
        n += (c & 0xc0) != 0x80;
    return n;
}

std::string pad(const std::string &s, std::size_t w, bool right)
{
    const std::string fill(w > width(s) ? w - width(s) : 0, ' ');
    return right ? fill + s : s + fill;
}

bool isNumeric(const TextTable &t, std::size_t col)
{
    return col < t.numeric.size() && t.numeric[col];
}

// Every cell, title and note shown on a terminal: control characters
// escaped (line breaks kept in the title and notes, never in a cell).
TextTable forTerminal(TextTable t)
{
    t.title = TextEscape::terminal(t.title, true);
    for (std::string &s : t.notes)
        s = TextEscape::terminal(s, true);
    for (std::string &s : t.header)
        s = TextEscape::terminal(s);
    for (auto &row : t.rows)
        for (std::string &s : row)
            s = TextEscape::terminal(s);
    return t;
}

std::string text(const TextTable &t)
{
    std::vector<std::size_t> widths(t.header.size(), 0);
    for (std::size_t c = 0; c < t.header.size(); ++c)
        widths[c] = width(t.header[c]);
    for (const auto &row : t.rows)
        for (std::size_t c = 0; c < row.size() && c < widths.size(); ++c)
            widths[c] = std::max(widths[c], width(row[c]));
    std::string out;
    if (!t.title.empty())
        out += t.title + "\n";
    auto line = [&](const std::vector<std::string> &cells) {
        std::string l;
        for (std::size_t c = 0; c < widths.size(); ++c) {
            if (c)
                l += "  ";
            l += pad(c < cells.size() ? cells[c] : "", widths[c], isNumeric(t, c));
        }
        while (!l.empty() && l.back() == ' ')
            l.pop_back();
        out += l + "\n";
    };
    line(t.header);
    std::string rule;
    for (std::size_t c = 0; c < widths.size(); ++c)
        rule += (c ? "  " : "") + std::string(widths[c], '-');
    out += rule + "\n";
    for (const auto &row : t.rows)
        line(row);
    for (const auto &n : t.notes)
        out += n + "\n";
    return out;
}

std::string markdown(const TextTable &t)
{
    std::string out;
    if (!t.title.empty())
        out += "**" + TextEscape::markdown(t.title) + "**\n\n";
    out += "|";
    for (const auto &h : t.header)
        out += " " + TextEscape::markdown(h) + " |";
    out += "\n|";
    for (std::size_t c = 0; c < t.header.size(); ++c)
        out += isNumeric(t, c) ? " ---: |" : " --- |";
    out += "\n";
    for (const auto &row : t.rows) {
        out += "|";
        for (std::size_t c = 0; c < t.header.size(); ++c)
            out += " " + TextEscape::markdown(c < row.size() ? row[c] : "") + " |";
        out += "\n";
    }
    if (!t.notes.empty()) {
        out += "\n";
        for (const auto &n : t.notes)
            out += TextEscape::markdown(n) + "\n";
    }
    return out;
}

// Each field escaped for a terminal (line breaks kept) and quoted as it is
// appended: a CSV of a 1 MiB name in each of its columns is built once, with
// no copy of the table.
std::string csv(const TextTable &t)
{
    std::size_t size = 0;
    for (const std::string &h : t.header)
        size += h.size() + 1;
    for (const auto &row : t.rows)
        for (const std::string &cell : row)
            size += cell.size() + 1;
    std::string out;
    out.reserve(size + size / 16 + 2 * (t.rows.size() + 1));
    auto field = [&out](const std::string &raw) {
        const std::string s = TextEscape::terminal(raw, true);
        if (s.find_first_of(",\"\n\r") == std::string::npos) {
            out += s;
            return;
        }
        out += '"';
        for (char c : s) {
            if (c == '"')
                out += '"';
            out += c;
        }
        out += '"';
    };
    auto line = [&](const std::vector<std::string> &cells) {
        static const std::string none;
        for (std::size_t c = 0; c < t.header.size(); ++c) {
            if (c)
                out += ',';
            field(c < cells.size() ? cells[c] : none);
        }
        out += "\r\n";
    };
    line(t.header);
    for (const auto &row : t.rows)
        line(row);
    return out;
}

std::string html(const TextTable &t)
{
    std::string out = "<table>\n";
    if (!t.title.empty())
        out += "<caption>" + TextEscape::html(t.title) + "</caption>\n";
    out += "<thead><tr>";
    for (std::size_t c = 0; c < t.header.size(); ++c)
        out += std::string(isNumeric(t, c) ? "<th style=\"text-align:right\">" : "<th>") + TextEscape::html(t.header[c]) + "</th>";
    out += "</tr></thead>\n<tbody>\n";
    for (const auto &row : t.rows) {
        out += "<tr>";
        for (std::size_t c = 0; c < t.header.size(); ++c)
            out += std::string(isNumeric(t, c) ? "<td style=\"text-align:right\">" : "<td>")
                + TextEscape::html(c < row.size() ? row[c] : "") + "</td>";
        out += "</tr>\n";
    }
    out += "</tbody>\n</table>\n";
    for (const auto &n : t.notes)
        out += "<p>" + TextEscape::html(n) + "</p>\n";
    return out;
}

} // namespace

bool TableRenderer::parseFormat(const std::string &name, Format &format)
{
    if (name == "text")
        format = Format::Text;
    else if (name == "markdown" || name == "md")
        format = Format::Markdown;
    else if (name == "csv")
        format = Format::Csv;
    else if (name == "html")
        format = Format::Html;
    else
        return false;
    return true;
}

std::string TableRenderer::render(const TextTable &table, Format format)
{
    switch (format) {
    case Format::Text: return text(forTerminal(table));
    case Format::Markdown: return markdown(table);
    case Format::Csv: return csv(table);
    case Format::Html: return html(table);
    }
    return {};
}

TextTable TableRenderer::textFor(const Table &table, Format format)
{
    return format == Format::Csv ? table.machine() : table.human();
}

std::string TableRenderer::render(const Table &table, Format format)
{
    return render(textFor(table, format), format);
}

} // namespace bs
