#include "chartworth.h"

#include "capturetables.h"

#include <algorithm>
#include <tuple>

namespace {

// The figures of a result that has the metric (its status ok).
const bs::MetricSummary *figures(const bs::Result &r, const std::string &metricId)
{
    if (!bs::CaptureTables::statusText(&r).empty())
        return nullptr;
    const auto it = r.summary.find(metricId);
    return it == r.summary.end() ? nullptr : &it->second;
}

std::string joined(const std::vector<std::string> &items)
{
    std::string out;
    for (std::size_t i = 0; i < items.size(); ++i)
        out += (i == 0 ? "" : i + 1 == items.size() ? " and " : ", ") + items[i];
    return out;
}

} // namespace

ChartWorth::ChartWorth(const bs::Capture &capture)
    : m_capture(capture)
{
    for (const bs::Metric &m : capture.metrics) {
        Metric entry{m.id, m.label, Verdict::Says, false, {}, {}};
        for (const bs::CaseInfo &k : capture.cases)
            for (const bs::Result &r : capture.results)
                if (r.caseId == k.id && figures(r, m.id)) {
                    entry.cases.push_back(k.id);
                    entry.once |= r.once.count(m.id) > 0;
                    break;
                }
        if (zeroEverywhere(capture, m.id))
            entry.verdict = Verdict::Zero;
        else if (sameInEveryCase(capture, m.id))
            entry.verdict = Verdict::Same;
        else
            for (const std::string &k : entry.cases)
                if (zeroEverywhere(capture, m.id, k))
                    entry.zeroCases.push_back(k);
        m_metrics.push_back(std::move(entry));
    }
}

bool ChartWorth::zeroEverywhere(const bs::Capture &capture, const std::string &metricId, const std::string &caseId)
{
    bool any = false;
    for (const bs::Result &r : capture.results) {
        const bs::MetricSummary *s = caseId.empty() || r.caseId == caseId ? figures(r, metricId) : nullptr;
        if (!s)
            continue;
        if (s->value != 0 || s->min != 0 || s->max != 0)
            return false;
        any = true;
    }
    return any;
}

bool ChartWorth::sameInEveryCase(const bs::Capture &capture, const std::string &metricId)
{
    std::size_t cases = 0;
    for (const bs::CaseInfo &k : capture.cases)
        for (const bs::Result &r : capture.results)
            if (r.caseId == k.id && figures(r, metricId)) {
                ++cases;
                break;
            }
    if (cases < 2)
        return false;
    for (const bs::Participant &p : capture.participants) {
        const bs::MetricSummary *first = nullptr;
        for (const bs::Result &r : capture.results) {
            const bs::MetricSummary *s = r.participant == p.id ? figures(r, metricId) : nullptr;
            if (!s)
                continue;
            if (!first)
                first = s;
            else if (std::tie(s->value, s->min, s->max, s->n) != std::tie(first->value, first->min, first->max, first->n))
                return false;
        }
    }
    return true;
}

const ChartWorth::Metric *ChartWorth::find(const std::string &metricId) const
{
    for (const Metric &m : m_metrics)
        if (m.id == metricId)
            return &m;
    return nullptr;
}

bool ChartWorth::barsSaySomething(const std::string &metricId) const
{
    const Metric *m = find(metricId);
    return !m || m->verdict == Verdict::Says;
}

bool ChartWorth::caseChartSaysSomething(const std::string &metricId, const std::string &caseId) const
{
    const Metric *m = find(metricId);
    if (!m)
        return true;
    switch (m->verdict) {
    case Verdict::Zero: return false;
    case Verdict::Same: return !m->cases.empty() && m->cases.front() == caseId; // charted once, in its first case
    case Verdict::Says: return std::find(m->zeroCases.begin(), m->zeroCases.end(), caseId) == m->zeroCases.end();
    }
    return true;
}

std::vector<std::string> ChartWorth::lines(const std::vector<std::string> &charted) const
{
    auto label = [this](const std::string &caseId) {
        const bs::CaseInfo *k = m_capture.caseInfo(caseId);
        return k ? k->label : caseId;
    };
    std::vector<std::string> out;
    for (const Metric &m : m_metrics) {
        if (m.cases.empty() || std::find(charted.begin(), charted.end(), m.id) == charted.end())
            continue;
        switch (m.verdict) {
        case Verdict::Zero:
            out.push_back(m.label + ": zero in every result; no chart of it (its figures are in the tables).");
            break;
        case Verdict::Same:
            out.push_back(m.label + ": the same figures in every case" + (m.once ? " (measured once per participant)" : "")
                          + "; charted once, in " + label(m.cases.front()) + ", with no bars across cases and no chart in the "
                          + std::to_string(m.cases.size() - 1) + (m.cases.size() == 2 ? " other case." : " other cases."));
            break;
        case Verdict::Says:
            if (!m.zeroCases.empty()) {
                std::vector<std::string> names;
                for (const std::string &k : m.zeroCases)
                    names.push_back(label(k));
                out.push_back(m.label + ": zero for every participant in " + joined(names) + "; no chart of it there.");
            }
            break;
        }
    }
    return out;
}
