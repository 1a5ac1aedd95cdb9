#include "reportcontentbuilder.h"

#include "capturediff.h"
#include "capturepair.h"
#include "capturename.h"
#include "capturetables.h"
#include "chartfactory.h"
#include "chartworth.h"
#include "contractsummary.h"
#include "difftable.h"
#include "history.h"
#include "historytable.h"
#include "htmltext.h"
#include "slug.h"
#include "tablebaseline.h"
#include "tablebuilder.h"

#include <algorithm>
#include <set>

namespace {

using bs::ReportBlock;
using bs::ReportChart;
using bs::ReportSection;
using bs::ReportTab;

std::string slug(const std::string &text)
{
    return bs::Slug::fileName(text);
}

// A table as the page and the report show it (TableBuilder's human form)
// and, with `csv`, as the report's CSV writes it (its machine form).
ReportBlock tableBlock(const std::string &stem, const bs::Table &table, bool csv)
{
    ReportBlock b = ReportBlock::ofTable(stem, table.human());
    if (csv)
        b.table.source = std::make_shared<const bs::Table>(table);
    return b;
}

// Whether some result of the case has the metric, once or in a repetition.
bool measures(const bs::Capture &c, const std::string &caseId, const std::string &metricId)
{
    for (const bs::Result &r : c.results)
        if (r.caseId == caseId && r.once.count(metricId))
            return true;
    for (const bs::Result &r : c.results)
        if (r.caseId == caseId)
            for (const bs::Repetition &rep : r.repetitions)
                if (rep.metrics.count(metricId))
                    return true;
    return false;
}

// A label from a file as a chart's title and words name it: cut to a
// sentence's length (a 1 MiB name is not repeated in every caption); the
// table beside the chart holds it whole.
std::string shown(const std::string &label)
{
    return bs::HtmlText::cut(label, 400);
}

// A chart said in words: the first column (participants) with one column's
// cells of the table it follows.
std::string altText(const std::string &lead, const bs::TextTable &table, std::size_t column)
{
    std::string alt = lead;
    const char *sep = ": ";
    for (const auto &row : table.rows)
        if (row.size() > column) {
            alt += sep + shown(row[0]) + " " + row[column];
            sep = "; ";
        }
    return alt + ".";
}

bool hasCells(const bs::CaptureDiff &diff, const std::string &caseId, const std::string &metricId)
{
    for (const bs::DiffCell &cell : diff.cells())
        if (cell.caseId == caseId && cell.metric == metricId)
            return true;
    return false;
}

std::size_t columnOf(const bs::TextTable &table, const std::string &prefix)
{
    for (std::size_t i = 1; i < table.header.size(); ++i)
        if (table.header[i].rfind(prefix, 0) == 0)
            return i;
    return 1;
}

ReportChart chart(ChartFactory::Kind kind, std::size_t capture, const std::string &caseId, const std::string &metricId,
                  std::string title, std::string alt)
{
    ReportChart ch;
    ch.kind = ChartFactory::name(kind).toStdString();
    ch.capture = capture;
    ch.caseId = caseId;
    ch.metricId = metricId;
    ch.title = std::move(title);
    ch.alt = std::move(alt);
    return ch;
}

// Where the content holds the capture, added at the end if it does not.
std::size_t indexOf(bs::ReportContent &content, const std::shared_ptr<const bs::Capture> &capture)
{
    for (std::size_t i = content.captures.size(); i-- > 0;)
        if (content.captures[i] == capture)
            return i;
    content.captures.push_back(capture);
    return content.captures.size() - 1;
}

std::string countText(std::size_t n, const char *one, const char *many)
{
    return std::to_string(n) + " " + (n == 1 ? one : many);
}

// The shared contract: per participant, the checks passed and failed
// before load, and each failure with what was expected and what came back.
void addContract(std::vector<ReportSection> &out, const bs::Capture &c, const std::string &id, int level)
{
    if (c.contracts.empty())
        return;
    ReportSection s{id + "-contract", "Shared contract", level, {}};
    const bs::ContractSummary summary = bs::ContractSummary::of(c);
    s.blocks.push_back(ReportBlock::paragraph(
        "Checked against every participant before any load was applied: " + countText(summary.checks(), "check", "checks")
        + ", " + std::to_string(summary.passed) + " passed, " + std::to_string(summary.failed)
        + " failed. A participant that fails a case's contract is not measured on it (\"contract failed\")."));
    bs::TextTable passes{"Checks per participant", {"Participant", "Passed", "Failed", "Checks"}, {}, {false, true, true, false}, {}};
    bs::TextTable failures{"Failures", {"Participant", "Case", "Check", "Expected", "Actual"}, {}, {}, {}};
    for (const bs::ContractSummary::Participant &p : summary.participants) {
        passes.rows.push_back({p.label, std::to_string(p.passed), std::to_string(p.failed), bs::ContractSummary::checksText(p)});
        for (const bs::ContractCheck &k : c.contracts)
            if (k.participant == p.id && !k.passed) {
                const bs::CaseInfo *ci = c.caseInfo(k.caseId);
                failures.rows.push_back({p.label, ci ? ci->label : k.caseId, k.what, k.expected, k.actual});
            }
    }
    s.blocks.push_back(ReportBlock::ofTable("tables/contract", passes));
    if (!failures.rows.empty())
        s.blocks.push_back(ReportBlock::ofTable("tables/contract-failures", failures));
    out.push_back(std::move(s));
}

// Route coverage: which participant answers which case, when some declare
// a case missing or unsupported (throughput compares only on shared routes).
void addCoverage(std::vector<ReportSection> &out, const bs::Capture &c, const std::string &id, int level)
{
    bool declared = false;
    for (const bs::Result &r : c.results)
        declared |= r.status == bs::ResultStatus::Missing || r.status == bs::ResultStatus::Unsupported;
    if (!declared)
        return;
    ReportSection s{id + "-coverage", "Route coverage", level, {}};
    s.blocks.push_back(ReportBlock::paragraph(
        "Figures compare only between participants that answer the same cases. A case a participant cannot "
        "express is marked here rather than dropped."));
    bs::TextTable t{"Coverage", {"Participant"}, {}, {false}, {}};
    for (const bs::CaseInfo &k : c.cases)
        t.header.push_back(k.label);
    for (const bs::Participant &p : c.participants) {
        std::vector<std::string> row{p.label};
        for (const bs::CaseInfo &k : c.cases) {
            const bs::Result *r = c.result(p.id, k.id);
            const std::string status = bs::CaptureTables::statusText(r);
            row.push_back(status.empty() ? "answered" : r && !r->reason.empty() ? status + ": " + r->reason : status);
        }
        t.rows.push_back(std::move(row));
    }
    s.blocks.push_back(ReportBlock::ofTable("tables/coverage", t));
    out.push_back(std::move(s));
}

} // namespace

