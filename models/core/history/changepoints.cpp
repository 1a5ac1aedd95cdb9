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
// boundary k splits usable[k-1] from usable[k].
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
        for (std::size_t k = 1; k < m_usable.size(); ++k)
            m_candidates.push_back({k, 0, 0, false, 0, std::nullopt});
        for (std::size_t b = 0; b < m_candidates.size(); ++b)
            evaluate(b);
    }

    // Merges away the weakest candidate that establishes nothing until there
    // is none; returns every usable step, as last tested.
    std::vector<HistoryStep> run()
    {
        std::vector<HistoryStep> done;
        for (;;) {
            auto weakest = m_candidates.end();
            for (auto it = m_candidates.begin(); it != m_candidates.end(); ++it)
                if (!isChange(*it) && (weakest == m_candidates.end() || weaker(*it, *weakest)))
                    weakest = it;
            if (weakest == m_candidates.end())
                break;
            done.push_back(weakest->step ? *weakest->step : test(*weakest));
            const std::size_t b = std::size_t(weakest - m_candidates.begin());
            m_candidates.erase(weakest);
            if (b > 0)
                evaluate(b - 1);
            if (b < m_candidates.size())
                evaluate(b);
        }
        for (const Candidate &c : m_candidates)
            done.push_back(*c.step);
        return done;
    }

private:
    // A candidate and the usable revisions [begin, k) and [k, end) it is
    // tested on. By the disjoint rule its test is run at once only when the
    // pooled ranges are apart: with overlapping ranges that rule establishes
    // nothing whatever p is, so the test waits until the step is merged away.
    struct Candidate {
        std::size_t k, begin, end;
        bool apart;
        double change; // |Δ| of the pooled medians, in percent
        std::optional<HistoryStep> step;
    };

    static bool isChange(const Candidate &c) { return c.step && c.step->isChangePoint(); }

    std::vector<double> pooled(std::size_t begin, std::size_t end) const
    {
        std::vector<double> values;
        for (std::size_t u = begin; u < end; ++u) {
            const std::vector<double> &v = m_points[m_usable[u]].values;
            values.insert(values.end(), v.begin(), v.end());
        }
        return values;
    }

    // Candidate b between its neighbours (at most `window` revisions on
    // each side).
    void evaluate(std::size_t b)
    {
        Candidate &c = m_candidates[b];
        const std::size_t lo = b > 0 ? m_candidates[b - 1].k : 0;
        const std::size_t hi = b + 1 < m_candidates.size() ? m_candidates[b + 1].k : m_usable.size();
        const std::size_t w = std::max<std::size_t>(m_options.window, 1);
        c.begin = std::max(lo, c.k > w ? c.k - w : 0);
        c.end = std::min(hi, c.k + w);
        const std::vector<double> before = pooled(c.begin, c.k), after = pooled(c.k, c.end);
        const auto [bMin, bMax] = std::minmax_element(before.begin(), before.end());
        const auto [aMin, aMax] = std::minmax_element(after.begin(), after.end());
        c.apart = *bMax < *aMin || *aMax < *bMin;
        const double mb = Summarizer::median(before), ma = Summarizer::median(after);
        c.change = mb != 0 ? std::fabs((ma - mb) / mb) * 100 : (ma != 0 ? HUGE_VAL : 0);
        c.step.reset();
        if (c.apart || m_options.rule == DiffRule::UTest)
            c.step = test(c, before, after);
    }

    HistoryStep test(const Candidate &c) const { return test(c, pooled(c.begin, c.k), pooled(c.k, c.end)); }

    // The Diff rule on the candidate's pooled revisions (before, after), and
    // the minimum change.
    HistoryStep test(const Candidate &c, const std::vector<double> &before, const std::vector<double> &after) const
    {
        HistoryStep s;
        s.from = m_usable[c.k - 1];
        s.to = m_usable[c.k];
        s.revisionsBefore = c.k - c.begin;
        s.revisionsAfter = c.end - c.k;
        DiffCell cell = CaptureDiff::judge(before, after, m_direction, m_options.alpha, m_options.rule);
        s.outcome = outcomeOf(cell.verdict);
        std::string why = cell.reason;
        if (s.isChangePoint() && cell.deltaPct && std::fabs(*cell.deltaPct) < m_options.minChangePct) {
            s.outcome = StepOutcome::BelowMinimum;
            why = DiffTable::deltaText(cell.deltaPct) + " is below the minimum change of "
                + UnitFormat::plain(m_options.minChangePct) + "% (" + why + ")";
        } else if (s.isChangePoint()) {
            why = DiffTable::deltaText(cell.deltaPct) + ", " + why;
        }
        s.reason = sides(s, before.size(), after.size()) + why + pairNote(s, cell);
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
        const DiffCell pair = CaptureDiff::judge(m_points[s.from].values, m_points[s.to].values, m_direction,
                                                 m_options.alpha, m_options.rule);
        if (pair.verdict == pooled.verdict)
            return "";
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
    // whose ranges overlap, then the smaller change.
    static bool weaker(const Candidate &a, const Candidate &b)
    {
        if (a.apart != b.apart)
            return !a.apart;
        return a.change < b.change;
    }

    const std::vector<HistoryPoint> &m_points;
    Direction m_direction;
    const ChangePoints::Options &m_options;
    std::vector<std::size_t> m_usable;
    std::vector<Candidate> m_candidates;
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
