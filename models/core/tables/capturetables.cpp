#include "capturetables.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>
#include <unordered_map>

namespace bs {

std::string CaptureTables::statusText(const Result *r)
{
    if (!r)
        return "missing";
    switch (r->status) {
    // A summary read without its raw file has stored summaries and no repetitions.
    case ResultStatus::Ok: return r->repetitions.empty() && r->once.empty() && r->summary.empty() ? "missing" : "";
    case ResultStatus::Unsupported: return "—";
    case ResultStatus::Missing: return "missing";
    case ResultStatus::ContractFailed: return "contract failed";
    case ResultStatus::Error: return "error";
    }
    return "error";
}

std::string CaptureTables::cellText(const Result *r, const Metric &metric, const UnitFormat::Scale &scale)
{
    const std::string status = statusText(r);
    if (!status.empty())
        return status;
    auto it = r->summary.find(metric.id);
    if (it == r->summary.end())
        return "n/a";
    const MetricSummary &s = it->second;
    std::string text = (r->flags.empty() ? "" : std::string(kFlagMark) + " ") + UnitFormat::number(s.value, scale);
    const std::string note = spreadText(s, r->repetitions.size(), scale);
    return note.empty() ? text : text + " " + note;
}

std::string CaptureTables::spreadText(const MetricSummary &s, std::size_t repetitions, const UnitFormat::Scale &scale)
{
    if (s.once)
        return repetitions > 1 ? "(once)" : "";
    if (s.zeroSpread())
        return "[all " + std::to_string(s.n) + " equal]";
    return s.n > 1 ? UnitFormat::range(s.min, s.max, scale) : std::string();
}

std::string CaptureTables::nText(const Result &r)
{
    return r.repetitions.empty() && !r.once.empty() ? "once" : std::to_string(r.repetitions.size());
}

namespace {

std::vector<double> representativeValues(const Metric &metric, const std::vector<const Result *> &results)
{
    std::vector<double> values;
    for (const Result *r : results)
        if (r && r->status == ResultStatus::Ok)
            if (auto it = r->summary.find(metric.id); it != r->summary.end())
                values.push_back(it->second.value);
    return values;
}

} // namespace

UnitFormat::Scale CaptureTables::columnScale(const Metric &metric, const std::vector<const Result *> &results)
{
    return UnitFormat::scaleFor(metric.unit, representativeValues(metric, results));
}

std::vector<Metric> CaptureTables::tableMetrics(const Capture &capture)
{
    std::vector<Metric> metrics = capture.metrics;
    std::stable_partition(metrics.begin(), metrics.end(), [](const Metric &m) { return m.primary; });
    return metrics;
}

std::string CaptureTables::metricFamily(const Metric &metric)
{
    return metric.unit + '\n' + metric.id.substr(0, metric.id.find('_'));
}

std::vector<UnitFormat::Scale> CaptureTables::metricScales(const std::vector<Metric> &metrics,
                                                           const std::vector<const Result *> &results)
{
    std::vector<std::vector<double>> values;
    for (const Metric &m : metrics)
        values.push_back(representativeValues(m, results));
    return familyScales(metrics, values);
}

std::vector<UnitFormat::Scale> CaptureTables::caseScales(const Capture &capture, const std::string &caseId)
{
    std::vector<const Result *> column;
    for (const Participant &p : capture.participants)
        column.push_back(capture.result(p.id, caseId));
    return metricScales(tableMetrics(capture), column);
}

std::vector<UnitFormat::Scale> CaptureTables::familyScales(const std::vector<Metric> &metrics,
                                                           const std::vector<std::vector<double>> &values)
{
    std::map<std::string, std::vector<std::size_t>> families; // family → its metrics, in order
    std::vector<const std::vector<std::size_t> *> order;     // families, first seen first
    for (std::size_t i = 0; i < metrics.size(); ++i) {
        auto [it, added] = families.try_emplace(metricFamily(metrics[i]));
        if (added)
            order.push_back(&it->second);
        it->second.push_back(i);
    }
    std::vector<UnitFormat::Scale> scales(metrics.size());
    for (const std::vector<std::size_t> *members : order) {
        std::vector<std::vector<double>> columns;
        for (std::size_t j : *members)
            columns.push_back(values[j]);
        const std::vector<UnitFormat::Scale> familyScales = UnitFormat::familyScales(metrics[members->front()].unit, columns);
        for (std::size_t m = 0; m < members->size(); ++m)
            scales[(*members)[m]] = familyScales[m];
    }
    return scales;
}

std::vector<UnitFormat::Scale> CaptureTables::columnScales(const Metric &metric,
                                                           const std::vector<std::vector<const Result *>> &columns)
{
    std::vector<std::vector<double>> values;
    for (const std::vector<const Result *> &results : columns)
        values.push_back(representativeValues(metric, results));
    return UnitFormat::familyScales(metric.unit, values);
}

std::string CaptureTables::metricTitle(const Metric &metric)
{
    std::string unit = metric.unit == "count" ? "" : metric.unit + ", ";
    return metric.label + " (" + unit + (metric.direction == Direction::HigherIsBetter ? "higher" : "lower")
        + " is better)";
}

namespace {

std::string join(const std::vector<std::string> &words)
{
    std::string out;
    for (const std::string &w : words)
        out += (out.empty() ? "" : ", ") + w;
    return out;
}

std::string header(const std::string &name, const UnitFormat::Scale &scale)
{
    return scale.suffix.empty() ? name : name + " (" + scale.suffix + ")";
}

// Notes shared by the tables: what the brackets are, where rows come from.
void addNotes(TextTable &t, const Capture &c, const std::vector<const Result *> &shown)
{
    bool anyRange = false, anySingle = false, anyOnce = false, anyEqual = false, anyEqualDeclared = false;
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
        t.notes.push_back("Each row comes from one repetition, the one with the median "
                          + (c.primaryMetric() ? c.primaryMetric()->label : std::string("primary metric"))
                          + "; brackets are the [min–max] range across all repetitions, not confidence intervals.");
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

std::vector<CaseInfo> CaptureTables::measuredCases(const Capture &c, const std::string &metricId)
{
    struct Seen {
        bool measured = false, anyResult = false, anyOk = false;
    };
    std::unordered_map<std::string, Seen> seen; // by case: one pass over the results
    for (const Result &r : c.results) {
        Seen &s = seen[r.caseId];
        s.anyResult = true;
        s.anyOk = s.anyOk || r.status == ResultStatus::Ok;
        s.measured = s.measured || r.once.count(metricId);
        for (const Repetition &rep : r.repetitions)
            s.measured = s.measured || rep.metrics.count(metricId);
    }
    std::vector<CaseInfo> out;
    for (const CaseInfo &k : c.cases) {
        const auto it = seen.find(k.id);
        // A case nobody could run still shows (as dashes); a case that
        // measures other things (cold start beside req/s) does not.
        if (it == seen.end() || it->second.measured || !it->second.anyOk)
            out.push_back(k);
    }
    return out;
}

TextTable CaptureTables::allCases(const Capture &c, const std::string &metricId)
{
    TextTable t;
    const Metric *metric = metricId.empty() ? c.primaryMetric() : c.metric(metricId);
    if (!metric)
        return t;
    t.title = metricTitle(*metric);
    t.header.push_back("Participant");
    t.numeric.push_back(false);
    const std::vector<CaseInfo> cases = measuredCases(c, metric->id);
    std::vector<const CaseInfo *> columns;
    std::vector<std::vector<const Result *>> results;
    std::vector<const Result *> shown;
    for (const CaseInfo &k : cases) {
        std::vector<const Result *> column;
        for (const Participant &p : c.participants)
            column.push_back(c.result(p.id, k.id));
        results.push_back(std::move(column));
        columns.push_back(&k);
    }
    const std::vector<UnitFormat::Scale> scales = columnScales(*metric, results);
    for (std::size_t i = 0; i < columns.size(); ++i) {
        t.header.push_back(header(columns[i]->label, scales[i]));
        t.numeric.push_back(true);
    }
    for (const Participant &p : c.participants) {
        std::vector<std::string> row{p.label + (p.baseline ? " (baseline)" : "")};
        for (std::size_t i = 0; i < columns.size(); ++i) {
            const Result *r = c.result(p.id, columns[i]->id);
            shown.push_back(r);
            row.push_back(cellText(r, *metric, scales[i]));
        }
        t.rows.push_back(row);
    }
    addNotes(t, c, shown);
    return t;
}

TextTable CaptureTables::caseTable(const Capture &c, const std::string &caseId)
{
    TextTable t;
    const CaseInfo *k = c.caseInfo(caseId);
    if (!k)
        return t;
    t.title = k->label + (k->group.empty() ? "" : " · " + k->group);
    t.header = {"Participant"};
    t.numeric = {false};
    std::vector<const Result *> column;
    for (const Participant &p : c.participants)
        column.push_back(c.result(p.id, k->id));
    const std::vector<Metric> metrics = tableMetrics(c);
    const std::vector<UnitFormat::Scale> scales = caseScales(c, k->id);
    for (std::size_t m = 0; m < metrics.size(); ++m) {
        t.header.push_back(header(metrics[m].label, scales[m]));
        t.numeric.push_back(true);
    }
    t.header.push_back("n");
    t.numeric.push_back(true);
    for (std::size_t i = 0; i < c.participants.size(); ++i) {
        const Participant &p = c.participants[i];
        std::vector<std::string> row{p.label + (p.baseline ? " (baseline)" : "")};
        for (std::size_t m = 0; m < metrics.size(); ++m)
            row.push_back(cellText(column[i], metrics[m], scales[m]));
        row.push_back(column[i] && column[i]->status == ResultStatus::Ok ? nText(*column[i]) : "");
        t.rows.push_back(row);
    }
    addNotes(t, c, column);
    return t;
}

TextTable CaptureTables::provenance(const Capture &c)
{
    TextTable t;
    t.title = "Provenance";
    t.header = {"Field", "Value"};
    t.numeric = {false, false};
    auto add = [&](const std::string &k, const std::string &v) {
        if (!v.empty())
            t.rows.push_back({k, v});
    };
    const Provenance &p = c.provenance;
    add("Suite", c.suite.title.empty() ? c.suite.id : c.suite.title + " (" + c.suite.id + ")");
    std::string rev = c.revision.label;
    if (!c.revision.id.empty())
        rev += (rev.empty() ? "" : " ") + std::string("(") + c.revision.id + ")";
    if (!c.revision.date.empty())
        rev += (rev.empty() ? "" : ", ") + c.revision.date;
    add("Revision", rev);
    add("Captured", c.capturedAt);
    add("Source", p.source);
    std::string machine = p.machine.cpu;
    if (p.machine.cores)
        machine += (machine.empty() ? "" : ", ") + std::to_string(p.machine.cores) + " cores";
    if (p.machine.memoryBytes > 0)
        machine += (machine.empty() ? "" : ", ") + UnitFormat::withUnit(p.machine.memoryBytes, "B");
    add("Machine", machine);
    add("OS", p.machine.os);
    add("Host", p.machine.hostname);
    for (const ToolVersion &tool : p.tools)
        add(tool.role.empty() ? "Tool" : "Tool (" + tool.role + ")",
            tool.name + (tool.version.empty() ? "" : " " + tool.version));
    const Conditions &k = p.conditions;
    add("Mode", k.mode);
    if (k.connections)
        add("Connections", std::to_string(*k.connections));
    if (k.warmupSeconds)
        add("Warm-up", UnitFormat::withUnit(*k.warmupSeconds, "s"));
    if (k.durationSeconds)
        add("Duration", UnitFormat::withUnit(*k.durationSeconds, "s"));
    if (k.rate)
        add("Offered rate", UnitFormat::plain(*k.rate) + " req/s");
    if (k.repetitions)
        add("Repetitions", std::to_string(*k.repetitions));
    add("Run order", k.runOrder);
    add("Server CPUs", k.cpuSetServer);
    add("Client CPUs", k.cpuSetClient);
    if (k.latencyCorrected)
        add("Latency", *k.latencyCorrected ? "coordinated-omission corrected"
                                           : "not coordinated-omission corrected (closed loop)");
    else if (k.mode == "saturation" || k.mode == "fixed-rate")
        add("Latency", "coordinated-omission correction not stated");
    for (const auto &[key, v] : k.extra)
        add(key, v);
    for (const auto &[key, v] : p.sourceHashes)
        add("Source hash: " + key, v);
    for (const std::string &caveat : p.caveats)
        add("Caveat", caveat);
    for (const std::string &w : c.warnings)
        add("Reader warning", w);
    return t;
}

} // namespace bs