ReportContentBuilder::ReportContentBuilder(Options options)
    : m_options(std::move(options))
{
}

std::string ReportContentBuilder::uniqueId(const bs::ReportContent &content, const std::string &text)
{
    const std::string base = slug(text);
    std::string id = base;
    for (int n = 2;; ++n) {
        bool taken = false;
        for (const ReportSection &s : content.sections)
            taken |= s.id == id || s.id.rfind(id + "-", 0) == 0;
        if (!taken)
            return id;
        id = base + "-" + std::to_string(n);
    }
}

std::string ReportContentBuilder::plan(const std::vector<std::shared_ptr<const bs::Capture>> &captures, bool orderStated)
{
    if (captures.size() < 2)
        return captures.empty() ? std::string() : "its tables and charts";
    if (captures.size() > 2)
        return "the history of " + std::to_string(captures.size()) + " revisions, then the latest";
    const bs::CapturePair pair = bs::CapturePair::of(*captures[0], *captures[1], orderStated);
    if (pair.kind != bs::CapturePair::Kind::BeforeAfter)
        return "two captures shown apart, not compared: " + pair.reason;
    const std::vector<std::string> names = bs::CaptureName::apart({captures[0].get(), captures[1].get()}, false);
    return "a before/after, " + names[pair.before] + " → " + names[pair.after] + " (" + pair.reason + "), then each";
}

