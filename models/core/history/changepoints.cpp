#include "changepoints.h"

#include "capturediff.h"
#include "difftable.h"
#include "summarizer.h"
#include "unitformat.h"

#include <algorithm>
#include <cmath>

namespace bs {

namespace {

// The usable points (their indexes) and the candidate steps between them:
// boundary k splits usable[k-1] from usable[k]. The candidates left are a
// list linked by boundary; the ones that establish nothing wait in a heap,
// weakest first, so each merge costs O(log n) and a series of n revisions
// O(n log n) in all (tests of at most `window` revisions a side).
class Merger {
public:
    Merger(const std::vector<HistoryPoint> &points, Direction direction, const ChangePoints::Options &options)
        : m_points(points)
        , m_direction(direction)
        , m_options(options)
    {
        for (std::size_t i = 0; i < points.size(); ++i)
            if (points[i].usable())
                m_usable.push_back(i);
        const std::size_t n = m_usable.size();
        m_candidates.resize(n);
        for (std::size_t k = 1; k < n; ++k)
            m_candidates[k] = {k, 0, 0, k - 1, k + 1, 0, true, false, false, 0, std::nullopt};
        for (std::size_t k = 1; k < n; ++k)
            evaluate(k);
    }

    // Merges away the weakest candidate that establishes nothing until there
    // is none; returns every usable step, as last tested.
    std::vector<HistoryStep> run()
    {
        std::vector<HistoryStep> done;
        done.reserve(m_candidates.size());
        while (!m_heap.empty()) {
            std::pop_heap(m_heap.begin(), m_heap.end(), stronger);
            const Queued q = m_heap.back();
            m_heap.pop_back();
            Candidate &c = m_candidates[q.k];
            if (!c.alive || c.version != q.version)
                continue; // tested again since, or merged away
            done.push_back(test(c));
            c.alive = false;
            const std::size_t prev = c.prev, next = c.next;
            if (prev > 0)
                m_candidates[prev].next = next;
            if (next < m_candidates.size())
                m_candidates[next].prev = prev;
            if (prev > 0)
                evaluate(prev);
            if (next < m_candidates.size())
                evaluate(next);
        }
        for (std::size_t k = 1; k < m_candidates.size(); ++k)
            if (m_candidates[k].alive)
                done.push_back(test(m_candidates[k]));
        return done;
    }

private:
    // A candidate and the usable revisions [begin, k) and [k, end) it is
    // tested on, between its neighbours `prev` and `next` (0 and n: none).
    // By the disjoint rule it is weighed only when the pooled ranges are
    // apart: with overlapping ranges that rule establishes nothing whatever
    // p is. Words are put to a step once, when it is merged away or kept.
    struct Candidate {
        std::size_t k, begin, end, prev, next;
        unsigned version;
        bool alive;
        bool apart;
        bool changes;  // weighed as a change point: never merged away
        double change; // |Δ| of the pooled medians, in percent
        std::optional<DiffCell> cell; // as last weighed, without the pooled values
    };
    // A candidate that establishes nothing, as it was when queued.
    struct Queued {
        bool apart;
        double change;
        std::size_t k;
        unsigned version;
    };

    // The values of usable revisions [begin, end), sorted.
    void pool(std::size_t begin, std::size_t end, std::vector<double> &values) const
    {
        values.clear();
        for (std::size_t u = begin; u < end; ++u) {
            const std::vector<double> &v = m_points[m_usable[u]].values;
            values.insert(values.end(), v.begin(), v.end());
        }
        std::sort(values.begin(), values.end());
    }

    // Candidate k between its neighbours (at most `window` revisions on
    // each side); queued again when it establishes nothing.
    void evaluate(std::size_t k)
    {
        Candidate &c = m_candidates[k];
        const std::size_t w = std::max<std::size_t>(m_options.window, 1);
        c.begin = std::max(c.prev, c.k > w ? c.k - w : 0);
        c.end = std::min(c.next, c.k + w);
        pool(c.begin, c.k, m_before);
        pool(c.k, c.end, m_after);
        c.apart = m_before.back() < m_after.front() || m_after.back() < m_before.front();
        c.changes = false;
        c.cell.reset();
        double mb = 0, ma = 0; // the pooled medians: the test's when it runs
        if (c.apart || m_options.rule == DiffRule::UTest) {
            c.cell = weigh();
            c.changes = isChange(outcomeOf(*c.cell));
            mb = c.cell->before->median;
            ma = c.cell->after->median;
        } else {
            mb = Summarizer::medianOfSorted(m_before);
            ma = Summarizer::medianOfSorted(m_after);
        }
        c.change = mb != 0 ? std::fabs((ma - mb) / mb) * 100 : (ma != 0 ? HUGE_VAL : 0);
        ++c.version;
        if (!c.changes) {
            m_heap.push_back({c.apart, c.change, c.k, c.version});
            std::push_heap(m_heap.begin(), m_heap.end(), stronger);
        }
    }

    // The Diff rule on the pooled values in m_before and m_after. A step
    // keeps the pooled figures, not the pooled values: the points hold
    // those, and a long history would hold them many times.
    DiffCell weigh() const
    {
        return CaptureDiff::weighSorted(m_before, m_after, m_direction, m_options.alpha, m_options.rule);
    }

