#include "primarymetric.h"

#include <algorithm>
#include <unordered_map>

namespace bs {

namespace {

// Who measured a metric: any result, and how many ok results (anywhere,
// and on their repetitions).
struct Measured {
    bool any = false;
    std::size_t ok = 0, okOnRepetitions = 0;
};

struct Survey {
    std::unordered_map<std::string, Measured> metrics;
    std::size_t ok = 0, okWithRepetitions = 0;

    explicit Survey(const Capture &c)
    {
        for (const Result &r : c.results) {
            const bool ok = r.status == ResultStatus::Ok;
            this->ok += ok;
            okWithRepetitions += ok && !r.repetitions.empty();
            std::unordered_map<std::string, bool> seen; // id → on a repetition
            for (const auto &once : r.once)
                seen.emplace(once.first, false);
            for (const Repetition &rep : r.repetitions)
                for (const auto &value : rep.metrics)
                    seen[value.first] = true;
            for (const auto &[id, onRepetition] : seen) {
                Measured &m = metrics[id];
                m.any = true;
                m.ok += ok;
                m.okOnRepetitions += ok && onRepetition;
            }
        }
    }
    Measured of(const std::string &id) const
    {
        const auto it = metrics.find(id);
        return it == metrics.end() ? Measured{} : it->second;
    }
};

} // namespace

PrimaryMetric::PrimaryMetric(const Capture &capture)
    : m_capture(capture)
{
    const Survey survey(capture);
    const auto add = [this](const Metric *m) {
        if (m && std::find(m_order.begin(), m_order.end(), m) == m_order.end())
            m_order.push_back(m);
    };
    add(capture.metric(declared(capture)));
    if (capture.provenance.conditions.mode == "fixed-rate") {
        add(capture.metric("latency_p99"));
        add(capture.metric("latency_p50"));
    }
    if (survey.ok > 0 && survey.of("size").ok == survey.ok)
        add(capture.metric("size"));
    if (survey.okWithRepetitions > 0 && survey.of("startup_s").okOnRepetitions == survey.okWithRepetitions)
        add(capture.metric("startup_s"));
    for (const Metric &m : capture.metrics)
        if (m.primary)
            add(&m);
    add(capture.metric("wall_time"));
    for (const Metric &m : capture.metrics)
        add(&m);
    for (const Metric *m : m_order)
        if (survey.of(m->id).any) {
            m_primary = m;
            break;
        }
    if (!m_primary && !m_order.empty()) // nothing measured yet: the declared or marked one
        m_primary = capture.primaryMetric();
}

std::string PrimaryMetric::declared(const Capture &capture)
{
    const std::map<std::string, std::string> &extra = capture.provenance.conditions.extra;
    const auto it = extra.find(kDeclared);
    return it == extra.end() ? std::string() : it->second;
}

std::string PrimaryMetric::forResult(const Result &result) const
{
    for (const Metric *m : m_order)
        for (const Repetition &rep : result.repetitions)
            if (rep.metrics.count(m->id))
                return m->id;
    return m_primary ? m_primary->id : std::string();
}

void PrimaryMetric::apply(Capture &capture)
{
    const Metric *chosen = PrimaryMetric(capture).primary();
    for (Metric &m : capture.metrics)
        m.primary = &m == chosen;
}

} // namespace bs
