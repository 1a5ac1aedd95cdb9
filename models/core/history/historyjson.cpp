#include "historyjson.h"

#include <nlohmann/json.hpp>

#include <utility>

namespace bs {

namespace {

using J = nlohmann::ordered_json;

template <typename T>
J orNull(const std::optional<T> &v)
{
    return v ? J(*v) : J(nullptr);
}

J sideJson(const std::optional<DiffSample> &s)
{
    if (!s)
        return nullptr;
    return {{"median", s->median}, {"min", s->min}, {"max", s->max}, {"n", s->n}};
}

J pointJson(const HistoryPoint &p)
{
    const bool v = p.hasValues();
    return {{"status", p.status ? J(statusName(*p.status)) : J(nullptr)},
            {"usable", p.usable()},
            {"problem", p.usable() ? J(nullptr) : J(p.problem)},
            {"flagged", p.flagged},
            {"value", v ? J(p.value) : J(nullptr)},
            {"min", v ? J(p.min) : J(nullptr)},
            {"max", v ? J(p.max) : J(nullptr)},
            {"n", p.n},
            {"values", p.values}};
}

J stepJson(const HistoryStep &s)
{
    J j = {{"from", s.from}, {"to", s.to}, {"outcome", stepOutcomeName(s.outcome)}, {"change_point", s.isChangePoint()},
           {"provisional", s.provisional}, {"reason", s.reason}};
    const std::optional<DiffCell> &c = s.cell;
    j["revisions_before"] = s.revisionsBefore;
    j["revisions_after"] = s.revisionsAfter;
    j["before"] = c ? sideJson(c->before) : J(nullptr);
    j["after"] = c ? sideJson(c->after) : J(nullptr);
    j["delta_pct"] = c ? orNull(c->deltaPct) : J(nullptr);
    j["p"] = c ? orNull(c->p) : J(nullptr);
    j["p_exact"] = c && c->p ? J(c->exactP) : J(nullptr);
    return j;
}

} // namespace

std::string HistoryJson::toJson(const History &history, const std::vector<const HistorySeries *> &series)
{
    const ChangePoints::Options &o = history.changePointOptions();
    J root;
    root["suite"] = {{"id", history.suite().id}, {"title", history.suite().title}};
    root["change_points"] = {{"alpha", o.alpha},
                             {"min_change_pct", o.minChangePct},
                             {"window", o.window},
                             {"confirm_revisions", o.confirmRevisions}};
    root["revisions"] = J::array();
    for (const HistoryRevision &r : history.revisions())
        root["revisions"].push_back({{"path", r.sourcePath},
                                     {"id", r.revision.id},
                                     {"label", r.revision.label},
                                     {"date", r.revision.date},
                                     {"captured_at", r.capturedAt}});
    root["series"] = J::array();
    for (const HistorySeries *s : series) {
        J points = J::array(), steps = J::array();
        for (const HistoryPoint &p : s->points)
            points.push_back(pointJson(p));
        for (const HistoryStep &st : s->steps)
            steps.push_back(stepJson(st));
        root["series"].push_back({{"metric", s->metric},
                                  {"unit", s->unit},
                                  {"better", s->direction == Direction::HigherIsBetter ? "higher" : "lower"},
                                  {"participant", s->participant},
                                  {"case", s->caseId},
                                  {"group", s->caseGroup},
                                  {"points", std::move(points)},
                                  {"steps", std::move(steps)}});
    }
    return root.dump(2);
}

} // namespace bs
