#include "capturetables.h"
#include "conditionlabels.h"
#include "contractsummary.h"

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
    case ResultStatus::Cancelled: return "cancelled";
    }
    return "error";
}

std::string CaptureTables::cellText(const Result *r, const Metric &metric, const UnitFormat::Scale &scale,
                                    bool zeroColumn)
{
    const std::string status = statusText(r);
    if (!status.empty())
        return status;
    auto it = r->summary.find(metric.id);
    if (it == r->summary.end())
        return "n/a";
    const MetricSummary &s = it->second;
    std::string text = (r->flags.empty() ? "" : std::string(kFlagMark) + " ") + UnitFormat::number(s.value, scale);
    const std::string note = zeroColumn ? std::string() : spreadText(s, r->repetitions.size(), scale);
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

// The figures read beside a primary metric of the group (by the runner's
// and the importers' standard ids): throughput and its latency percentiles,
// a command's time and its costs, start-up and what follows it.
const std::vector<std::vector<std::string>> kHeadlineGroups = {
    {"rps", "latency_p50", "latency_p90", "latency_p95", "latency_p99"},
    {"wall_time", "size", "cpu_time_s", "peak_rss"},
    {"startup_s", "first_response_s", "shutdown_s"},
};

} // namespace

std::vector<Metric> CaptureTables::headlineMetrics(const Capture &capture)
{
    const Metric *primary = capture.primaryMetric();
    if (!primary)
        return {};
    // The primary's family (latency p50…p99 together), then its group's
    // other figures, each as the capture lists them.
    const std::string family = metricFamily(*primary);
    std::vector<std::string> group;
    for (const std::vector<std::string> &g : kHeadlineGroups)
        if (std::find(g.begin(), g.end(), primary->id) != g.end())
            group = g;
    std::vector<Metric> headline;
    for (const Metric &m : capture.metrics)
        if (metricFamily(m) == family)
            headline.push_back(m);
    for (const Metric &m : capture.metrics)
        if (metricFamily(m) != family && std::find(group.begin(), group.end(), m.id) != group.end())
            headline.push_back(m);
    return headline;
}

std::vector<Metric> CaptureTables::tableMetrics(const Capture &capture)
{
    std::vector<Metric> metrics = headlineMetrics(capture);
    for (const Metric &m : capture.metrics)
        if (std::none_of(metrics.begin(), metrics.end(), [&](const Metric &h) { return h.id == m.id; }))
            metrics.push_back(m);
    return metrics;
}

std::string CaptureTables::metricFamily(const Metric &metric)
{
    return metric.unit + '\n' + metric.id.substr(0, metric.id.find('_'));
}

std::vector<UnitFormat::Scale> CaptureTables::familyScales(const std::vector<Metric> &metrics,
                                                           const std::vector<std::vector<UnitFormat::Figures>> &figures)
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
        std::vector<double> values;
        std::vector<UnitFormat::Figures> cells;
        for (std::size_t j : *members)
            for (const UnitFormat::Figures &f : figures[j]) {
                values.push_back(f.value);
                cells.push_back(f);
            }
        const UnitFormat::Scale scale = UnitFormat::scaleFor(metrics[members->front()].unit, values, cells);
        for (std::size_t m : *members)
            scales[m] = scale;
    }
    return scales;
}

std::map<std::string, UnitFormat::Scale> CaptureTables::captureScales(const Capture &capture)
{
    std::map<std::string, std::size_t> position;
    for (std::size_t i = 0; i < capture.metrics.size(); ++i)
        position.emplace(capture.metrics[i].id, i);
    std::vector<std::vector<UnitFormat::Figures>> figures(capture.metrics.size());
    for (const Result &r : capture.results)
        if (statusText(&r).empty())
            for (const auto &[id, s] : r.summary)
                if (auto it = position.find(id); it != position.end())
                    figures[it->second].push_back({s.value, s.n > 1 ? s.min : s.value, s.n > 1 ? s.max : s.value});
    const std::vector<UnitFormat::Scale> scales = familyScales(capture.metrics, figures);
    std::map<std::string, UnitFormat::Scale> out;
    for (std::size_t i = 0; i < scales.size(); ++i)
        out.emplace(capture.metrics[i].id, scales[i]);
    return out;
}

std::string CaptureTables::metricTitle(const Metric &metric, const UnitFormat::Scale &scale)
{
    const std::string unit = scale.suffix.empty() ? "" : scale.suffix + ", ";
    return labelWithStatistic(metric) + " (" + unit + (metric.direction == Direction::HigherIsBetter ? "higher" : "lower")
        + " is better)";
}

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
        add(ConditionLabels::label(key), v);
    // The shared contract, passes as well as failures, per participant.
    for (const ContractSummary::Participant &cp : ContractSummary::of(c).participants) {
        const std::string checks = std::to_string(cp.passed + cp.failed) + (cp.passed + cp.failed == 1 ? " check, " : " checks, ");
        add("Contract (" + cp.label + ")",
            checks + (cp.failed ? std::to_string(cp.failed) + " failed, " + std::to_string(cp.passed) + " passed" : "all passed")
                + " (" + ContractSummary::checksText(cp) + ")");
    }
    for (const auto &[key, v] : p.sourceHashes)
        add("Source hash: " + key, v);
    for (const std::string &caveat : p.caveats)
        add("Caveat", caveat);
    for (const std::string &w : c.warnings)
        add("Reader warning", w);
    return t;
}

} // namespace bs
