#include "authoredcontent.h"

#include "slug.h"
#include "textescape.h"

#include <algorithm>

namespace {

using bs::PageBlock;
using bs::ReportBlock;
using bs::ReportSection;

ReportContentBuilder::Options everyMetric(ReportContentBuilder::Options options)
{
    options.everyMetric = true;
    return options;
}

std::string inQuotes(const std::string &s)
{
    return "\"" + bs::TextEscape::terminal(s) + "\"";
}

const bs::ReportTab *tabOf(const ReportSection &main, const std::string &tabId)
{
    for (const ReportBlock &b : main.blocks)
        for (const bs::ReportTab &tab : b.tabs)
            if (b.kind == ReportBlock::Kind::Tabs && tab.id == tabId)
                return &tab;
    return nullptr;
}

// The blocks of a tab that show `metric` (every block when it is empty).
std::vector<ReportBlock> ofMetric(const std::vector<ReportBlock> &blocks, const std::string &metric, const char *chartKind)
{
    std::vector<ReportBlock> out;
    for (const ReportBlock &b : blocks) {
        const bool chart = b.kind == ReportBlock::Kind::Chart;
        if (chartKind && (!chart || b.chart.kind != chartKind))
            continue;
        if (metric.empty() || (chart && b.chart.metricId == metric)
            || (b.kind == ReportBlock::Kind::Table && b.table.stem == "tables/all-cases-" + bs::Slug::fileName(metric)))
            out.push_back(b);
    }
    return out;
}

} // namespace

AuthoredContent::AuthoredContent(const bs::PageSource &page, const Captures &captures, ReportContentBuilder::Options options)
    : m_page(page)
    , m_captures(captures)
    , m_builder(options)
    , m_everyMetric(everyMetric(options))
{
}

std::shared_ptr<const bs::Capture> AuthoredContent::capture(const std::string &reference) const
{
    const auto it = m_captures.find(m_page.resolve(reference));
    return it == m_captures.end() ? nullptr : it->second;
}

bool AuthoredContent::build(bs::ReportContent &content, bs::LoadError &error)
{
    std::vector<std::string> figures;
    for (const bs::PageFigure &f : m_page.figures) {
        std::string text, message;
        if (!f.evaluate([this](const std::string &ref) { return capture(ref).get(); }, text, message)) {
            error = {m_page.path, "line " + std::to_string(f.line), "{{" + bs::TextEscape::terminal(f.source) + "}}: " + message};
            return false;
        }
        figures.push_back(std::move(text));
    }
    content.title = m_page.title;
    content.description = m_page.description;
    content.links = m_page.links;
    content.contents = false;
    for (const bs::PageSource::Part &part : m_page.parts) {
        if (!part.isBlock) {
            content.sections.push_back({ReportContentBuilder::uniqueId(content, "prose"), {}, 0,
                                        {ReportBlock::html(m_page.prose(part, figures))}});
            continue;
        }
        const bs::PageBlock &block = m_page.blocks[part.block];
        std::string message;
        const std::string id = ReportContentBuilder::uniqueId(content, part.headingId.empty() ? "block" : part.headingId + "-data");
        if (!addBlock(content, block, id, message)) {
            error = {m_page.path, "line " + std::to_string(block.line), message};
            return false;
        }
    }
    return true;
}

bool AuthoredContent::addBlock(bs::ReportContent &content, const bs::PageBlock &block, const std::string &id,
                               std::string &message)
{
    std::vector<std::shared_ptr<const bs::Capture>> captures;
    for (const std::string &ref : block.captures)
        captures.push_back(capture(ref));
    const std::size_t first = content.sections.size();
    switch (block.show) {
    case PageBlock::Show::Suite: return m_builder.addSuite(content, captures, message, true); // the block's order is the author's
    case PageBlock::Show::History:
        if (!m_builder.addHistory(content, captures, id, message))
            return false;
        content.sections[first].level = 0; // the author's heading stands above it
        return true;
    case PageBlock::Show::Diff: m_builder.addComparison(content, captures[0], captures[1], id); break;
    case PageBlock::Show::Downloads: m_builder.addDownloads(content, captures, id, 3); break;
    default: {
        const bool every = block.show == PageBlock::Show::Chart || !block.metric.empty();
        (every ? m_everyMetric : m_builder).addCapture(content, captures[0], id, {}, 0, false);
        break;
    }
    }
    return pick(content, first, block, id, message);
}

