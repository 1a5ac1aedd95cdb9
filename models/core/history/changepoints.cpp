#include "changepoints.h"

#include "benjaminihochberg.h"
#include "capturediff.h"
#include "difftable.h"
#include "hodgeslehmann.h"
#include "pelt.h"
#include "seriesreading.h"
#include "unitformat.h"

#include <algorithm>
#include <cmath>

namespace bs {

namespace {

HistorySegment segmentOf(const SeriesReading &r, std::size_t begin, std::size_t end)
{
    double sum = 0, sq = 0;
    for (std::size_t k = begin; k < end; ++k)
        sum += r.medians[k];
    const double n = double(end - begin), mean = sum / n;
    for (std::size_t k = begin; k < end; ++k)
        sq += (r.medians[k] - mean) * (r.medians[k] - mean);
    const double sd = end - begin > 1 ? std::sqrt(sq / (n - 1)) : 0;
    HistorySegment s;
    s.first = r.usable[begin];
    s.last = r.usable[end - 1];
    s.revisions = end - begin;
    s.level = r.back(mean);
    s.low = r.back(mean - sd);
    s.high = r.back(mean + sd);
    return s;
}

// The step at boundary k (usable k−1 → k) between segments [begin, k) and
// [k, end): the runs of at most `window` revisions each side, tested.
HistoryStep boundary(const SeriesReading &r, Direction direction,
                     std::size_t begin, std::size_t k, std::size_t end, const ChangePoints::Options &o)
{
    const std::size_t w = std::max<std::size_t>(o.window, 1);
    const std::size_t from = std::max(begin, k > w ? k - w : 0), to = std::min(end, k + w);
    HistoryStep s;
    s.from = r.usable[k - 1];
    s.to = r.usable[k];
    s.revisionsBefore = k - begin;
    s.revisionsAfter = end - k;
    // The cell reads the runs kept in their unit (medians and ranges).
    s.cell = CaptureDiff::weighSorted(r.values(from, k), r.values(k, to), direction, o.alpha, DiffRule::UTest);
    s.outlierRuns = r.setAside(from, to);
    const HodgesLehmannResult hl = HodgesLehmann::estimate(r.pool(from, k), r.pool(k, to), o.confidence);
    auto pct = [&](double d) {
        if (r.logScale)
            return (std::exp(d) - 1) * 100;
        const double base = s.cell->before->median;
        return base != 0 ? d / std::fabs(base) * 100 : (d == 0 ? 0.0 : std::copysign(HUGE_VAL, d));
    };
    s.shift = HistoryShift{pct(hl.shift), pct(hl.low), pct(hl.high)};
    return s;
}

// The steps next to an unusable point.
void addUnusable(const std::vector<HistoryPoint> &points, std::vector<HistoryStep> &steps)
{
    for (std::size_t i = 0; i + 1 < points.size(); ++i) {
        const HistoryPoint &a = points[i], &b = points[i + 1];
        if (a.usable() && b.usable())
            continue;
        HistoryStep s;
        s.from = i;
        s.to = i + 1;
        s.outcome = StepOutcome::NotComparable;
        if (!a.usable())
            s.reason = "before: " + a.problem;
        if (!b.usable())
            s.reason += (s.reason.empty() ? "" : "; ") + std::string("after: ") + b.problem;
        steps.push_back(std::move(s));
    }
}

std::string revisions(std::size_t n)
{
    return std::to_string(n) + (n == 1 ? " revision" : " revisions");
}

// When the two revisions alone, as the Diff page opened from the step
// compares them, read otherwise than the change point, says so.
std::string pairNote(const HistorySeries &series, const HistoryStep &s, const ChangePoints::Options &o)
{
    DiffCell pair = CaptureDiff::weigh(series.points[s.from].values, series.points[s.to].values, series.direction,
                                       o.alpha, o.rule);
    const bool agrees = (pair.verdict == DiffVerdict::Better && s.outcome == StepOutcome::Better)
        || (pair.verdict == DiffVerdict::Worse && s.outcome == StepOutcome::Worse);
    if (agrees)
        return "";
    CaptureDiff::decide(pair, o.alpha, o.rule);
    return "; the two revisions alone (the Diff page) read " + verdictPhrase(pair)
        + (pair.deltaPct ? " " + DiffTable::deltaText(pair.deltaPct) : "")
        + ": the change point weighs the runs of the segments either side";
}

// A boundary next to a segment of one revision (before or after it) whose
// runs are not all beyond every run of the other side (at most the window)
// and by the minimum change from its median: outlier runs moved that
// revision's median, or one revision is too little to tell.
bool loneOutlier(const HistorySeries &series, const HistoryStep &s, bool up, const ChangePoints::Options &o)
{
    if (s.revisionsBefore != 1 && s.revisionsAfter != 1)
        return false;
    const bool loneAfter = s.revisionsAfter == 1;
    const std::vector<double> &lone = series.points[loneAfter ? s.to : s.from].values;
    const DiffSample &other = loneAfter ? *s.cell->before : *s.cell->after;
    const double factor = 1 + o.minChangePct / 100;
    // The lone revision is above the other side when after it went up, or before it went down.
    const bool above = loneAfter == up;
    return !std::all_of(lone.begin(), lone.end(), [&](double v) {
        return above ? v > other.max && v >= other.median * factor : v < other.min && v * factor <= other.median;
    });
}

// The outcome and words of a tested boundary, given its adjusted p.
void judge(const HistorySeries &series, HistoryStep &s, const ChangePoints::Options &o,
           const std::vector<std::string> &names)
{
    DiffCell &cell = *s.cell;
    const HistoryShift &shift = *s.shift;
    const std::string segments = "(segments of " + std::to_string(s.revisionsBefore) + " and "
        + revisions(s.revisionsAfter) + ", " + std::to_string(cell.before->n) + " vs "
        + std::to_string(cell.after->n) + " runs tested"
        + (s.outlierRuns ? ", " + std::to_string(s.outlierRuns) + " outlier run" + (s.outlierRuns == 1 ? "" : "s")
                   + " set aside"
                         : std::string())
        + ")";
    const bool up = shift.pct > 0;
    const bool worse = up == (series.direction == Direction::LowerIsBetter);
    if (cell.minimumP > o.alpha) {
        s.outcome = StepOutcome::TooFewSamples;
        CaptureDiff::decide(cell, o.alpha, DiffRule::UTest);
        s.reason = "a segment boundary at " + names[s.to] + " " + segments + ": " + cell.reason;
        return;
    }
    const std::string p = "p = " + CaptureDiff::pText(*s.pAdjusted) + " (BH-adjusted)";
    if (*s.pAdjusted > o.alpha) {
        s.outcome = StepOutcome::NoChange;
        s.reason = "a segment boundary at " + names[s.to] + ": " + ChangePoints::shiftText(shift) + " " + segments + ", " + p
            + " > " + UnitFormat::plain(o.alpha) + ": no change established";
    } else if (loneOutlier(series, s, up, o)) {
        s.outcome = StepOutcome::NoChange;
        s.reason = "a segment boundary at " + names[s.to] + ": " + ChangePoints::shiftText(shift) + " " + segments + ", "
            + p + ", but a segment of one revision whose runs are not all beyond the other side's runs and "
            + UnitFormat::plain(o.minChangePct) + "% from its median: outlier runs, not a change";
    } else if (shift.lowPct < o.minChangePct && shift.highPct > -o.minChangePct) {
        // The interval, not only the estimate, must clear the minimum: a
        // segment of one revision whose median some outlier runs moved has
        // a wide interval and is no change.
        s.outcome = StepOutcome::BelowMinimum;
        s.reason = "a segment boundary at " + names[s.to] + ": " + ChangePoints::shiftText(shift) + " " + segments + ", " + p
            + ": its interval reaches below the minimum change of " + UnitFormat::plain(o.minChangePct) + "%";
    } else {
        s.outcome = worse ? StepOutcome::Worse : StepOutcome::Better;
        s.reason = std::string(worse ? "worse" : "better") + " from " + names[s.to] + " on: " + ChangePoints::shiftText(shift) + " "
            + segments + ", " + p;
    }
    const std::size_t left = std::size_t(std::count_if(series.points.begin() + std::ptrdiff_t(s.to),
                                                        series.points.end(),
                                                        [](const HistoryPoint &q) { return q.usable(); }));
    if (s.isChangePoint() && left < o.confirmRevisions) {
        s.provisional = true;
        s.reason += "; only " + revisions(left) + " from it on: needs more revisions to confirm";
    }
    if (s.isChangePoint())
        s.reason += pairNote(series, s, o);
}

} // namespace

std::string ChangePoints::shiftText(const HistoryShift &s)
{
    return DiffTable::deltaText(s.pct) + " [" + DiffTable::deltaText(s.lowPct) + ", " + DiffTable::deltaText(s.highPct)
        + "]";
}

void ChangePoints::segment(HistorySeries &series, const Options &options)
{
    const std::vector<HistoryPoint> &points = series.points;
    const SeriesReading r(points, options.minChangePct);
    const std::size_t n = r.usable.size();
    std::vector<HistoryStep> steps;
    series.segments.clear();
    if (n > 0) {
        const double sigma = n > 1 ? r.sigma() : 0;
        std::vector<std::size_t> bounds{0};
        if (n > 1)
            for (std::size_t k : Pelt::changes(r.medians, options.penaltyFactor * sigma * sigma * std::log(double(n)),
                                                options.minSegment))
                bounds.push_back(k);
        bounds.push_back(n);
        for (std::size_t b = 0; b + 1 < bounds.size(); ++b) {
            const std::size_t begin = bounds[b], end = bounds[b + 1];
            series.segments.push_back(segmentOf(r, begin, end));
            if (b > 0)
                steps.push_back(boundary(r, series.direction, bounds[b - 1], begin, end, options));
            for (std::size_t k = begin + 1; k < end; ++k) {
                HistoryStep s;
                s.from = r.usable[k - 1];
                s.to = r.usable[k];
                s.outcome = StepOutcome::NoChange;
                s.reason = "inside a segment of " + revisions(end - begin);
                steps.push_back(std::move(s));
            }
        }
    }
    addUnusable(points, steps);
    std::sort(steps.begin(), steps.end(), [](const HistoryStep &a, const HistoryStep &b) {
        return a.to != b.to ? a.to < b.to : a.from < b.from;
    });
    series.steps = std::move(steps);
}

void ChangePoints::decide(std::vector<HistorySeries> &series, const Options &options,
                          const std::vector<std::string> &revisionNames)
{
    // A boundary whose runs are too few to reach alpha at all is no test
    // of anything: it takes no part in the correction (Tarone 1990).
    std::vector<HistoryStep *> tested;
    std::vector<double> p;
    for (HistorySeries &s : series)
        for (HistoryStep &st : s.steps)
            if (st.cell && st.cell->minimumP <= options.alpha) {
                tested.push_back(&st);
                p.push_back(*st.cell->p);
            }
    const std::vector<double> adjusted = BenjaminiHochberg::adjust(p);
    for (std::size_t i = 0; i < tested.size(); ++i)
        tested[i]->pAdjusted = adjusted[i];
    for (HistorySeries &s : series)
        for (HistoryStep &st : s.steps)
            if (st.cell)
                judge(s, st, options, revisionNames);
}

} // namespace bs
