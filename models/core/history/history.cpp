#include "history.h"

#include <algorithm>
#include <numeric>
#include <unordered_set>

namespace bs {

namespace {

// Items of every capture in order, each id once, the first seen first.
template <typename T>
std::vector<T> unite(const std::vector<const Capture *> &captures, std::vector<T> Capture::*member)
{
    std::vector<T> all;
    std::unordered_set<std::string> seen;
    for (const Capture *c : captures)
        for (const T &t : c->*member)
            if (seen.insert(t.id).second)
                all.push_back(t);
    return all;
}

// "suite-a (a.json, b.json), suite-b (c.json)".
std::string suitesText(const std::vector<const Capture *> &captures)
{
    std::vector<std::pair<std::string, std::string>> suites;
    for (const Capture *c : captures) {
        auto it = std::find_if(suites.begin(), suites.end(), [&](const auto &s) { return s.first == c->suite.id; });
        if (it == suites.end())
            suites.push_back({c->suite.id, c->sourcePath});
        else
            it->second += ", " + c->sourcePath;
    }
    std::string text;
    for (const auto &[id, files] : suites)
        text += (text.empty() ? "" : ", ") + id + " (" + files + ")";
    return text;
}

void setValues(HistoryPoint &p, const Result &r, const std::string &metric)
{
    if (auto it = r.once.find(metric); it != r.once.end()) {
        p.values.push_back(it->second);
    } else {
        for (const Repetition &rep : r.repetitions)
            if (auto m = rep.metrics.find(metric); m != rep.metrics.end())
                p.values.push_back(m->second);
    }
    if (p.values.empty())
        return;
    p.n = p.values.size();
    p.min = *std::min_element(p.values.begin(), p.values.end());
    p.max = *std::max_element(p.values.begin(), p.values.end());
    auto s = r.summary.find(metric);
    p.value = s != r.summary.end() ? s->second.value : p.values.front();
}

HistoryPoint pointOf(const Capture &c, const std::string &participant, const std::string &caseId,
                     const Metric &metric)
{
    HistoryPoint p;
    const Result *r = c.result(participant, caseId);
    if (!r) {
        p.problem = "no result";
        return p;
    }
    p.status = r->status;
    if (r->status != ResultStatus::Ok) {
        p.problem = statusName(r->status);
        std::replace(p.problem.begin(), p.problem.end(), '-', ' ');
        if (!r->reason.empty())
            p.problem += " (" + r->reason + ")";
        return p;
    }
    setValues(p, *r, metric.id);
    const Metric *own = c.metric(metric.id);
    if (p.values.empty())
        p.problem = "no values of this metric";
    else if (own->unit != metric.unit)
        p.problem = "unit differs: " + own->unit + ", not " + metric.unit;
    else if (!r->flags.empty())
        p.problem = "flagged: " + (r->reason.empty() ? r->flags.front() : r->reason);
    p.flagged = !r->flags.empty();
    return p;
}

} // namespace

std::vector<std::size_t> History::dateOrder(const std::vector<const Capture *> &captures)
{
    std::vector<std::size_t> order(captures.size());
    std::iota(order.begin(), order.end(), 0);
    auto date = [&](std::size_t i) -> const std::string & {
        const Capture &c = *captures[i];
        return c.revision.date.empty() ? c.capturedAt : c.revision.date;
    };
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
        if (date(a) != date(b))
            return date(a) < date(b);
        return captures[a]->capturedAt < captures[b]->capturedAt;
    });
    return order;
}

std::optional<History> History::build(const std::vector<const Capture *> &captures, const Options &options,
                                      std::string &error)
{
    if (captures.empty()) {
        error = "no captures";
        return std::nullopt;
    }
    for (const Capture *c : captures) {
        if (c->suite.id != captures.front()->suite.id) {
            error = "captures of different suites: " + suitesText(captures);
            return std::nullopt;
        }
    }
    std::vector<std::size_t> order = options.order.empty() ? dateOrder(captures) : options.order;
    std::vector<std::size_t> sorted(order);
    std::sort(sorted.begin(), sorted.end());
    std::vector<std::size_t> all(captures.size());
    std::iota(all.begin(), all.end(), 0);
    if (sorted != all) {
        error = "the order must name each of the " + std::to_string(captures.size()) + " captures once";
        return std::nullopt;
    }

    History h;
    std::vector<const Capture *> ordered;
    for (std::size_t i : order) {
        ordered.push_back(captures[i]);
        h.m_revisions.push_back({i, captures[i]->revision, captures[i]->capturedAt, captures[i]->sourcePath});
    }
    h.m_suite = ordered.back()->suite;
    h.m_changePoints = options.changePoints;
    h.m_participants = unite(ordered, &Capture::participants);
    h.m_cases = unite(ordered, &Capture::cases);
    for (const Metric &m : unite(ordered, &Capture::metrics)) {
        if (!options.metrics.empty() && !std::count(options.metrics.begin(), options.metrics.end(), m.id))
            continue;
        auto newest = std::find_if(ordered.rbegin(), ordered.rend(), [&](const Capture *c) { return c->metric(m.id); });
        h.m_metrics.push_back(*(*newest)->metric(m.id));
    }

    for (const Metric &m : h.m_metrics)
        for (const CaseInfo &k : h.m_cases)
            for (const Participant &p : h.m_participants)
                h.addSeries(ordered, m, p, k, options.changePoints);
    return h;
}

void History::addSeries(const std::vector<const Capture *> &ordered, const Metric &metric,
                        const Participant &participant, const CaseInfo &caseInfo,
                        const ChangePoints::Options &options)
{
    HistorySeries s;
    bool any = false; // a value, or a result that is not ok, in some revision
    for (const Capture *c : ordered) {
        HistoryPoint p;
        if (c->metric(metric.id))
            p = pointOf(*c, participant.id, caseInfo.id, metric);
        else
            p.problem = "no such metric";
        any = any || p.hasValues() || (p.status && *p.status != ResultStatus::Ok);
        s.points.push_back(std::move(p));
    }
    if (!any)
        return;
    s.identify(participant, caseInfo, metric.id);
    s.unit = metric.unit;
    s.direction = metric.direction;
    s.steps = ChangePoints::find(s.points, metric.direction, options);
    m_series.push_back(std::move(s));
}

const Metric *History::metric(const std::string &id) const
{
    for (const Metric &m : m_metrics)
        if (m.id == id)
            return &m;
    return nullptr;
}

std::vector<const HistorySeries *> History::seriesOf(const std::string &metricId) const
{
    std::vector<const HistorySeries *> list;
    for (const HistorySeries &s : m_series)
        if (s.metric == metricId)
            list.push_back(&s);
    return list;
}

const HistorySeries *History::find(const std::string &metricId, const std::string &participant,
                                   const std::string &caseId) const
{
    for (const HistorySeries &s : m_series)
        if (s.metric == metricId && s.participant == participant && s.caseId == caseId)
            return &s;
    return nullptr;
}

} // namespace bs
