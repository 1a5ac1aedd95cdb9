#include "historytable.h"

#include "difftable.h"

namespace bs {

namespace {

std::string pointText(const HistoryPoint &p, const UnitFormat::Scale &scale)
{
    if (!p.hasValues())
        return "—";
    std::string t = UnitFormat::number(p.value, scale);
    if (p.n > 1)
        t += " " + UnitFormat::range(p.min, p.max, scale);
    return t;
}

std::string stepName(const History &history, const HistoryStep &step)
{
    return HistoryTable::revisionText(history, step.from) + " → " + HistoryTable::revisionText(history, step.to);
}

} // namespace

UnitFormat::Scale HistoryTable::scale(const History &history, const std::vector<const HistorySeries *> &series)
{
    std::vector<double> values;
    for (const HistorySeries *s : series)
        for (const HistoryPoint &p : s->points)
            if (p.hasValues())
                values.insert(values.end(), {p.value, p.min, p.max});
    const Metric *m = series.empty() ? nullptr : history.metric(series.front()->metric);
    return UnitFormat::scaleFor(m ? m->unit : std::string(), values);
}

std::string HistoryTable::metricText(const History &history, const std::string &metricId,
                                     const UnitFormat::Scale &scale)
{
    const Metric *m = history.metric(metricId);
    if (!m)
        return metricId;
    return labelWithStatistic(*m) + " (" + (scale.suffix.empty() ? "" : scale.suffix + ", ") + DiffTable::directionText(*m) + ")";
}

std::string HistoryTable::revisionText(const History &history, std::size_t index)
{
    const std::string &name = history.revisions()[index].revision.name();
    return name.empty() ? "#" + std::to_string(index + 1) : name;
}

const HistoryStep *HistoryTable::stepTo(const HistorySeries &series, std::size_t point)
{
    const HistoryStep *found = nullptr;
    for (const HistoryStep &s : series.steps)
        if (s.to == point && (!found || s.cell))
            found = &s;
    return found;
}

TextTable HistoryTable::changePoints(const History &history, const std::vector<const HistorySeries *> &series)
{
    const ChangePoints::Options &o = history.changePointOptions();
    TextTable t;
    t.title = "Change points";
    t.header = {"Case", "Participant", "Step", "Before", "After", "Δ", "p", "n", "Pooled", "Verdict"};
    t.numeric = {false, false, false, true, true, true, true, true, true, false};
    const UnitFormat::Scale sc = scale(history, series);
    for (const HistorySeries *s : series) {
        for (const HistoryStep &st : s->steps) {
            if (!st.isChangePoint())
                continue;
            const DiffCell &c = *st.cell;
            t.rows.push_back({s->caseLabel, s->participantLabel, stepName(history, st), DiffTable::sideText(c.before, sc),
                              DiffTable::sideText(c.after, sc), DiffTable::deltaText(c.deltaPct), DiffTable::pText(c),
                              DiffTable::nText(c),
                              std::to_string(st.revisionsBefore) + " vs " + std::to_string(st.revisionsAfter),
                              std::string(stepOutcomeSymbol(st.outcome)) + " " + stepOutcomeWord(st.outcome)
                                  + (st.provisional ? " (provisional: needs more revisions to confirm)" : "")});
        }
    }
    t.notes.push_back("Before and after: median [min–max] of the repetitions pooled from the revisions on each "
                      "side of the step (Pooled: how many), up to the next change point and at most "
                      + std::to_string(o.window) + " revisions each side.");
    t.notes.push_back("A step is a change point when, on the pooled repetitions, " + ruleText(o.rule, o.alpha)
                      + ", and |Δ| ≥ " + UnitFormat::plain(o.minChangePct) + "% (docs/history.md).");
    return t;
}

TextTable HistoryTable::points(const History &history, const std::vector<const HistorySeries *> &series)
{
    TextTable t;
    t.title = "Every revision";
    t.header = {"Case", "Participant", "Revision", "Date", "Value", "n", "Step", "Δ", "Why"};
    t.numeric = {false, false, false, false, true, true, false, true, false};
    const UnitFormat::Scale sc = scale(history, series);
    for (const HistorySeries *s : series) {
        for (std::size_t i = 0; i < s->points.size(); ++i) {
            const HistoryPoint &p = s->points[i];
            const HistoryRevision &rev = history.revisions()[i];
            const HistoryStep *st = stepTo(*s, i);
            std::string step, delta, why = p.problem;
            if (st) {
                step = std::string(stepOutcomeSymbol(st->outcome)) + " " + stepOutcomeWord(st->outcome);
                delta = st->cell ? DiffTable::deltaText(st->cell->deltaPct) : "—";
                if (why.empty())
                    why = st->reason;
            }
            t.rows.push_back({s->caseLabel, s->participantLabel, revisionText(history, i),
                              rev.revision.date.empty() ? rev.capturedAt : rev.revision.date, pointText(p, sc),
                              p.hasValues() ? std::to_string(p.n) : "—", step, delta, why});
        }
    }
    t.notes.push_back("Value: the representative repetition's value [min–max] over the repetitions. Step: what the "
                      "step from the previous usable revision establishes, tested on pooled revisions (Why).");
    return t;
}

} // namespace bs