    // The step of a candidate that is done (merged away, or kept at the
    // end), in words: the Diff rule on its pooled revisions, and the
    // minimum change.
    HistoryStep test(Candidate &c)
    {
        if (!c.cell) { // not weighed: ranges overlapping under the disjoint rule
            pool(c.begin, c.k, m_before);
            pool(c.k, c.end, m_after);
            c.cell = weigh();
        }
        DiffCell cell = std::move(*c.cell);
        c.cell.reset();
        CaptureDiff::decide(cell, m_options.alpha, m_options.rule);
        HistoryStep s;
        s.from = m_usable[c.k - 1];
        s.to = m_usable[c.k];
        s.revisionsBefore = c.k - c.begin;
        s.revisionsAfter = c.end - c.k;
        s.outcome = outcomeOf(cell);
        std::string why = cell.reason;
        if (s.outcome == StepOutcome::BelowMinimum) {
            why = DiffTable::deltaText(cell.deltaPct) + " is below the minimum change of "
                + UnitFormat::plain(m_options.minChangePct) + "% (" + why + ")";
        } else if (s.isChangePoint()) {
            why = DiffTable::deltaText(cell.deltaPct) + ", " + why;
        }
        s.reason = sides(s, cell.before->n, cell.after->n) + why + pairNote(s, cell);
        const std::size_t left = m_usable.size() - c.k;
        if (s.isChangePoint() && left < m_options.confirmRevisions) {
            s.provisional = true;
            s.reason += "; only " + std::to_string(left) + (left == 1 ? " revision" : " revisions")
                + " after it: needs more revisions to confirm";
        }
        s.cell = std::move(cell);
        return s;
    }

    // When the step was tested on pooled revisions and the two revisions
    // alone (as the Diff page compares them) read otherwise, says so.
    std::string pairNote(const HistoryStep &s, const DiffCell &pooled) const
    {
        if (s.revisionsBefore == 1 && s.revisionsAfter == 1)
            return "";
        DiffCell pair = CaptureDiff::weigh(m_points[s.from].values, m_points[s.to].values, m_direction,
                                           m_options.alpha, m_options.rule);
        if (pair.verdict == pooled.verdict)
            return "";
        CaptureDiff::decide(pair, m_options.alpha, m_options.rule);
        return "; the two revisions alone (the Diff page) read " + verdictPhrase(pair)
            + (pair.deltaPct ? " " + DiffTable::deltaText(pair.deltaPct) : "") + ", pooled here with their neighbours";
    }

    static std::string sides(const HistoryStep &s, std::size_t runsBefore, std::size_t runsAfter)
    {
        if (s.revisionsBefore == 1 && s.revisionsAfter == 1)
            return "";
        return std::to_string(s.revisionsBefore) + (s.revisionsBefore == 1 ? " revision (" : " revisions (")
            + std::to_string(runsBefore) + " runs) before vs " + std::to_string(s.revisionsAfter) + " ("
            + std::to_string(runsAfter) + ") after: ";
    }

    // The verdict as a step's outcome, with the minimum change.
    StepOutcome outcomeOf(const DiffCell &cell) const
    {
        const StepOutcome outcome = outcomeOf(cell.verdict);
        if (isChange(outcome) && cell.deltaPct && std::fabs(*cell.deltaPct) < m_options.minChangePct)
            return StepOutcome::BelowMinimum;
        return outcome;
    }

    static bool isChange(StepOutcome o) { return o == StepOutcome::Better || o == StepOutcome::Worse; }

    static StepOutcome outcomeOf(DiffVerdict v)
    {
        switch (v) {
        case DiffVerdict::Better: return StepOutcome::Better;
        case DiffVerdict::Worse: return StepOutcome::Worse;
        case DiffVerdict::NoChange: return StepOutcome::NoChange;
        case DiffVerdict::TooFewSamples: return StepOutcome::TooFewSamples;
        case DiffVerdict::NotComparable: return StepOutcome::NotComparable;
        }
        return StepOutcome::NotComparable;
    }

    // Which of two candidates that establish nothing to merge first: one
    // whose ranges overlap, then the smaller change, then the earlier step.
    // The heap's order: `a` comes out after `b`.
    static bool stronger(const Queued &a, const Queued &b)
    {
        if (a.apart != b.apart)
            return a.apart;
        if (a.change != b.change)
            return a.change > b.change;
        return a.k > b.k;
    }

    const std::vector<HistoryPoint> &m_points;
    Direction m_direction;
    const ChangePoints::Options &m_options;
    std::vector<std::size_t> m_usable;
    std::vector<Candidate> m_candidates; // by boundary; [0] is none
    std::vector<Queued> m_heap;
    std::vector<double> m_before, m_after; // pooled values, sorted, reused
};

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

} // namespace

std::vector<HistoryStep> ChangePoints::find(const std::vector<HistoryPoint> &points, Direction direction,
                                            const Options &options)
{
    std::vector<HistoryStep> steps = Merger(points, direction, options).run();
    addUnusable(points, steps);
    std::sort(steps.begin(), steps.end(), [](const HistoryStep &a, const HistoryStep &b) {
        return a.to != b.to ? a.to < b.to : a.from < b.from;
    });
    return steps;
}

} // namespace bs