void ReportContentBuilder::addPair(bs::ReportContent &content,
                                   const std::vector<std::shared_ptr<const bs::Capture>> &captures,
                                   const std::string &id, bool orderStated)
{
    const bs::CapturePair pair = bs::CapturePair::of(*captures[0], *captures[1], orderStated);
    const std::string &suite = captures[0]->suite.name();
    const std::vector<std::string> names = bs::CaptureName::apart({captures[0].get(), captures[1].get()}, false);
    auto title = [&](std::size_t i) { return suite.empty() ? names[i] : suite + " · " + names[i]; };
    // Each capture's section by its revision, by its place where both read alike.
    const bool alike = slug(captures[0]->revision.name()) == slug(captures[1]->revision.name());
    auto sectionId = [&](std::size_t i) {
        return id + "-" + (alike ? std::to_string(i + 1) : slug(captures[i]->revision.name()));
    };
    if (pair.kind != bs::CapturePair::Kind::BeforeAfter) {
        content.sections.push_back({id, suite, 2,
                                    {ReportBlock::paragraph("Two captures of this suite, each shown with its own "
                                                            "tables and not compared: " + pair.reason + ".")}});
        for (std::size_t i = 0; i < 2; ++i)
            addCapture(content, captures[i], sectionId(i), title(i), 3);
        return;
    }
    const auto &before = captures[pair.before], &after = captures[pair.after];
    content.sections.push_back({id, suite, 2,
                                {ReportBlock::paragraph("Two captures of this suite: " + title(pair.before)
                                                        + " before, " + title(pair.after) + " after ("
                                                        + pair.reason + "), compared below, each with its own tables.")}});
    addComparison(content, before, after, id);
    for (std::size_t i : {pair.before, pair.after})
        addCapture(content, captures[i], sectionId(i), title(i), 3);
}

bool ReportContentBuilder::addSuite(bs::ReportContent &content,
                                    const std::vector<std::shared_ptr<const bs::Capture>> &captures, std::string &error,
                                    bool orderStated)
{
    if (captures.empty())
        return true;
    const std::string id = uniqueId(content, captures.front()->suite.id);
    if (captures.size() == 1) {
        addCapture(content, captures.front(), id, bs::CaptureName::title(*captures.front()), 2);
        return true;
    }
    if (captures.size() == 2) {
        addPair(content, captures, id, orderStated);
        return true;
    }
    std::vector<const bs::Capture *> raw;
    for (const auto &c : captures)
        raw.push_back(c.get());
    const std::vector<std::size_t> order = bs::History::dateOrder(raw);
    if (!addHistory(content, captures, id, error))
        return false;
    const std::shared_ptr<const bs::Capture> &latest = captures[order.back()];
    addCapture(content, latest, id + "-latest", "Latest: " + bs::CaptureName::title(*latest), 3, false);
    addDownloads(content, captures, id, 3);
    return true;
}

