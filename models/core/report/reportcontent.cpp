#include "reportcontent.h"

namespace bs {

ReportBlock ReportBlock::paragraph(std::string text)
{
    ReportBlock b;
    b.text = std::move(text);
    return b;
}

ReportBlock ReportBlock::notes(std::string lead, std::vector<std::string> items)
{
    ReportBlock b;
    b.kind = Kind::Notes;
    b.text = std::move(lead);
    b.items = std::move(items);
    return b;
}

ReportBlock ReportBlock::list(std::string lead, std::vector<std::string> items)
{
    ReportBlock b = notes(std::move(lead), std::move(items));
    b.kind = Kind::List;
    return b;
}

ReportBlock ReportBlock::ofTable(std::string stem, TextTable table)
{
    ReportBlock b;
    b.kind = Kind::Table;
    b.table = {std::move(stem), std::move(table), {}, {}};
    return b;
}

ReportBlock ReportBlock::ofChart(ReportChart chart)
{
    ReportBlock b;
    b.kind = Kind::Chart;
    b.chart = std::move(chart);
    return b;
}

ReportBlock ReportBlock::code(std::string text)
{
    ReportBlock b;
    b.kind = Kind::Code;
    b.text = std::move(text);
    return b;
}

ReportBlock ReportBlock::html(std::string safeHtml)
{
    ReportBlock b;
    b.kind = Kind::Html;
    b.text = std::move(safeHtml);
    return b;
}

namespace {

std::size_t bytesOf(const std::vector<std::string> &texts)
{
    std::size_t n = 0;
    for (const std::string &t : texts)
        n += t.size();
    return n;
}

std::size_t bytesOf(const std::vector<ReportBlock> &blocks)
{
    std::size_t n = 0;
    for (const ReportBlock &b : blocks) {
        const TextTable &t = b.table.table;
        n += b.text.size() + bytesOf(b.items) + t.title.size() + bytesOf(t.header) + bytesOf(t.notes)
            + b.chart.title.size() + b.chart.alt.size();
        for (const auto &row : t.rows)
            n += bytesOf(row);
        for (const ReportTab &tab : b.tabs)
            n += tab.label.size() + bytesOf(tab.blocks);
        for (const ReportDownload &d : b.downloads)
            n += d.label.size() + d.path.size();
    }
    return n;
}

} // namespace

std::size_t ReportContent::textBytes() const
{
    std::size_t n = title.size() + description.size() + reading.size();
    for (const ReportSection &s : sections)
        n += s.heading.size() + bytesOf(s.blocks);
    return n;
}

} // namespace bs
