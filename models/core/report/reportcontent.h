#pragma once

#include "capture.h"
#include "texttable.h"

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace bs {

class History;
class Table;

// What a report or a published page holds, apart from how it is written:
// sections of text, tables and charts, as values. ReportContentBuilder
// (views/export) chooses them from captures; the Markdown report folder
// (ReportWriter) and the HTML page (HtmlPage) are two writers of the same
// content. Every string is plain text from the captures, escaped by the
// writer that shows it.

// A chart, by what it shows; the writer draws it (ChartFactory) from the
// content's captures. `capture` indexes ReportContent::captures (a paired
// chart: the before side, the after side is the next one; a history: the
// first of `count`).
struct ReportChart {
    std::string kind; // ChartFactory's names: "range", "box", "bars", "latency", "paired", "history"
    std::size_t capture = 0;
    std::size_t count = 1; // captures it is drawn from: 2 for paired, every one of a history
    std::string caseId;
    std::string metricId;
    std::string title;
    std::string alt; // the chart said in words, for a reader who cannot see it
    std::string svg; // filled by a writer that inlines the chart
    // Filled with svg: each plotted value where it stands (in the SVG's
    // coordinates) and its text, which the page shows on hover.
    struct Mark {
        double x = 0;
        double y = 0;
        std::string text;
    };
    std::vector<Mark> marks;
    // A history chart's history, as the content's builder built it (a
    // history's change points cost a search; it is drawn from this one).
    std::shared_ptr<const History> history;
};

struct ReportTable {
    std::string stem; // "tables/case-get" (the Markdown writer's file, the page's anchor)
    TextTable table;   // for people: what the page and the Markdown show
    // The typed table, when its form for a spreadsheet (the report's CSV,
    // Table::machine()) is wanted: made as it is written, one at a time, so
    // a report never holds every table's CSV at once.
    std::shared_ptr<const Table> source;
    // Per cell (as table.rows), a link the page makes of the cell's text:
    // relative or http(s) (HtmlText::safeHref), "" or absent for none.
    std::vector<std::vector<std::string>> links;
};

// A file offered for download, beside the page.
struct ReportDownload {
    std::string label;
    std::string path; // relative to the page
    std::uint64_t bytes = 0;
    std::string sha256;
};

struct ReportTab;

struct ReportBlock {
    // Html: an authored page's prose, made safe by MarkdownHtml (the one
    // block a writer does not escape; the Markdown report leaves it out).
    enum class Kind { Text, Notes, List, Table, Chart, Tabs, Downloads, Code, Html };
    Kind kind = Kind::Text;
    std::string text;                // Text, Code, Html; Notes, List and Downloads: a lead-in
    std::vector<std::string> items;  // Notes (caveats, conditions), List
    ReportTable table;
    ReportChart chart;
    std::vector<ReportTab> tabs;
    std::vector<ReportDownload> downloads;

    static ReportBlock paragraph(std::string text);
    static ReportBlock notes(std::string lead, std::vector<std::string> items);
    static ReportBlock list(std::string lead, std::vector<std::string> items);
    static ReportBlock ofTable(std::string stem, TextTable table);
    static ReportBlock ofChart(ReportChart chart);
    static ReportBlock code(std::string text);
    static ReportBlock html(std::string safeHtml);
};

// One tab of a tab set: a case, a case group, or all cases at once.
struct ReportTab {
    std::string id; // unique in its section: the permalink is "#<section>/<tab>"
    std::string label;
    std::vector<ReportBlock> blocks;
};

struct ReportSection {
    std::string id;
    std::string heading;
    // 2: a suite or a part of a report; 3: below it; 0: a part of an
    // authored page, under the author's own heading (none of its own).
    int level = 2;
    std::vector<ReportBlock> blocks;
};

struct ReportContent {
    std::string title;
    std::string description; // a line under the title (an authored page's front matter)
    std::vector<std::pair<std::string, std::string>> links; // label, URL: under the title
    bool contents = true; // a list of the suites at the top (an authored page has its own headings)
    // How to read the figures, said once (the page's footer, #reading, and
    // the report's index); each capture's section links to it.
    std::string reading;
    std::vector<ReportSection> sections;
    std::vector<std::shared_ptr<const Capture>> captures; // what ReportChart::capture indexes

    // About how many bytes of text the content holds (every heading, text,
    // item, table cell, caption and chart's words; not the charts' SVG): what
    // a writer reserves, so a page holding a 1 MiB name a few times is not
    // grown by doubling (two copies of it all at once).
    std::size_t textBytes() const;
};

} // namespace bs