void ReportContentBuilder::addCapture(bs::ReportContent &content, std::shared_ptr<const bs::Capture> capture,
                                      const std::string &id, const std::string &heading, int level, bool downloads)
{
    const bs::Capture &c = *capture;
    const std::size_t index = indexOf(content, capture);
    ReportSection s{id, heading, level, {}};
    if (!c.provenance.caveats.empty())
        s.blocks.push_back(ReportBlock::notes("Conditions and caveats of these figures", c.provenance.caveats));
    content.reading =
        "Values are the representative repetition's (the median run); brackets are the [min–max] range across "
        "repetitions, not confidence intervals; n is the number of repetitions; (once) marks a figure measured once. "
        "A dash is a case the participant does not support (the reason is under the table).";
    // A constant link, not text from a capture: the page says it once, in its footer.
    s.blocks.push_back(ReportBlock::html("<p class=\"reading\"><a href=\"#reading\">How to read these figures</a></p>"));

    ReportBlock tabs;
    tabs.kind = ReportBlock::Kind::Tabs;
    std::set<std::string> ids;
    auto tabId = [&](const std::string &text) {
        std::string tid = slug(text);
        for (int n = 2; !ids.insert(tid).second; ++n)
            tid = slug(text) + "-" + std::to_string(n);
        return tid;
    };
    const std::vector<bs::Metric> metrics = bs::CaptureTables::tableMetrics(c);
    const ChartWorth worth(c);
    // The all-cases tab: every case side by side, and the ratio against the
    // baseline wherever the capture marks one, one case or many.
    if (c.cases.size() > 1 || bs::TableBaseline::defaultFor(c).mode != bs::TableBaseline::Mode::None) {
        ReportTab all{tabId("all-cases"), "All cases", {}};
        // The primary metric leads (PrimaryMetric, as the window's All cases
        // tab opens on it); the page keeps to it, every case tab has them all.
        std::vector<bs::Metric> byLead = metrics;
        std::stable_partition(byLead.begin(), byLead.end(),
                              [&](const bs::Metric &m) { return c.primaryMetric() && m.id == c.primaryMetric()->id; });
        for (const bs::Metric &m : byLead) {
            const bool lead = c.primaryMetric() && m.id == c.primaryMetric()->id;
            if (bs::CaptureTables::measuredCases(c, m.id).empty() || (!m_options.everyMetric && !lead))
                continue;
            const bs::Table built = bs::TableBuilder::allCases(c, m.id);
            const bs::TextTable table = built.human();
            if (worth.barsSaySomething(m.id))
                all.blocks.push_back(ReportBlock::ofChart(
                    chart(ChartFactory::Kind::Bars, index, {}, m.id, shown(built.title) + " across cases",
                          altText("Bars of " + shown(m.label) + " per case and participant, as in the table", table, 1))));
            all.blocks.push_back(tableBlock("tables/all-cases-" + slug(m.id), built, m_options.csv));
        }
        tabs.tabs.push_back(std::move(all));
    }
    const bool groups = c.caseGroups().size() > 1;
    const bs::Metric *primary = c.primaryMetric();
    for (const bs::CaseInfo &k : c.cases) {
        ReportTab tab{tabId(k.id), groups && !k.group.empty() ? k.label + " · " + k.group : k.label, {}};
        if (!k.description.empty())
            tab.blocks.push_back(ReportBlock::paragraph(k.description));
        const bs::Table built = bs::TableBuilder::caseTable(c, k.id);
        const bs::TextTable table = built.human();
        for (const bs::Metric &m : metrics)
            if (measures(c, k.id, m.id) && (m_options.everyMetric || (primary && m.id == primary->id))
                && worth.caseChartSaysSomething(m.id, k.id))
                tab.blocks.push_back(ReportBlock::ofChart(
                    chart(ChartFactory::Kind::Range, index, k.id, m.id, shown(m.label) + " — " + shown(k.label),
                          altText("Range plot of " + shown(m.label) + " per participant (value and [min–max])", table,
                                  columnOf(table, m.label)))));
        if (m_options.everyMetric && primary && ChartFactory::applies(ChartFactory::Kind::Box, c, k.id)
            && worth.caseChartSaysSomething(primary->id, k.id))
            tab.blocks.push_back(ReportBlock::ofChart(chart(ChartFactory::Kind::Box, index, k.id, primary->id,
                                                            "Box plot of " + shown(primary->label) + " — " + shown(k.label),
                                                            "Every repetition of " + shown(primary->label)
                                                                + " per participant; the figures are in the table.")));
        if (ChartFactory::applies(ChartFactory::Kind::Latency, c, k.id))
            tab.blocks.push_back(ReportBlock::ofChart(
                chart(ChartFactory::Kind::Latency, index, k.id, {}, "Latency percentiles — " + shown(k.label),
                      "Latency at each percentile per participant, from the recorded histograms; the percentiles "
                      "measured are columns of the table.")));
        tab.blocks.push_back(tableBlock("tables/case-" + slug(k.id), built, m_options.csv));
        tabs.tabs.push_back(std::move(tab));
    }
    s.blocks.push_back(std::move(tabs));
    std::vector<std::string> charted;
    for (const bs::Metric &m : metrics)
        if (m_options.everyMetric || (primary && m.id == primary->id))
            charted.push_back(m.id);
    if (const std::vector<std::string> left = worth.lines(charted); !left.empty())
        s.blocks.push_back(ReportBlock::notes("Charts left out, as they would say nothing the tables do not", left));
    content.sections.push_back(std::move(s));
    content.sections.push_back({id + "-provenance", "Provenance", level + 1,
                                {ReportBlock::paragraph("Where the figures come from: the machine, every tool and "
                                                        "runtime with its version, and the conditions of the run."),
                                 ReportBlock::ofTable("provenance", bs::CaptureTables::provenance(c))}});
    addContract(content.sections, c, id, level + 1);
    addCoverage(content.sections, c, id, level + 1);
    if (downloads)
        addDownloads(content, {capture}, id, level + 1);
}