bool AuthoredContent::pick(bs::ReportContent &content, std::size_t first, const bs::PageBlock &block,
                           const std::string &id, std::string &message)
{
    auto section = [&](const std::string &suffix) -> const ReportSection * {
        for (std::size_t i = first; i < content.sections.size(); ++i)
            if (content.sections[i].id == id + suffix)
                return &content.sections[i];
        return nullptr;
    };
    const bs::Capture &c = *capture(block.captures.front());
    const bs::Metric *primary = c.primaryMetric();
    const std::string metric = !block.metric.empty() ? block.metric : primary ? primary->id : std::string();
    if (!block.metric.empty() && !c.metric(block.metric)) {
        message = "the capture has no metric " + inQuotes(block.metric);
        return false;
    }
    std::vector<ReportBlock> kept;
    const ReportSection *main = section("");
    switch (block.show) {
    case PageBlock::Show::Tables:
        for (const ReportBlock &b : main->blocks)
            if (b.kind == ReportBlock::Kind::Tabs || (b.kind == ReportBlock::Kind::Notes && b.text.rfind("Charts left out", 0) == 0))
                kept.push_back(b);
        break;
    case PageBlock::Show::AllCases:
        if (const bs::ReportTab *all = tabOf(*main, "all-cases"))
            kept = ofMetric(all->blocks, block.metric, nullptr);
        else
            message = "the capture has one case: show its table with `show: case " + c.cases.front().id + "` or `show: tables`";
        break;
    case PageBlock::Show::Case:
    case PageBlock::Show::Chart: {
        const bool bars = block.show == PageBlock::Show::Chart && block.argument == "bars";
        const std::string caseId = block.show == PageBlock::Show::Case ? block.argument : block.caseId;
        const bs::ReportTab *tab = bars ? tabOf(*main, "all-cases") : c.caseInfo(caseId) ? tabOf(*main, bs::Slug::fileName(caseId)) : nullptr;
        if (!tab)
            message = bars ? "the capture has one case: no bars across cases" : "the capture has no case " + inQuotes(caseId);
        else if (block.show == PageBlock::Show::Case)
            kept = tab->blocks;
        else if ((kept = ofMetric(tab->blocks, block.argument == "latency" ? std::string() : metric, block.argument.c_str())).empty())
            message = "no " + block.argument + " chart of " + inQuotes(metric) + " here (it would say nothing the table does not, or the capture has no such figures)";
        break;
    }
    case PageBlock::Show::Caveats:
        for (const ReportBlock &b : main->blocks)
            if (b.kind == ReportBlock::Kind::Notes && b.text.rfind("Conditions and caveats", 0) == 0)
                kept.push_back(b);
        if (kept.empty())
            message = "the capture records no caveats";
        break;
    default: {
        const char *suffix = block.show == PageBlock::Show::Contract ? "-contract"
            : block.show == PageBlock::Show::Coverage                ? "-coverage"
            : block.show == PageBlock::Show::Provenance              ? "-provenance"
            : block.show == PageBlock::Show::Diff                    ? "-diff"
                                                                     : "-downloads";
        if (const ReportSection *s = section(suffix))
            kept = s->blocks;
        else
            message = block.show == PageBlock::Show::Contract ? "the capture records no shared contract"
                : block.show == PageBlock::Show::Coverage     ? "no participant declares a case missing or unsupported: no route coverage to show"
                                                              : std::string("nothing to show");
        break;
    }
    }
    content.sections.erase(content.sections.begin() + static_cast<std::ptrdiff_t>(first), content.sections.end());
    if (!message.empty())
        return false;
    content.sections.push_back({id, {}, 0, std::move(kept)});
    return true;
}
