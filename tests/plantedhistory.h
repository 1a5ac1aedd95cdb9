#pragma once

// Planted histories for the tests, generated with a fixed seed: one
// capture per revision of one participant, a case per series, each run
// lognormal around the series' level, planted steps and outlier runs.
#include "history.h"
#include "summarizer.h"

#include <QtGlobal>

#include <cmath>
#include <memory>
#include <optional>
#include <random>
#include <string>
#include <vector>

namespace planted {

// Normal deviates from mt19937 by Box–Muller: the same numbers with every
// standard library (std::normal_distribution's are not specified).
class Noise {
public:
    explicit Noise(unsigned seed)
        : m_rng(seed)
    {
    }
    double uniform() { return (double(m_rng()) + 0.5) / 4294967296.0; }
    double normal() { return std::sqrt(-2 * std::log(uniform())) * std::cos(6.283185307179586 * uniform()); }

private:
    std::mt19937 m_rng;
};

// A planted step: series `series` is `factor` times slower from revision `at` on.
struct Step {
    std::size_t series;
    std::size_t at;
    double factor;
};

// Outlier runs put together: the first `runs` runs of each of the
// revisions [first, first + revisions) of case `series` are ×1.5, and
// only those (a minority of each revision's runs, as `runs` < half).
struct OutlierCluster {
    std::size_t series;
    std::size_t first;
    std::size_t revisions;
    std::size_t runs;
};

struct Plan {
    std::size_t revisions = 300;
    std::string participantLabel = "p"; // as a file may name it
    std::string revisionLabel;           // every revision's, when set (else none: "r1", "r2" ...)
    bool dated = true;                   // false: no capture time, the order given
    std::size_t series = 24;
    std::size_t runs = 5;
    std::vector<double> cv;  // per series: the runs' coefficient of variation
    double outlierShare = 0; // of runs that are ×1.5
    std::vector<Step> steps;
    std::vector<OutlierCluster> clusters;
};

inline bool inCluster(const Plan &plan, std::size_t series, std::size_t revision, std::size_t run)
{
    for (const OutlierCluster &c : plan.clusters)
        if (c.series == series && revision >= c.first && revision < c.first + c.revisions && run < c.runs)
            return true;
    return false;
}

// One capture per revision, a case per series, each run lognormal around
// the series' level at that revision.
inline std::vector<std::shared_ptr<bs::Capture>> captures(const Plan &plan, unsigned seed)
{
    std::vector<std::shared_ptr<bs::Capture>> list;
    Noise noise(seed);
    for (std::size_t r = 0; r < plan.revisions; ++r) {
        auto c = std::make_shared<bs::Capture>();
        c->suite = {"planted", "Planted steps"};
        const std::string n = std::to_string(r + 1);
        c->revision = {"r" + n, plan.revisionLabel, ""};
        c->capturedAt = plan.dated ? "2026-01-01T00:00:00Z" : ""; // one time: the order given
        c->sourcePath = "r" + n + ".json";
        c->metrics = {{"wall", "Wall time", "s", bs::Direction::LowerIsBetter, true, ""}};
        c->participants = {{"p", plan.participantLabel, "", "", false, {}}};
        for (std::size_t s = 0; s < plan.series; ++s) {
            const std::string id = "c" + std::to_string(s);
            c->cases.push_back({id, id, "", ""});
            double level = 0.01 * double(s + 1);
            for (const Step &st : plan.steps)
                if (st.series == s && r >= st.at)
                    level *= st.factor;
            bs::Result res;
            res.participant = "p";
            res.caseId = id;
            res.status = bs::ResultStatus::Ok;
            const double cv = plan.cv[s % plan.cv.size()];
            for (std::size_t k = 0; k < plan.runs; ++k) {
                double v = level * std::exp(cv * noise.normal());
                const bool drawn = noise.uniform() < plan.outlierShare;
                if (inCluster(plan, s, r, 0) ? inCluster(plan, s, r, k) : drawn)
                    v *= 1.5;
                res.repetitions.emplace_back();
                res.repetitions.back().metrics["wall"] = v;
            }
            c->results.push_back(std::move(res));
        }
        bs::Summarizer::summarize(*c);
        list.push_back(std::move(c));
    }
    return list;
}

// The history of captures(plan, seed), in their order.
class Planted {
public:
    Planted(const Plan &plan, unsigned seed)
        : m_captures(captures(plan, seed))
    {
        std::vector<const bs::Capture *> list;
        std::vector<std::size_t> order;
        for (const auto &c : m_captures) {
            order.push_back(list.size());
            list.push_back(c.get());
        }
        bs::History::Options options;
        options.order = order;
        std::string error;
        auto h = bs::History::build(list, options, error);
        if (!h)
            qFatal("history: %s", error.c_str());
        history = std::move(*h);
    }

    // The change points of case `s`: the revision each starts at.
    std::vector<std::size_t> found(std::size_t s) const
    {
        std::vector<std::size_t> at;
        const bs::HistorySeries *series = history->find("wall", "p", "c" + std::to_string(s));
        for (const bs::HistoryStep &st : series->steps)
            if (st.isChangePoint()) {
                at.push_back(st.to);
                if (qEnvironmentVariableIsSet("CP_DEBUG"))
                    qInfo("c%zu: %s", s, st.reason.c_str());
            }
        return at;
    }

    std::optional<bs::History> history;

private:
    std::vector<std::shared_ptr<bs::Capture>> m_captures;
};

std::size_t changePointCount(const bs::History &h)
{
    std::size_t n = 0;
    for (const bs::HistorySeries &s : h.series())
        for (const bs::HistoryStep &st : s.steps)
            n += st.isChangePoint() ? 1 : 0;
    return n;
}

} // namespace planted
