#include "tablebuilder.h"

#include "capturetables.h"
#include "resultindex.h"

#include <algorithm>
#include <map>
#include <set>

namespace bs {

namespace {

std::string join(const std::vector<std::string> &words)
{
    std::string out;
    for (const std::string &w : words)
        out += (out.empty() ? "" : ", ") + w;
    return out;
}

// Notes shared by the tables: what the brackets are, where rows come from.
// The value columns whose every figure is 0 (Table::zeroColumn), by metric
// and case, and a note saying it once per metric.
std::set<std::pair<std::string, std::string>> zeroColumns(Table &t, bool caseTable)
{
    std::set<std::pair<std::string, std::string>> zero;
    std::map<std::string, std::vector<std::string>> byMetric; // metric label → the cases, in order
    std::size_t valueColumns = 0;
    for (std::size_t i = 0; i < t.columns.size(); ++i) {
        const TableColumn &column = t.columns[i];
        if (column.kind != ColumnKind::Value)
            continue;
        ++valueColumns;
        if (!t.zeroColumn(i))
            continue;
        zero.emplace(column.metric->id, column.caseId);
        byMetric[column.metric->label].push_back(column.name);
    }
    for (const auto &[label, cases] : byMetric) {
        // An all-cases table (a column per case) names the cases; a case table, the metric alone.
        const std::string where = caseTable ? "" : cases.size() == valueColumns ? " in every case" : " in " + join(cases);
        t.notes.push_back(label + " is 0" + where + ", on every repetition of every participant shown.");
    }
    return zero;
}

void addNotes(Table &t, const Capture &c, const std::vector<const Result *> &shown, bool caseTable)
{
    bool anyRange = false, anySingle = false, anyOnce = false, anyEqual = false, anyEqualDeclared = false;
    std::set<std::string> metrics; // those the table shows
    for (const TableColumn &column : t.columns)
        if (column.kind == ColumnKind::Value)
            metrics.insert(column.metric->id);
    const std::set<std::pair<std::string, std::string>> zero = zeroColumns(t, caseTable);
    std::set<std::string> reasons;
    for (const Result *r : shown) {
        if (!r)
            continue;
        const Participant *p = c.participant(r->participant);
        const CaseInfo *k = c.caseInfo(r->caseId);
        const std::string where = (p ? p->label : r->participant) + " / " + (k ? k->label : r->caseId) + ": ";
        if (r->status == ResultStatus::Ok) {
            (r->repetitions.size() > 1 ? anyRange : anySingle) = true;
            for (const auto &[id, s] : r->summary) {
                anyOnce = anyOnce || (s.once && r->repetitions.size() > 1);
                const Metric *m = c.metric(id);
                // A column of zeros says so once (above), not "[all N equal]".
                if (metrics.count(id) && !zero.count({id, r->caseId}))
                    (m && m->scopeDeclared ? anyEqualDeclared : anyEqual) |= s.zeroSpread();
            }
            if (!r->flags.empty())
                reasons.insert(where + CaptureTables::kFlagMark + " ok but flagged ("
                               + join(r->flags) + ") — " + r->reason);
        } else if (!r->reason.empty()) {
            reasons.insert(where + statusName(r->status) + " — " + r->reason);
        }
    }
    if (anyRange)
        t.notes.push_back("Each row comes from one repetition, the median run: the one with the median "
                          + (c.primaryMetric() ? c.primaryMetric()->label : std::string("primary metric"))
                          + " (the lower of the two middle runs for an even number; a cell's tool tip gives the "
                            "true median, which the Diff page compares); brackets are the [min–max] range across "
                            "all repetitions, not confidence intervals.");
    if (anySingle)
        t.notes.push_back("Values without brackets come from a single repetition or a single published figure.");
    if (anyOnce)
        t.notes.push_back("(once) marks a figure measured once for the whole result (a tool's mean over its runs, a "
                          "start-up, a published figure): one sample, n = 1, whatever the repetitions.");
    if (anyEqual)
        t.notes.push_back("[all N equal] marks a metric with the same value on every one of its N repetitions: zero "
                          "spread, possibly one figure copied onto each repetition; a diff does not test it as N samples.");
    if (anyEqualDeclared)
        t.notes.push_back("[all N equal] marks a metric with the same value on every one of its N repetitions; the "
                          "source declares it measured on every repetition (Go's allocs/op), so a diff tests N samples.");
    for (const std::string &r : reasons)
        t.notes.push_back(r);
}

} // namespace

Table TableBuilder::allCases(const Capture &c, const std::string &metricId)
{
    return allCases(c, metricId, TableBaseline::defaultFor(c));
}

Table TableBuilder::allCases(const Capture &c, const std::string &metricId, const TableBaseline &baseline)
{
    Table t;
    t.m_capture = &c;
    const Metric *metric = metricId.empty() ? c.primaryMetric() : c.metric(metricId);
    if (!metric) {
        t.m_capture = nullptr;
        return t;
    }
    const UnitFormat::Scale scale = CaptureTables::captureScales(c).at(metric->id);
    t.title = CaptureTables::metricTitle(*metric, scale);
    const ResultIndex index(c);
    std::vector<const Result *> shown;
    for (const CaseInfo &k : CaptureTables::measuredCases(c, metric->id)) {
        TableColumn column;
        column.kind = ColumnKind::Value;
        column.name = k.label;
        column.caseId = k.id;
        column.caseIndex = std::size_t(ResultIndex::caseIndex(c, k.id));
        column.metric = metric;
        column.scale = scale;
        std::vector<const Result *> results;
        results.reserve(c.participants.size());
        for (std::size_t i = 0; i < c.participants.size(); ++i)
            results.push_back(index.find(i, column.caseIndex));
        shown.insert(shown.end(), results.begin(), results.end());
        t.addValueColumn(std::move(column), std::move(results));
    }
    t.setBaseline(baseline);
    addNotes(t, c, shown, false);
    return t;
}

Table TableBuilder::caseTable(const Capture &c, const std::string &caseId)
{
    Table t;
    const CaseInfo *k = c.caseInfo(caseId);
    if (!k)
        return t;
    t.m_capture = &c;
    t.m_countColumn = true;
    t.title = k->label + (k->group.empty() ? "" : " · " + k->group);
    const ResultIndex index(c);
    const std::size_t caseIndex = std::size_t(ResultIndex::caseIndex(c, caseId));
    std::vector<const Result *> results;
    results.reserve(c.participants.size());
    for (std::size_t i = 0; i < c.participants.size(); ++i)
        results.push_back(index.find(i, caseIndex));
    const std::map<std::string, UnitFormat::Scale> scales = CaptureTables::captureScales(c);
    for (const Metric &m : CaptureTables::tableMetrics(c)) {
        TableColumn column;
        column.kind = ColumnKind::Value;
        column.name = labelWithStatistic(m);
        column.caseId = k->id;
        column.caseIndex = caseIndex;
        column.metric = c.metric(m.id);
        column.scale = scales.at(m.id);
        t.addValueColumn(std::move(column), results);
    }
    t.rebuildColumns();
    addNotes(t, c, results, true);
    return t;
}

} // namespace bs
