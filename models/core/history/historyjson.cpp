#include "historyjson.h"

#include "jsonstream.h"

namespace bs {

namespace {

void sideJson(JsonStream &j, const std::optional<DiffSample> &s)
{
    if (!s) {
        j.value(nullptr);
        return;
    }
    j.beginObject();
    j.key("median").value(s->median);
    j.key("min").value(s->min);
    j.key("max").value(s->max);
    j.key("n").value(s->n);
    j.endObject();
}

void pointJson(JsonStream &j, const HistoryPoint &p)
{
    const bool v = p.hasValues();
    j.beginObject();
    j.key("status");
    if (p.status)
        j.value(statusName(*p.status));
    else
        j.value(nullptr);
    j.key("usable").value(p.usable());
    j.key("problem");
    if (p.usable())
        j.value(nullptr);
    else
        j.value(p.problem);
    j.key("flagged").value(p.flagged);
    j.key("value").value(v ? std::optional<double>(p.value) : std::nullopt);
    j.key("min").value(v ? std::optional<double>(p.min) : std::nullopt);
    j.key("max").value(v ? std::optional<double>(p.max) : std::nullopt);
    j.key("n").value(p.n);
    j.key("values").values(p.values);
    j.endObject();
}

void stepJson(JsonStream &j, const HistoryStep &s)
{
    const std::optional<DiffCell> &c = s.cell;
    j.beginObject();
    j.key("from").value(s.from);
    j.key("to").value(s.to);
    j.key("outcome").value(stepOutcomeName(s.outcome));
    j.key("change_point").value(s.isChangePoint());
    j.key("provisional").value(s.provisional);
    j.key("reason").value(s.reason);
    j.key("revisions_before").value(s.revisionsBefore);
    j.key("revisions_after").value(s.revisionsAfter);
    j.key("before");
    sideJson(j, c ? c->before : std::nullopt);
    j.key("after");
    sideJson(j, c ? c->after : std::nullopt);
    j.key("delta_pct").value(c ? c->deltaPct : std::nullopt);
    j.key("p").value(c ? c->p : std::nullopt);
    j.key("p_exact").value(c && c->p ? std::optional<bool>(c->exactP) : std::nullopt);
    j.key("p_adjusted").value(s.pAdjusted);
    const std::optional<HistoryShift> &h = s.shift;
    j.key("shift_pct").value(h ? std::optional<double>(h->pct) : std::nullopt);
    j.key("shift_low_pct").value(h ? std::optional<double>(h->lowPct) : std::nullopt);
    j.key("shift_high_pct").value(h ? std::optional<double>(h->highPct) : std::nullopt);
    j.endObject();
}

void seriesJson(JsonStream &j, const HistorySeries &s)
{
    j.beginObject();
    j.key("metric").value(s.metric);
    j.key("unit").value(s.unit);
    j.key("better").value(s.direction == Direction::HigherIsBetter ? "higher" : "lower");
    j.key("participant").value(s.participant);
    j.key("case").value(s.caseId);
    j.key("group").value(s.caseGroup);
    j.key("points").beginArray();
    for (const HistoryPoint &p : s.points)
        pointJson(j, p);
    j.endArray();
    j.key("steps").beginArray();
    for (const HistoryStep &st : s.steps)
        stepJson(j, st);
    j.endArray();
    j.key("segments").beginArray();
    for (const HistorySegment &g : s.segments) {
        j.beginObject();
        j.key("first").value(g.first);
        j.key("last").value(g.last);
        j.key("revisions").value(g.revisions);
        j.key("level").value(g.level);
        j.key("low").value(g.low);
        j.key("high").value(g.high);
        j.endObject();
    }
    j.endArray();
    j.endObject();
}

} // namespace

void HistoryJson::write(std::ostream &out, const History &history, const std::vector<const HistorySeries *> &series)
{
    const ChangePoints::Options &o = history.changePointOptions();
    JsonStream j(out);
    j.beginObject();
    j.key("suite").beginObject();
    j.key("id").value(history.suite().id);
    j.key("title").value(history.suite().title);
    j.endObject();
    j.key("change_points").beginObject();
    j.key("method").value("pelt-bh");
    j.key("alpha").value(o.alpha);
    j.key("min_change_pct").value(o.minChangePct);
    j.key("window").value(o.window);
    j.key("confirm_revisions").value(o.confirmRevisions);
    j.key("penalty_factor").value(o.penaltyFactor);
    j.key("confidence").value(o.confidence);
    j.endObject();
    j.key("revisions").beginArray();
    for (const HistoryRevision &r : history.revisions()) {
        j.beginObject();
        j.key("path").value(r.sourcePath);
        j.key("id").value(r.revision.id);
        j.key("label").value(r.revision.label);
        j.key("date").value(r.revision.date);
        j.key("captured_at").value(r.capturedAt);
        j.endObject();
    }
    j.endArray();
    j.key("notes").beginArray();
    for (const std::string &note : history.notes())
        j.value(note);
    j.endArray();
    j.key("series").beginArray();
    for (const HistorySeries *s : series)
        seriesJson(j, *s);
    j.endArray();
    j.endObject();
}

} // namespace bs
