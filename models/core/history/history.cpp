#include "history.h"

#include "samerun.h"

#include <algorithm>
#include <atomic>
#include <exception>
#include <functional>
#include <mutex>
#include <numeric>
#include <system_error>
#include <thread>
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
    else if (statisticsDiffer(*own, metric))
        p.problem = "statistic differs: " + own->statistic + ", not " + metric.statistic;
    else if (!r->flags.empty())
        p.problem = "flagged: " + (r->reason.empty() ? r->flags.front() : r->reason);
    p.flagged = !r->flags.empty();
    return p;
}

// Calls work(i) for every i < count, the indexes taken in blocks of `block`
// by the machine's cores; each i is done alone, so the result is the same
// on any number. The first exception is rethrown once all have stopped.
void forEachIndex(std::size_t count, std::size_t block, const std::function<void(std::size_t)> &work)
{
    std::atomic<std::size_t> next{0};
    std::exception_ptr failure;
    std::mutex failureMutex;
    auto run = [&] {
        try {
            for (std::size_t from; (from = next.fetch_add(block)) < count;)
                for (std::size_t i = from; i < std::min(count, from + block); ++i)
                    work(i);
        } catch (...) {
            const std::lock_guard<std::mutex> lock(failureMutex);
            failure = std::current_exception();
            next = count;
        }
    };
    const std::size_t blocks = (count + block - 1) / block;
    const std::size_t threads = std::min<std::size_t>({std::max(1u, std::thread::hardware_concurrency()), 8, blocks});
    std::vector<std::thread> pool;
    try {
        for (std::size_t t = 1; t < threads; ++t)
            pool.emplace_back(run);
    } catch (const std::system_error &) {
        // No more threads to be had: this one and those started do the work.
    }
    run();
    for (std::thread &t : pool)
        t.join();
    if (failure)
        std::rethrow_exception(failure);
}

// The segments and steps of every series, the series shared among the
// machine's cores; then their boundaries corrected together.
void findSteps(std::vector<HistorySeries> &series, const ChangePoints::Options &options,
               const std::vector<std::string> &names)
{
    forEachIndex(series.size(), 1, [&](std::size_t i) { ChangePoints::segment(series[i], options); });
    ChangePoints::decide(series, options, names);
}

} // namespace

std::vector<std::size_t> History::undated(const std::vector<const Capture *> &captures)
{
    std::vector<std::size_t> list;
    for (std::size_t i = 0; i < captures.size(); ++i)
        if (captures[i]->revision.date.empty() && captures[i]->capturedAt.empty())
            list.push_back(i);
    return list;
}

std::vector<std::size_t> History::dateOrder(const std::vector<const Capture *> &captures)
{
    std::vector<std::size_t> order(captures.size());
    std::iota(order.begin(), order.end(), 0);
    if (!undated(captures).empty())
        return order;
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
    std::vector<std::size_t> sorted(options.order);
    std::sort(sorted.begin(), sorted.end());
    std::vector<std::size_t> all(captures.size());
    std::iota(all.begin(), all.end(), 0);
    if (!options.order.empty() && sorted != all) {
        error = "the order must name each of the " + std::to_string(captures.size()) + " captures once";
        return std::nullopt;
    }
    History h;
    const SameRun same = SameRun::find(captures);
    h.m_notes = same.notes;
    if (same.kept.size() < 2 && captures.size() > 1) {
        error = "a history needs two or more captures, and these are one run: " + same.notes.front();
        return std::nullopt;
    }
    const std::vector<std::size_t> order = h.orderOf(captures, same.kept, options);
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
        const std::size_t other = std::count_if(ordered.begin(), ordered.end(), [&](const Capture *c) {
            return c->metric(m.id) && statisticsDiffer(*c->metric(m.id), h.m_metrics.back());
        });
        if (other)
            h.m_notes.push_back(h.m_metrics.back().label + ": " + std::to_string(other) + " of "
                                + std::to_string(ordered.size()) + " captures give another statistic than the newest's ("
                                + h.m_metrics.back().statistic + "); their points are left out of its series");
    }

    h.addSeries(ordered);
    std::vector<std::string> names;
    for (std::size_t i = 0; i < h.m_revisions.size(); ++i)
        names.push_back(h.revisionName(i));
    findSteps(h.m_series, options.changePoints, names);
    return h;
}

// The order of the `kept` captures: the user's, else by date; an order no
// date can set is as given, and a note says so.
std::vector<std::size_t> History::orderOf(const std::vector<const Capture *> &captures,
                                          const std::vector<std::size_t> &kept, const Options &options)
{
    std::vector<std::size_t> order;
    for (std::size_t i : options.order)
        if (std::count(kept.begin(), kept.end(), i))
            order.push_back(i);
    if (!order.empty())
        return order;
    std::vector<const Capture *> subset;
    for (std::size_t i : kept)
        subset.push_back(captures[i]);
    for (std::size_t i : dateOrder(subset))
        order.push_back(kept[i]);
    const std::vector<std::size_t> none = undated(subset);
    if (!none.empty()) {
        std::string names;
        for (std::size_t k = 0; k < none.size() && k < 5; ++k)
            names += (k ? ", " : "") + subset[none[k]]->sourcePath;
        if (none.size() > 5)
            names += " and " + std::to_string(none.size() - 5) + " more";
        m_notes.push_back("order unknown: " + std::to_string(none.size()) + " of " + std::to_string(subset.size())
                          + " captures have no date or capture time (" + names + "): ordered " + options.givenAs);
    }
    return order;
}

// A series per metric × case × participant that some revision has a value
// or a result that is not ok for. The points are read revision by
// revision, the revisions shared among the cores (each capture read by one
// thread: its lookups take its lock).
void History::addSeries(const std::vector<const Capture *> &ordered)
{
    struct Key {
        const Metric *metric;
        const CaseInfo *caseInfo;
        const Participant *participant;
    };
    std::vector<Key> keys;
    for (const Metric &m : m_metrics)
        for (const CaseInfo &k : m_cases)
            for (const Participant &p : m_participants)
                keys.push_back({&m, &k, &p});
    std::vector<std::vector<HistoryPoint>> points(keys.size(), std::vector<HistoryPoint>(ordered.size()));
    forEachIndex(ordered.size(), 16, [&](std::size_t r) {
        const Capture &c = *ordered[r];
        for (std::size_t i = 0; i < keys.size(); ++i) {
            const Key &key = keys[i];
            if (c.metric(key.metric->id))
                points[i][r] = pointOf(c, key.participant->id, key.caseInfo->id, *key.metric);
            else
                points[i][r].problem = "no such metric";
        }
    });
    for (std::size_t i = 0; i < keys.size(); ++i) {
        const bool any = std::any_of(points[i].begin(), points[i].end(), [](const HistoryPoint &p) {
            return p.hasValues() || (p.status && *p.status != ResultStatus::Ok);
        });
        if (!any)
            continue;
        HistorySeries s;
        s.points = std::move(points[i]);
        s.identify(*keys[i].participant, *keys[i].caseInfo, keys[i].metric->id);
        s.unit = keys[i].metric->unit;
        s.direction = keys[i].metric->direction;
        m_series.push_back(std::move(s));
    }
}

std::string History::revisionName(std::size_t index) const
{
    const std::string &name = m_revisions[index].revision.name();
    return name.empty() ? "#" + std::to_string(index + 1) : name;
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
