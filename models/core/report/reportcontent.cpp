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

} // namespace bs
