#include "capturediff.h"

#include "benjaminihochberg.h"
#include "mannwhitney.h"
#include "summarizer.h"
#include "unitformat.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <unordered_set>

namespace bs {

namespace {

// Items of `before` in its order, then those only in `after`; the ids
// present on one side only go to `removed` / `added`.
template <typename T>
std::vector<const T *> unite(const std::vector<T> &before, const std::vector<T> &after,
                             std::vector<std::string> &added, std::vector<std::string> &removed)
{
    auto idsOf = [](const std::vector<T> &list) {
        std::unordered_set<std::string> ids;
        for (const T &t : list)
            ids.insert(t.id);
        return ids;
    };
    const std::unordered_set<std::string> beforeIds = idsOf(before), afterIds = idsOf(after);
    std::vector<const T *> all;
    for (const T &t : before) {
        all.push_back(&t);
        if (!afterIds.count(t.id))
            removed.push_back(t.id);
    }
    for (const T &t : after) {
        if (!beforeIds.count(t.id)) {
            all.push_back(&t);
            added.push_back(t.id);
        }
    }
    return all;
}

// The figures of a sample sorted ascending (its values are not kept).
DiffSample sampleOfSorted(const std::vector<double> &sorted)
{
    DiffSample s;
    s.n = sorted.size();
    if (!sorted.empty()) {
        s.median = Summarizer::medianOfSorted(sorted);
        s.min = sorted.front();
        s.max = sorted.back();
    }
    return s;
}

std::vector<double> sortedCopy(std::vector<double> values)
{
    std::sort(values.begin(), values.end());
    return values;
}

// The figures of a sample, keeping its values in their order.
DiffSample sample(const std::vector<double> &values)
{
    DiffSample s = sampleOfSorted(sortedCopy(values));
    s.values = values;
    return s;
}

const char *kNoValues = "no values of this metric";
const char *kNoResult = "no result";

// One side's values of a metric, or why there are none.
struct Side {
    std::vector<double> values;
    std::string problem; // empty when there are values
    bool once = false;   // one figure measured once (Result::once)
    std::string flagged; // why an ok result is flagged (failures), if it is
    // Nothing was measured here: no result, a result not run (missing) or
    // not applicable (unsupported), or one without values of the metric.
    bool unmeasured = false;
};

Side sideOf(const Capture &c, const std::string &participant, const std::string &caseId, const std::string &metric)
{
    Side side;
    const Result *r = c.result(participant, caseId);
    if (!r) {
        side.problem = kNoResult;
        side.unmeasured = true;
        return side;
    }
    if (r->status != ResultStatus::Ok) {
        side.unmeasured = r->status == ResultStatus::Unsupported || r->status == ResultStatus::Missing
            || r->status == ResultStatus::Cancelled;
        side.problem = statusName(r->status);
        std::replace(side.problem.begin(), side.problem.end(), '-', ' '); // "contract failed"
        if (!r->reason.empty())
            side.problem += " (" + r->reason + ")";
        return side;
    }
    if (!r->flags.empty())
        side.flagged = r->reason.empty() ? r->flags.front() : r->reason;
    if (auto it = r->once.find(metric); it != r->once.end()) {
        side.values.push_back(it->second);
        side.once = true;
        return side;
    }
    for (const Repetition &rep : r->repetitions)
        if (auto it = rep.metrics.find(metric); it != rep.metrics.end())
            side.values.push_back(it->second);
    if (side.values.empty()) {
        side.problem = r->repetitions.empty() ? "no repetitions" : kNoValues;
        side.unmeasured = side.problem == kNoValues;
    }
    return side;
}

// What a reason starts with when a side is one figure measured once.
std::string onceNote(const DiffCell &c)
{
    const bool b = c.before && c.before->once, a = c.after && c.after->once;
    if (!b && !a)
        return {};
    return std::string(b && a ? "one figure per side" : b ? "before" : "after") + " measured once (n = 1): ";
}

} // namespace

std::string CaptureDiff::pText(double p)
{
    if (p < 0.0001)
        return "<0.0001";
    const int decimals = std::max(0, 1 - int(std::floor(std::log10(p))));
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.*f", decimals, p);
    std::string s(buf);
    if (s.find('.') != std::string::npos) {
        while (s.back() == '0')
            s.pop_back();
        if (s.back() == '.')
            s.pop_back();
    }
    return s;
}

DiffCell CaptureDiff::weigh(const std::vector<double> &before, const std::vector<double> &after,
                            Direction direction, double alpha, DiffRule rule, bool scopesDeclared)
{
    DiffCell c = weighSorted(sortedCopy(before), sortedCopy(after), direction, alpha, rule, scopesDeclared);
    c.before->values = before; // in their order, as the Diff page lists them
    c.after->values = after;
    return c;
}

DiffCell CaptureDiff::weighSorted(const std::vector<double> &before, const std::vector<double> &after,
                                  Direction direction, double alpha, DiffRule rule, bool scopesDeclared)
{
    DiffCell c;
    c.direction = direction;
    c.scopesDeclared = scopesDeclared;
    c.presence = DiffPresence::Both;
    c.before = sampleOfSorted(before);
    c.after = sampleOfSorted(after);
    const DiffSample &b = *c.before, &a = *c.after;
    // Neither is given when it overflows (medians near DBL_MAX, or one far
    // below the other): a figure of ∞ would be no figure at all.
    if (b.median != 0)
        if (const double d = (a.median - b.median) / std::fabs(b.median) * 100.0; std::isfinite(d))
            c.deltaPct = d;
    if (b.median > 0 && a.median > 0)
        if (const double r = a.median / b.median; std::isnormal(r) && std::isnormal(1 / r))
            c.ratio = r;

    const MannWhitneyResult mw = MannWhitney::testSorted(before, after);
    c.p = mw.p;
    c.u = mw.u;
    c.exactP = mw.exact;
    c.minimumP = mw.minimumP;
    c.verdict = verdictOf(groundOf(c, alpha, rule), c);
    return c;
}

DiffCell CaptureDiff::judge(const std::vector<double> &before, const std::vector<double> &after,
                            Direction direction, double alpha, DiffRule rule, bool scopesDeclared)
{
    DiffCell c = weigh(before, after, direction, alpha, rule, scopesDeclared);
    decide(c, alpha, rule);
    return c;
}

// The rule, in the order its cases are tried; one place for the verdict
// (weigh) and its words (decide).
CaptureDiff::Ground CaptureDiff::groundOf(const DiffCell &c, double alpha, DiffRule rule)
{
    const DiffSample &b = *c.before, &a = *c.after;
    const bool apart = b.max < a.min || a.max < b.min;
    if (!c.scopesDeclared && b.n > 1 && a.n > 1 && b.min == b.max && a.min == a.max && apart)
        return Ground::CopiedLike;
    if (c.minimumP > alpha)
        return Ground::CannotReach;
    if (c.pAdjusted.value_or(*c.p) > alpha)
        return Ground::AboveAlpha;
    if (rule == DiffRule::Disjoint && !apart)
        return Ground::OverlapUnderDisjoint;
    if (a.median == b.median)
        return Ground::EqualMedians; // the ranks differ, the medians do not
    return Ground::Established;
}

DiffVerdict CaptureDiff::verdictOf(Ground ground, const DiffCell &c)
{
    switch (ground) {
    case Ground::CopiedLike:
    case Ground::CannotReach: return DiffVerdict::TooFewSamples;
    case Ground::AboveAlpha:
    case Ground::OverlapUnderDisjoint:
    case Ground::EqualMedians: return DiffVerdict::NoChange;
    case Ground::Established: break;
    }
    const bool higher = c.after->median > c.before->median;
    return higher == (c.direction == Direction::HigherIsBetter) ? DiffVerdict::Better : DiffVerdict::Worse;
}

void CaptureDiff::decide(DiffCell &c, double alpha, DiffRule rule)
{
    const DiffSample &b = *c.before, &a = *c.after;
    const bool apart = b.max < a.min || a.max < b.min;
    const std::string p = "p = " + pText(*c.p) + (c.pAdjusted ? ", adjusted p = " + pText(*c.pAdjusted) : "");
    const std::string ranges = apart ? "ranges apart" : "ranges overlap";
    const Ground ground = groundOf(c, alpha, rule);
    c.verdict = verdictOf(ground, c);
    c.qualifier.clear();
    switch (ground) {
    case Ground::CopiedLike:
        c.reason = "zero spread on both sides (all " + std::to_string(b.n) + " vs all " + std::to_string(a.n)
            + " equal): maybe one figure copied onto every repetition, not tested as many samples";
        break;
    case Ground::CannotReach:
        c.reason = "n=" + std::to_string(b.n) + " vs " + std::to_string(a.n) + " cannot reach p<"
            + UnitFormat::plain(alpha) + "; minimum p = " + pText(c.minimumP);
        break;
    case Ground::AboveAlpha:
        c.reason = p + " > " + UnitFormat::plain(alpha) + (apart ? ", ranges apart" : "");
        break;
    case Ground::OverlapUnderDisjoint:
        c.reason = "ranges overlap (disjoint rule), " + p;
        break;
    case Ground::EqualMedians:
        c.reason = p + " but the medians are equal";
        break;
    case Ground::Established:
        c.reason = p + ", " + ranges;
        if (!apart)
            c.qualifier = ranges;
        break;
    }
}

std::vector<std::size_t> CaptureDiff::setAlpha(double alpha)
{
    m_alpha = alpha;
    return decideAgain();
}

std::vector<std::size_t> CaptureDiff::setRule(DiffRule rule)
{
    m_rule = rule;
    return decideAgain();
}

std::vector<std::size_t> CaptureDiff::setCorrection(DiffCorrection correction)
{
    m_correction = correction;
    return decideAgain();
}

bool CaptureDiff::isTest(const DiffCell &c) const
{
    if (c.verdict == DiffVerdict::NotComparable || !c.p || !c.before || !c.after)
        return false;
    const Ground ground = groundOf(c, m_alpha, m_rule);
    return ground != Ground::CopiedLike && ground != Ground::CannotReach;
}

std::size_t CaptureDiff::tested() const
{
    return std::size_t(std::count_if(m_cells.begin(), m_cells.end(), [this](const DiffCell &c) { return isTest(c); }));
}

void CaptureDiff::adjust()
{
    std::vector<std::size_t> family;
    std::vector<double> p;
    for (std::size_t i = 0; i < m_cells.size(); ++i) {
        m_cells[i].pAdjusted.reset();
        if (m_correction == DiffCorrection::BenjaminiHochberg && isTest(m_cells[i])) {
            family.push_back(i);
            p.push_back(*m_cells[i].p);
        }
    }
    const std::vector<double> adjusted = BenjaminiHochberg::adjust(p);
    for (std::size_t k = 0; k < family.size(); ++k)
        m_cells[family[k]].pAdjusted = adjusted[k];
}

std::vector<std::size_t> CaptureDiff::decideAgain()
{
    adjust();
    std::vector<std::size_t> changed;
    for (std::size_t i = 0; i < m_cells.size(); ++i) {
        DiffCell &c = m_cells[i];
        if (c.verdict == DiffVerdict::NotComparable || !c.p || !c.before || !c.after)
            continue;
        const std::string reason = c.reason;
        const std::string prefix = onceNote(c);
        decide(c, m_alpha, m_rule);
        c.reason = prefix + c.reason;
        if (c.reason != reason)
            changed.push_back(i);
    }
    return changed;
}

void CaptureDiff::compareCell(const Capture &before, const Capture &after, const Participant &participant,
                              const CaseInfo &caseInfo, const Metric &metric)
{
    const std::string &p = participant.id, &k = caseInfo.id, &m = metric.id;
    // What is missing on a side, if anything: "participant", "case", "metric".
    auto absent = [&](const Capture &c) -> std::string {
        if (!c.participant(p))
            return "participant";
        if (!c.caseInfo(k))
            return "case";
        if (!c.metric(m))
            return "metric";
        return "";
    };
    const std::string notBefore = absent(before), notAfter = absent(after);

    DiffCell cell;
    std::optional<Side> sb, sa;
    if (notBefore.empty())
        sb = sideOf(before, p, k, m);
    if (notAfter.empty())
        sa = sideOf(after, p, k, m);
    // A cell neither side measured (no result recorded, one not run or not
    // applicable, or a metric that only some cases have) is no row at all.
    auto unmeasured = [](const std::optional<Side> &s) { return !s || s->unmeasured; };
    if (unmeasured(sb) && unmeasured(sa))
        return;
    const Metric *mb = before.metric(m), *ma = after.metric(m);

    if (sb && sa && sb->problem.empty() && sa->problem.empty() && mb->unit == ma->unit && !statisticsDiffer(*mb, *ma)) {
        cell = judge(sb->values, sa->values, metric.direction, m_alpha, m_rule,
                     mb->scopeDeclared && ma->scopeDeclared);
        cell.before->once = sb->once;
        cell.after->once = sa->once;
        cell.reason = onceNote(cell) + cell.reason;
        // A side whose runs failed is never called better (nor worse).
        if (!sb->flagged.empty() || !sa->flagged.empty()) {
            cell.verdict = DiffVerdict::NotComparable;
            cell.reason = (sb->flagged.empty() ? "" : "before flagged: " + sb->flagged)
                + (!sb->flagged.empty() && !sa->flagged.empty() ? "; " : "")
                + (sa->flagged.empty() ? "" : "after flagged: " + sa->flagged);
        }
    } else {
        cell.direction = metric.direction;
        cell.verdict = DiffVerdict::NotComparable;
        if (sb && sb->problem.empty())
            cell.before = sample(sb->values);
        if (sa && sa->problem.empty())
            cell.after = sample(sa->values);
        if (!notBefore.empty()) {
            cell.presence = DiffPresence::OnlyAfter;
            cell.reason = "only in after (added " + notBefore + ")";
        } else if (!notAfter.empty()) {
            cell.presence = DiffPresence::OnlyBefore;
            cell.reason = "only in before (removed " + notAfter + ")";
        } else if (!sb->problem.empty() || !sa->problem.empty()) {
            if (!sb->problem.empty())
                cell.reason = "before: " + sb->problem;
            if (!sa->problem.empty())
                cell.reason += (cell.reason.empty() ? "" : "; ") + std::string("after: ") + sa->problem;
        } else if (mb->unit != ma->unit) {
            cell.reason = "unit differs: before " + mb->unit + ", after " + ma->unit;
        } else {
            cell.reason = "statistic differs: before " + mb->statistic + ", after " + ma->statistic;
        }
    }
    cell.identify(participant, caseInfo, m);
    m_cells.push_back(std::move(cell));
}

CaptureDiff CaptureDiff::compare(const Capture &before, const Capture &after, const Options &options)
{
    CaptureDiff d;
    d.m_alpha = options.alpha;
    d.m_rule = options.rule;
    d.m_correction = options.correction;
    d.m_warnings = ProvenanceDiff::compare(before, after);
    const auto participants = unite(before.participants, after.participants, d.m_addedParticipants,
                                    d.m_removedParticipants);
    const auto cases = unite(before.cases, after.cases, d.m_addedCases, d.m_removedCases);
    const auto metrics = unite(before.metrics, after.metrics, d.m_addedMetrics, d.m_removedMetrics);

    // The compared metrics, as defined by "after" where both define them.
    auto definition = [&](const std::string &id) -> const Metric * {
        const Metric *m = after.metric(id);
        return m ? m : before.metric(id);
    };
    if (options.metrics.empty()) {
        for (const Metric *m : metrics)
            d.m_metrics.push_back(*definition(m->id));
    } else {
        for (const std::string &id : options.metrics)
            if (const Metric *m = definition(id))
                d.m_metrics.push_back(*m);
    }

    for (const CaseInfo *k : cases)
        for (const Participant *p : participants)
            for (const Metric &m : d.m_metrics)
                d.compareCell(before, after, *p, *k, m);
    if (d.m_correction != DiffCorrection::None)
        d.decideAgain();
    return d;
}

const Metric *CaptureDiff::metric(const std::string &id) const
{
    for (const Metric &m : m_metrics)
        if (m.id == id)
            return &m;
    return nullptr;
}

DiffSummary CaptureDiff::summary(const std::string &metricId) const
{
    DiffSummary s;
    if (const Metric *m = metric(metricId))
        s.metric = *m;
    // Sums of log ratios of the established cells, per group in first-seen order.
    std::vector<GeometricMean> groups;
    std::vector<double> sums;
    double total = 0;
    for (const DiffCell &c : m_cells) {
        if (c.metric != metricId || !c.ratio || c.verdict == DiffVerdict::TooFewSamples
            || c.verdict == DiffVerdict::NotComparable)
            continue;
        auto it = std::find_if(groups.begin(), groups.end(), [&](const auto &g) { return g.group == c.caseGroup; });
        if (it == groups.end()) {
            it = groups.insert(groups.end(), GeometricMean{c.caseGroup});
            sums.push_back(0);
        }
        ++it->compared;
        ++s.overall.compared;
        if (c.verdict == DiffVerdict::NoChange)
            continue;
        const double l = std::log(*c.ratio);
        sums[std::size_t(it - groups.begin())] += l;
        ++it->cells;
        total += l;
        ++s.overall.cells;
    }
    for (std::size_t i = 0; i < groups.size(); ++i)
        if (groups[i].cells)
            groups[i].ratio = std::exp(sums[i] / double(groups[i].cells));
    s.groups = std::move(groups);
    if (s.overall.cells)
        s.overall.ratio = std::exp(total / double(s.overall.cells));
    return s;
}

} // namespace bs