void ReportContentBuilder::addDownloads(bs::ReportContent &content,
                                        const std::vector<std::shared_ptr<const bs::Capture>> &captures,
                                        const std::string &id, int level)
{
    if (!m_options.downloads)
        return;
    ReportSection d{id + "-downloads", "Downloads", level, {}};
    for (const auto &c : captures) {
        ReportBlock files;
        files.kind = ReportBlock::Kind::Downloads;
        files.text = bs::CaptureName::title(*c);
        files.downloads = m_options.downloads(*c);
        d.blocks.push_back(std::move(files));
        const auto command = c->provenance.conditions.extra.find("command");
        if (command != c->provenance.conditions.extra.end()) {
            d.blocks.push_back(ReportBlock::paragraph("The capture records the command that produced it:"));
            d.blocks.push_back(ReportBlock::code(command->second));
        }
    }
    content.sections.push_back(std::move(d));
}

void ReportContentBuilder::addComparison(bs::ReportContent &content, std::shared_ptr<const bs::Capture> beforeCapture,
                                         std::shared_ptr<const bs::Capture> afterCapture, const std::string &id)
{
    // The paired chart takes the after side from the capture after the before one.
    const std::size_t first = content.captures.size();
    content.captures.push_back(beforeCapture);
    content.captures.push_back(afterCapture);
    const bs::Capture &before = *beforeCapture, &after = *afterCapture;
    const bs::CaptureDiff diff = bs::CaptureDiff::compare(before, after, {});
    const std::vector<std::string> names = bs::CaptureName::apart({&before, &after}, false);
    ReportSection s{id + "-diff", "Before/after: " + names[0] + " → " + names[1], 3, {}};
    if (diff.warnings().empty()) {
        s.blocks.push_back(ReportBlock::paragraph("Machine, tools and conditions are the same."));
    } else {
        std::vector<std::string> lines;
        for (const bs::ProvenanceWarning &w : diff.warnings())
            lines.push_back(w.text());
        s.blocks.push_back(ReportBlock::notes("Provenance differs; the numbers may not be comparable", lines));
    }
    s.blocks.push_back(ReportBlock::list("Summary", bs::DiffTable::summaryLines(diff)));
    if (const std::string noise = bs::DiffTable::noiseLine(diff); !noise.empty())
        s.blocks.push_back(ReportBlock::paragraph("Many tests at once: " + noise + "."));
    std::vector<bs::CaseInfo> cases = after.cases;
    for (const bs::CaseInfo &k : before.cases)
        if (!after.caseInfo(k.id))
            cases.push_back(k);
    const bs::Metric *primary = after.primaryMetric();
    for (const bs::CaseInfo &k : cases)
        for (const bs::Metric &m : diff.metrics()) {
            if (!(m_options.everyMetric || (primary && m.id == primary->id)) || !hasCells(diff, k.id, m.id))
                continue;
            s.blocks.push_back(ReportBlock::ofChart(
                chart(ChartFactory::Kind::Paired, first, k.id, m.id, shown(m.label) + " before and after — " + shown(k.label),
                      "Before and after " + shown(m.label) + " per participant in " + shown(k.label)
                          + "; each cell's Δ, p, n and verdict are in the table below.")));
        }
    s.blocks.push_back(ReportBlock::ofTable("diff", bs::DiffTable::table(diff)));
    content.sections.push_back(std::move(s));
}

