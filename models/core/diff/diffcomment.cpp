#include "diffcomment.h"

#include "capturename.h"
#include "difftable.h"
#include "textescape.h"
#include "unitformat.h"

#include <algorithm>
#include <cstring>
#include <map>
#include <vector>

namespace bs {

namespace {

std::string md(const std::string &text)
{
    return TextEscape::markdown(text);
}

// A URL as a Markdown link target: anything that could end or break the
// link percent-encoded.
std::string linkTarget(const std::string &url)
{
    return TextEscape::percentEncoded(
        url, [](unsigned char c) { return c > 0x20 && c < 0x7f && !std::strchr("()<>\"'`\\[]|", c); });
}

std::string topLine(const CaptureDiff &diff)
{
    auto n = DiffComment::counts(diff);
    const std::size_t compared = n[DiffVerdict::Better] + n[DiffVerdict::Worse] + n[DiffVerdict::NoChange];
    std::string line = "**Benchmarks: " + std::to_string(n[DiffVerdict::Worse]) + " worse, "
        + std::to_string(n[DiffVerdict::Better]) + " better, " + std::to_string(n[DiffVerdict::NoChange])
        + " no change established** over " + std::to_string(compared) + " cells compared; at α = "
        + UnitFormat::plain(diff.alpha()) + " noise alone would make up to " + UnitFormat::plain(DiffComment::chanceWorse(diff), 1)
        + " of them worse";
    if (n[DiffVerdict::TooFewSamples])
        line += "; " + std::to_string(n[DiffVerdict::TooFewSamples]) + " with too few samples to tell";
    if (n[DiffVerdict::NotComparable])
        line += "; " + std::to_string(n[DiffVerdict::NotComparable]) + " not comparable";
    return line + ".\n\n";
}

std::string side(const char *what, const Capture &c)
{
    std::string line = std::string("- ") + what + ": " + md(CaptureName::title(c)) + ", revision " + md(c.revision.name());
    if (!c.capturedAt.empty())
        line += ", captured " + md(c.capturedAt);
    return line + "\n";
}

std::string provenance(const CaptureDiff &diff)
{
    std::string out;
    for (const ProvenanceSection &section : ProvenanceDiff::sections(diff.warnings())) {
        out += (section.warning ? "**" + md(section.heading) + "**" : md(section.heading)) + "\n"
            + (section.lines.empty() ? "" : "\n");
        for (const std::string &line : section.lines)
            out += "- " + md(line) + "\n";
        out += "\n";
    }
    return out;
}

std::string gateText(const DiffGate &g)
{
    const std::string limit = UnitFormat::plain(g.threshold) + "%";
    std::string out = "**Gate (--fail-on worse, threshold " + limit + "): " + (g.passed() ? "passed" : "FAILED") + "**: ";
    out += g.passed() ? "no cell is an established regression larger than " + limit + ".\n"
                      : std::to_string(g.failing.size()) + " cell(s) are established regressions larger than " + limit + ".\n";
    if (g.cannotFire)
        out += "\nNote: " + std::string(g.cannotFire == g.tested ? "all " : "") + std::to_string(g.cannotFire) + " of "
            + std::to_string(g.tested) + " cells have too few samples for the gate to ever fire on them ("
            + md(g.smallNReason) + "); more repetitions are needed.\n";
    return out + "\n";
}

const char *kHeader = "| Participant | Case | Metric | Δ | p | n | Base [range] | Head [range] | Verdict |\n"
                      "| --- | --- | --- | ---: | ---: | ---: | ---: | ---: | --- |\n";

std::string row(const CaptureDiff &diff, const DiffCell &c, const std::map<std::string, UnitFormat::Scale> &scales)
{
    const UnitFormat::Scale &s = scales.at(c.metric);
    std::string out = "|";
    for (const std::string &cell : {c.participantLabel, c.caseLabel, DiffTable::metricText(diff, c.metric, s),
                                    DiffTable::deltaText(c.deltaPct), DiffTable::pText(c), DiffTable::nText(c),
                                    DiffTable::sideText(c.before, s), DiffTable::sideText(c.after, s),
                                    DiffTable::verdictText(c)})
        out += " " + md(cell) + " |";
    return out + "\n";
}

// The rows that fit in `budget` characters, and how many did not.
struct Rows {
    std::string text;
    std::size_t shown = 0;
    std::size_t left = 0;
};

Rows fit(const std::vector<std::string> &rows, std::size_t &budget)
{
    Rows r;
    for (const std::string &line : rows) {
        if (line.size() > budget) {
            ++r.left;
            continue;
        }
        budget -= line.size();
        r.text += line;
        ++r.shown;
    }
    return r;
}

std::string notes(const CaptureDiff &diff)
{
    std::string out;
    for (const std::string &note : DiffTable::table(diff).notes)
        out += md(note) + "\n\n";
    for (const std::string &line : DiffTable::summaryLines(diff))
        out += "- " + md(line) + "\n";
    return out;
}

} // namespace

std::map<DiffVerdict, std::size_t> DiffComment::counts(const CaptureDiff &diff)
{
    std::map<DiffVerdict, std::size_t> n;
    for (const DiffCell &c : diff.cells())
        ++n[c.verdict];
    return n;
}

double DiffComment::chanceWorse(const CaptureDiff &diff)
{
    auto n = DiffComment::counts(diff);
    return double(n[DiffVerdict::Better] + n[DiffVerdict::Worse] + n[DiffVerdict::NoChange]) * diff.alpha() / 2;
}

std::string DiffComment::markdown(const Capture &base, const Capture &head, const CaptureDiff &diff, const Options &options)
{
    const std::string top = topLine(diff) + side("base", base) + side("head", head) + "\n" + provenance(diff)
        + (options.gate ? gateText(*options.gate) : std::string());
    const std::string end = "\n" + notes(diff);

    const auto scales = DiffTable::scales(diff);
    std::vector<std::string> worse, rest, better;
    for (const DiffCell &c : diff.cells())
        (c.verdict == DiffVerdict::Worse ? worse : c.verdict == DiffVerdict::Better ? better : rest).push_back(row(diff, c, scales));
    rest.insert(rest.begin(), better.begin(), better.end());

    const std::string worseHead = "### Regressions (" + std::to_string(worse.size()) + ")\n\n";
    const std::string restHead = "<details><summary>The other " + std::to_string(rest.size())
        + " cells, better first</summary>\n\n";
    const std::string restEnd = "\n</details>\n";
    // Room kept for the headings, the tables' headers and the line saying what was cut.
    const std::size_t fixed = top.size() + end.size() + worseHead.size() + restHead.size() + restEnd.size()
        + 2 * std::string(kHeader).size() + 400 + options.pageUrl.size() * 3;
    std::size_t budget = options.limit > fixed ? options.limit - fixed : 0;
    const Rows shownWorse = fit(worse, budget), shownRest = fit(rest, budget);

    std::string out = top + worseHead;
    out += worse.empty() ? "No cell is an established regression.\n" : kHeader + shownWorse.text;
    if (!rest.empty())
        out += "\n" + restHead + kHeader + shownRest.text + restEnd;
    const std::size_t left = shownWorse.left + shownRest.left;
    if (left) {
        out += "\n**" + std::to_string(left) + " of " + std::to_string(worse.size() + rest.size())
            + " rows are left out** (" + std::to_string(shownWorse.left) + " of them regressions) to keep this comment under "
            + std::to_string(options.limit) + " characters";
        out += options.pageUrl.empty() ? ".\n" : "; every row is on [the page](" + linkTarget(options.pageUrl) + ").\n";
    }
    return out + end;
}

} // namespace bs
