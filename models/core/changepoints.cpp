#include "changepoints.h"

#include "capturediff.h"
#include "difftable.h"
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
            m_boundaries.push_back({k, {}});
        for (std::size_t b = 0; b < m_boundaries.size(); ++b)
            evaluate(b);
    }

    // Merges away the weakest candidate that establishes nothing until there
    // is none; returns every usable step, as last tested.
    std::vector<HistoryStep> run()
    {
        std::vector<HistoryStep> done;
        for (;;) {
            auto weakest = m_boundaries.end();
            for (auto it = m_boundaries.begin(); it != m_boundaries.end(); ++it)
                if (!it->step.isChangePoint() && (weakest == m_boundaries.end() || weaker(*it, *weakest)))
                    weakest = it;
            if (weakest == m_boundaries.end())
                break;
            done.push_back(weakest->step);
            const std::size_t b = std::size_t(weakest - m_boundaries.begin());
            m_boundaries.erase(weakest);
            if (b > 0)
                evaluate(b - 1);
            if (b < m_boundaries.size())
                evaluate(b);
        }
        for (const Candidate &c : m_boundaries)
            done.push_back(c.step);
        return done;
    }

private:
    struct Candidate {
        std::size_t k;
        HistoryStep step;
    };

    std::vector<double> pooled(std::size_t begin, std::size_t end) const
    {
        std::vector<double> values;
        for (std::size_t u = begin; u < end; ++u) {
            const std::vector<double> &v = m_points[m_usable[u]].values;
            values.insert(values.end(), v.begin(), v.end());
        }
        return values;
    }

    // Tests candidate b on the revisions between its neighbours (at most
    // `window` on each side).
    void evaluate(std::size_t b)
    {
        const std::size_t k = m_boundaries[b].k;
        const std::size_t lo = b > 0 ? m_boundaries[b - 1].k : 0;
        const std::size_t hi = b + 1 < m_boundaries.size() ? m_boundaries[b + 1].k : m_usable.size();
        const std::size_t w = std::max<std::size_t>(m_options.window, 1);
        const std::size_t begin = std::max(lo, k > w ? k - w : 0), end = std::min(hi, k + w);

        HistoryStep &s = m_boundaries[b].step;
        s = {};
        s.from = m_usable[k - 1];
        s.to = m_usable[k];
        s.revisionsBefore = k - begin;
        s.revisionsAfter = end - k;
        const std::vector<double> before = pooled(begin, k), after = pooled(k, end);
        DiffCell cell = CaptureDiff::judge(before, after, m_direction, m_options.alpha);
        s.outcome = outcomeOf(cell.verdict);
        std::string why = cell.reason;
        if (s.isChangePoint() && cell.deltaPct && std::fabs(*cell.deltaPct) < m_options.minChangePct) {
            s.outcome = StepOutcome::BelowMinimum;
            why = DiffTable::deltaText(cell.deltaPct) + " is below the minimum change of "
                + UnitFormat::plain(m_options.minChangePct) + "% (" + why + ")";
        } else if (s.isChangePoint()) {
            why = DiffTable::deltaText(cell.deltaPct) + ", " + why;
        }
        s.reason = sides(s, before.size(), after.size()) + why;
        if (s.isChangePoint() && m_usable.size() - k < m_options.confirmRevisions) {
            s.provisional = true;
            s.reason += "; only " + std::to_string(m_usable.size() - k)
                + " revision(s) after it: needs more revisions to confirm";
        }
        s.cell = std::move(cell);
    }

    static std::string sides(const HistoryStep &s, std::size_t runsBefore, std::size_t runsAfter)
    {
        if (s.revisionsBefore == 1 && s.revisionsAfter == 1)
            return "";
        return std::to_string(s.revisionsBefore) + (s.revisionsBefore == 1 ? " revision (" : " revisions (")
            + std::to_string(runsBefore) + " runs) before vs "
            + std::to_string(s.revisionsAfter) + " (" + std::to_string(runsAfter) + ") after: ";
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

    // Which of two non-change candidates to merge first: one below the
    // minimum change (the smaller first), then the larger p, then the
    // smaller change.
    static bool weaker(const Candidate &a, const Candidate &b)
    {
        const bool aSmall = a.step.outcome == StepOutcome::BelowMinimum;
        const bool bSmall = b.step.outcome == StepOutcome::BelowMinimum;
        if (aSmall != bSmall)
            return aSmall;
        const double pa = a.step.cell->p.value_or(1), pb = b.step.cell->p.value_or(1);
        if (!aSmall && pa != pb)
            return pa > pb;
        return magnitude(a) < magnitude(b);
    }

    static double magnitude(const Candidate &c)
    {
        return c.step.cell->deltaPct ? std::fabs(*c.step.cell->deltaPct) : 0;
    }

    const std::vector<HistoryPoint> &m_points;
    Direction m_direction;
    const ChangePoints::Options &m_options;
    std::vector<std::size_t> m_usable;
    std::vector<Candidate> m_boundaries;
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
