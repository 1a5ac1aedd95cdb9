#include "difftable.h"

#include "capturetables.h"

#include <cstdio>

namespace bs {

std::map<std::string, UnitFormat::Scale> DiffTable::scales(const CaptureDiff &diff)
{
    // Each side's median and range, and the two medians side by side:
    // where they differ, their texts must too.
    std::map<std::string, std::vector<UnitFormat::Figures>> figures;
    for (const DiffCell &c : diff.cells()) {
        for (const auto *s : {&c.before, &c.after})
            if (*s)
                figures[c.metric].push_back({(*s)->median, (*s)->min, (*s)->max});
        if (c.before && c.after)
            figures[c.metric].push_back({c.before->median, c.after->median, c.after->median});
    }
    // One unit per metric family, by the capture's precision rule.
    std::vector<std::vector<UnitFormat::Figures>> columns;
    for (const Metric &m : diff.metrics())
        columns.push_back(figures[m.id]);
    const std::vector<UnitFormat::Scale> scales = CaptureTables::familyScales(diff.metrics(), columns);
    std::map<std::string, UnitFormat::Scale> out;
    for (std::size_t i = 0; i < scales.size(); ++i)
        out[diff.metrics()[i].id] = scales[i];
    return out;
}

std::string DiffTable::sideText(const std::optional<DiffSample> &side, const UnitFormat::Scale &scale)
{
    if (!side)
        return "—";
    std::string t = UnitFormat::number(side->median, scale);
    if (side->n > 1)
        t += " " + UnitFormat::range(side->min, side->max, scale);
    return t;
}

std::string DiffTable::deltaText(const std::optional<double> &deltaPct)
{
    if (!deltaPct)
        return "—";
    char buf[32];
    std::snprintf(buf, sizeof buf, "%+.1f%%", *deltaPct);
    return buf;
}

std::string DiffTable::pText(const DiffCell &cell)
{
    if (!cell.p)
        return "—";
    return (cell.exactP ? "" : "≈") + CaptureDiff::pText(*cell.p);
}

std::string DiffTable::adjustedPText(const DiffCell &cell)
{
    return cell.pAdjusted ? CaptureDiff::pText(*cell.pAdjusted) : "—";
}

std::string DiffTable::noiseLine(const CaptureDiff &diff)
{
    const std::size_t tested = diff.tested();
    if (tested < 2)
        return {};
    const std::string alpha = UnitFormat::plain(diff.alpha());
    if (diff.correction() == DiffCorrection::BenjaminiHochberg)
        return "verdicts from p adjusted by Benjamini–Hochberg over the " + std::to_string(tested)
            + " tested rows: of the rows called significant, noise alone is expected to make at most "
            + UnitFormat::plain(diff.alpha() * 100) + "% (false discovery rate α = " + alpha + ")";
    return "noise alone would make about " + UnitFormat::plain(diff.alpha() * double(tested)) + " of "
        + std::to_string(tested) + " rows significant at α = " + alpha;
}

std::string DiffTable::nText(const DiffCell &cell)
{
    return (cell.before ? std::to_string(cell.before->n) : "—") + " vs "
        + (cell.after ? std::to_string(cell.after->n) : "—");
}

std::string DiffTable::verdictText(const DiffCell &cell)
{
    return verdictPhrase(cell);
}

std::string DiffTable::metricText(const CaptureDiff &diff, const std::string &metricId, const UnitFormat::Scale &scale)
{
    const Metric *m = diff.metric(metricId);
    std::string text = m ? labelWithStatistic(*m) : metricId;
    if (!scale.suffix.empty())
        text += " (" + scale.suffix + ")";
    return text;
}

std::string DiffTable::directionText(const Metric &metric)
{
    return metric.direction == Direction::HigherIsBetter ? "higher is better" : "lower is better";
}

TextTable DiffTable::table(const CaptureDiff &diff)
{
    TextTable t;
    t.title = "Before → after";
    t.header = {"Participant", "Case", "Metric", "Before", "After", "Δ", "p", "n", "Verdict"};
    t.numeric = {false, false, false, true, true, true, true, true, false};
    const bool corrected = diff.correction() != DiffCorrection::None;
    if (corrected) {
        t.header.insert(t.header.begin() + 7, "adjusted p");
        t.numeric.insert(t.numeric.begin() + 7, true);
    }
    const auto scale = scales(diff);
    for (const DiffCell &c : diff.cells()) {
        const UnitFormat::Scale &s = scale.at(c.metric);
        t.rows.push_back({c.participantLabel, c.caseLabel, metricText(diff, c.metric, s), sideText(c.before, s),
                          sideText(c.after, s), deltaText(c.deltaPct), pText(c), nText(c), verdictText(c)});
        if (corrected)
            t.rows.back().insert(t.rows.back().begin() + 7, adjustedPText(c));
    }
    t.notes.push_back("Before and after: median [min–max] over the repetitions, or the one figure a result "
                      "measured once (n = 1, no range: what its tool reported, such as a mean); brackets are "
                      "ranges, not confidence intervals. Δ: change of those figures.");
    t.notes.push_back("p: two-sided Mann–Whitney U test on the repetitions (≈: normal approximation). "
                      "A cell is better or worse when " + ruleText(diff.rule(), diff.alpha())
                      + "; otherwise no change is established.");
    if (corrected)
        t.notes.push_back("adjusted p: Benjamini–Hochberg over the " + std::to_string(diff.tested())
                          + " tested rows; the verdicts compare it, not p, with " + UnitFormat::plain(diff.alpha())
                          + ".");
    return t;
}

std::vector<std::string> DiffTable::summaryLines(const CaptureDiff &diff, const std::string &metricId)
{
    std::vector<std::string> lines;
    for (const Metric &m : diff.metrics()) {
        if (!metricId.empty() && m.id != metricId)
            continue;
        const DiffSummary s = diff.summary(m.id);
        const std::string label = m.label + " (" + directionText(m) + ")";
        if (s.groups.size() > 1)
            for (const GeometricMean &g : s.groups)
                lines.push_back(label + ", " + (g.group.empty() ? "ungrouped" : g.group) + ": " + s.sentence(g));
        lines.push_back(label + ", overall: " + s.sentence(s.overall));
    }
    return lines;
}

} // namespace bs
