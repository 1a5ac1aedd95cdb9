#include "historytable.h"

#include "capturediff.h"
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

std::string seriesText(const HistorySeries &s)
{
    return s.participantLabel + " × " + s.caseLabel;
}

} // namespace

std::string HistoryTable::span(const History &history)
{
    const std::size_t n = history.revisions().size();
    auto named = [&](std::size_t i) {
        const HistoryRevision &r = history.revisions()[i];
        const std::string &date = r.revision.date.empty() ? r.capturedAt : r.revision.date;
        return revisionText(history, i) + (date.empty() ? "" : " (" + date + ")");
    };
    if (n == 0)
        return "no revisions";
    return std::to_string(n) + (n == 1 ? " revision, " + named(0) : " revisions, " + named(0) + " to " + named(n - 1));
}

std::string HistoryTable::noChangePoint(const History &history, const std::vector<const HistorySeries *> &series)
{
    const ChangePoints::Options &o = history.changePointOptions();
    return "No change point in " + std::to_string(series.size()) + " series: no segment boundary is a change of at least "
        + UnitFormat::plain(o.minChangePct) + "% with p <= " + UnitFormat::plain(o.alpha) + " after the correction";
}

std::vector<std::string> HistoryTable::changePointList(const History &history,
                                                       const std::vector<const HistorySeries *> &series)
{
    std::vector<std::string> lines;
    for (const HistorySeries *s : series)
        for (const HistoryStep &st : s->steps)
            if (st.isChangePoint())
                lines.push_back(seriesText(*s) + ": " + stepOutcomeSymbol(st.outcome) + " " + stepOutcomeWord(st.outcome)
                                + " from " + revisionText(history, st.to) + " on, " + DiffTable::deltaText(st.shift->pct)
                                + (st.provisional ? " (provisional)" : ""));
    return lines;
}

std::vector<std::string> HistoryTable::changePointDetails(const std::vector<const HistorySeries *> &series)
{
    std::vector<std::string> lines;
    for (const HistorySeries *s : series)
        for (const HistoryStep &st : s->steps)
            if (st.isChangePoint())
                lines.push_back(seriesText(*s) + ": " + st.reason);
    return lines;
}

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
    return history.revisionName(index);
}

const HistoryStep *HistoryTable::stepTo(const HistorySeries &series, std::size_t point)
{
    const HistoryStep *found = nullptr;
    for (const HistoryStep &s : series.steps)
        if (s.to == point && (!found || s.cell))
            found = &s;
    return found;
}

const HistorySegment *HistoryTable::segmentAt(const HistorySeries &series, std::size_t point)
{
    for (const HistorySegment &g : series.segments)
        if (g.first <= point && point <= g.last)
            return &g;
    return nullptr;
}

std::size_t HistoryTable::boundaryCount(const History &history)
{
    std::size_t n = 0;
    for (const HistorySeries &s : history.series())
        for (const HistoryStep &st : s.steps)
            n += st.pAdjusted ? 1 : 0;
    return n;
}

TextTable HistoryTable::changePoints(const History &history, const std::vector<const HistorySeries *> &series)
{
    const ChangePoints::Options &o = history.changePointOptions();
    TextTable t;
    t.title = "Change points";
    t.header = {"Case", "Participant", "From", "Verdict", "Change [95% CI]", "Before", "After", "Segments", "p (BH)"};
    t.numeric = {false, false, false, false, true, true, true, true, true};
    const UnitFormat::Scale sc = scale(history, series);
    auto level = [&](const HistorySegment *g) {
        return g ? UnitFormat::number(g->level, sc) + " " + UnitFormat::range(g->low, g->high, sc) : std::string("—");
    };
    for (const HistorySeries *s : series) {
        for (const HistoryStep &st : s->steps) {
            if (!st.isChangePoint())
                continue;
            t.rows.push_back({s->caseLabel, s->participantLabel, revisionText(history, st.to),
                              std::string(stepOutcomeSymbol(st.outcome)) + " " + stepOutcomeWord(st.outcome)
                                  + (st.provisional ? " (provisional: needs more revisions to confirm)" : ""),
                              ChangePoints::shiftText(*st.shift), level(segmentAt(*s, st.from)), level(segmentAt(*s, st.to)),
                              std::to_string(st.revisionsBefore) + " | " + std::to_string(st.revisionsAfter),
                              CaptureDiff::pText(*st.pAdjusted)});
        }
    }
    t.notes.push_back("Found by PELT on the log of each revision's median run, then tested on the runs of the two "
                      "segments (at most " + std::to_string(o.window) + " revisions each side): Change is the "
                      "Hodges–Lehmann shift after/before with its 95% interval; Before and After are the segments' "
                      "levels [±1 sd of their revisions' medians].");
    t.notes.push_back("A boundary is a change point when its Mann–Whitney p, adjusted by Benjamini–Hochberg over all "
                      + std::to_string(boundaryCount(history)) + " boundaries of the history, is ≤ "
                      + UnitFormat::plain(o.alpha) + " and |Change| ≥ " + UnitFormat::plain(o.minChangePct)
                      + "% (docs/history.md).");
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
                delta = st->shift ? DiffTable::deltaText(st->shift->pct) : "—";
                if (why.empty())
                    why = st->reason;
            }
            t.rows.push_back({s->caseLabel, s->participantLabel, revisionText(history, i),
                              rev.revision.date.empty() ? rev.capturedAt : rev.revision.date, pointText(p, sc),
                              p.hasValues() ? std::to_string(p.n) : "—", step, delta, why});
        }
    }
    t.notes.push_back("Value: the representative repetition's value [min–max] over the repetitions. Step: what the "
                      "step from the previous usable revision establishes: a segment boundary is tested, a step "
                      "inside a segment is no change point (Why).");
    return t;
}

} // namespace bs