bool ReportContentBuilder::addHistory(bs::ReportContent &content,
                                      const std::vector<std::shared_ptr<const bs::Capture>> &captures,
                                      const std::string &id, std::string &error)
{
    const std::size_t first = content.captures.size(), count = captures.size();
    content.captures.insert(content.captures.end(), captures.begin(), captures.end());
    std::vector<const bs::Capture *> raw;
    for (const auto &c : captures)
        raw.push_back(c.get());
    std::optional<bs::History> built = bs::History::build(raw, {}, error);
    if (!built)
        return false;
    const auto shared = std::make_shared<const bs::History>(std::move(*built));
    const bs::History &history = *shared;
    ReportSection s{id, history.suite().name(), 2, {}};
    s.blocks.push_back(ReportBlock::paragraph(
        bs::HistoryTable::span(history) + ", by revision date, then capture time. Change points are found by PELT "
        "over each series' revisions and tested on their runs, corrected together over every boundary of the "
        "history (docs/history.md); each part lists them, then draws the history, then says each in full."));
    if (!history.notes().empty())
        s.blocks.push_back(ReportBlock::notes("About these revisions", history.notes()));
    content.sections.push_back(std::move(s));
    for (const bs::Metric &m : history.metrics()) {
        const std::vector<const bs::HistorySeries *> series = history.seriesOf(m.id);
        if (series.empty() || (!m_options.everyMetric && !m.primary && &m != &history.metrics().front()))
            continue;
        ReportSection part{id + "-history-" + slug(m.id), "History of " + m.label, 3, {}};
        // The change points first, in a line each; then the chart; then each in full.
        const std::vector<std::string> found = bs::HistoryTable::changePointList(history, series);
        if (found.empty())
            part.blocks.push_back(ReportBlock::paragraph(bs::HistoryTable::noChangePoint(history, series) + "."));
        else
            part.blocks.push_back(ReportBlock::list(std::to_string(found.size()) + " change point"
                                                        + (found.size() == 1 ? "" : "s") + " in "
                                                        + std::to_string(series.size()) + " series:",
                                                    found));
        ReportChart ch = chart(ChartFactory::Kind::History, first, {}, m.id, "History of " + shown(m.label),
                               "Each participant and case across the revisions, with the change points; the figures "
                               "are in the change points below.");
        ch.count = count;
        ch.history = shared;
        part.blocks.push_back(ReportBlock::ofChart(ch));
        if (!found.empty()) {
            part.blocks.push_back(ReportBlock::list("The change points in full:",
                                                    bs::HistoryTable::changePointDetails(series)));
            part.blocks.push_back(ReportBlock::ofTable("tables/change-points-" + slug(m.id),
                                                       bs::HistoryTable::changePoints(history, series)));
        }
        if (m_options.everyMetric) // every point of every series: the report's; the page keeps to the change points
            part.blocks.push_back(ReportBlock::ofTable("tables/history-" + slug(m.id), bs::HistoryTable::points(history, series)));
        content.sections.push_back(std::move(part));
    }
    return true;
}
