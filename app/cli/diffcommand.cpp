#include "diffcommand.h"

#include "capturediff.h"
#include "capturename.h"
#include "commandline.h"
#include "diffjson.h"
#include "difftable.h"
#include "participantmatch.h"
#include "tablerenderer.h"
#include "textescape.h"
#include "unitformat.h"

#include <cmath>
#include <ostream>

namespace {

using Format = bs::TableRenderer::Format;
using Option = CommandLine::Option;

const char *kDiffUsage = "usage: benchscope-cli diff BEFORE AFTER [--format text|markdown|csv|json] "
                     "[--metric ID|all] [--alpha P] [--rule u-test|disjoint] [--correct none|bh] [--match id|name] "
                     "[--fail-on worse [--threshold PCT]]\n";

// The exit status when --fail-on worse finds a regression.
constexpr int kGateFailed = 4;

// The path, and what the page calls the capture.
std::string captureName(const bs::Capture &c)
{
    return c.sourcePath + " (" + bs::CaptureName::title(c) + ")";
}

// What `--fail-on worse` decides: the established regressions larger than
// the threshold, and how many cells it could never fail on.
struct Gate {
    double threshold = 0;
    std::vector<const bs::DiffCell *> failing;
    std::size_t tested = 0;      // cells with a verdict other than not comparable
    std::size_t cannotFire = 0;  // of those, too few samples to ever be worse
    std::string smallNReason;    // the first such cell's reason
};

Gate gateOf(const bs::CaptureDiff &diff, double threshold)
{
    Gate g;
    g.threshold = threshold;
    for (const bs::DiffCell &c : diff.cells()) {
        if (c.verdict == bs::DiffVerdict::NotComparable)
            continue;
        ++g.tested;
        if (c.verdict == bs::DiffVerdict::Worse && (!c.deltaPct || std::fabs(*c.deltaPct) > threshold))
            g.failing.push_back(&c);
        if (c.verdict == bs::DiffVerdict::TooFewSamples && g.cannotFire++ == 0)
            g.smallNReason = c.reason;
    }
    return g;
}

// Text from the captures as shown: Markdown-escaped, or terminal-escaped.
std::string shown(bool markdown, const std::string &text)
{
    return markdown ? bs::TextEscape::markdown(text) : bs::TextEscape::terminal(text);
}

void printGate(std::ostream &out, const Gate &g, const bs::CaptureDiff &diff, bool md)
{
    const std::string limit = bs::UnitFormat::plain(g.threshold) + "%";
    out << (md ? "### " : "") << "Gate (--fail-on worse, threshold " << limit << "): "
        << (g.failing.empty() ? "passed" : "FAILED") << "\n" << (md ? "\n" : "");
    if (g.failing.empty())
        out << "No cell is an established regression larger than " << limit
            << " (\"no change established\" never fails the gate).\n";
    else
        out << g.failing.size() << " cell(s) are established regressions larger than " << limit << ":\n"
            << (md ? "\n" : "");
    const auto scales = bs::DiffTable::scales(diff);
    for (const bs::DiffCell *c : g.failing) {
        const bs::UnitFormat::Scale &s = scales.at(c->metric);
        out << (md ? "- " : "  ") << shown(md, c->participantLabel) << " × " << shown(md, c->caseLabel) << ", "
            << bs::DiffTable::metricText(diff, c->metric, s) << ": " << bs::DiffTable::deltaText(c->deltaPct) << ", "
            << bs::DiffTable::sideText(c->before, s) << " → " << bs::DiffTable::sideText(c->after, s) << " ("
            << c->reason << ")\n";
    }
    if (g.cannotFire)
        out << (md ? "\n" : "") << "Note: " << (g.cannotFire == g.tested ? "all " : "") << g.cannotFire << " of "
            << g.tested << " cells have too few samples for the gate to ever fire on them (" << g.smallNReason
            << "); more repetitions are needed.\n";
    out << "\n";
}

void printText(std::ostream &out, const bs::Capture &before, const bs::Capture &after, const bs::CaptureDiff &diff,
               Format format, const Gate *gate)
{
    const bool md = format == Format::Markdown;
    out << (md ? "## " : "== ") << "Diff of " << shown(md, after.suite.name()) << "\n\n";
    out << (md ? "- " : "") << "before: " << shown(md, captureName(before)) << "\n";
    out << (md ? "- " : "") << "after:  " << shown(md, captureName(after)) << "\n\n";

    for (const bs::ProvenanceSection &section : bs::ProvenanceDiff::sections(diff.warnings())) {
        out << section.heading << "\n" << (md && !section.lines.empty() ? "\n" : "");
        for (const std::string &line : section.lines)
            out << (md ? "- " : section.warning ? "  warning: " : "  ") << shown(md, line) << "\n";
        out << "\n";
    }
    auto list = [&](const char *what, const std::vector<std::string> &ids) {
        if (ids.empty())
            return;
        out << (md ? "- " : "") << what << ":";
        for (std::size_t i = 0; i < ids.size(); ++i)
            out << (i ? ", " : " ") << shown(md, ids[i]);
        out << "\n";
    };
    list("participants only in before (removed)", diff.removedParticipants());
    list("participants only in after (added)", diff.addedParticipants());
    list("cases only in before (removed)", diff.removedCases());
    list("cases only in after (added)", diff.addedCases());
    list("metrics only in before (removed)", diff.removedMetrics());
    list("metrics only in after (added)", diff.addedMetrics());
    if (!diff.removedParticipants().empty() || !diff.addedParticipants().empty() || !diff.removedCases().empty()
        || !diff.addedCases().empty() || !diff.removedMetrics().empty() || !diff.addedMetrics().empty())
        out << "\n";

    if (gate)
        printGate(out, *gate, diff, md);
    // A gate's Markdown is a pull-request comment: the cells fold away.
    const bool fold = gate && md;
    if (fold)
        out << "<details><summary>All " << diff.cells().size() << " cells</summary>\n\n";
    out << bs::TableRenderer::render(bs::DiffTable::table(diff), format) << "\n";
    if (fold)
        out << "</details>\n\n";

    out << (md ? "### " : "") << "Summary (geometric mean of after/before medians, over the established cells: "
        << "better or worse)\n" << (md ? "\n" : "");
    for (const std::string &line : bs::DiffTable::summaryLines(diff))
        out << (md ? "- " : "  ") << shown(md, line) << "\n";
    if (const std::string noise = bs::DiffTable::noiseLine(diff); !noise.empty())
        out << "\n" << (md ? "### " : "") << "Many tests at once\n" << (md ? "\n" : "") << (md ? "" : "  ")
            << shown(md, noise) << "\n";
}

} // namespace

int DiffCommand::run(CommandContext &ctx)
{
    CommandLine cl(ctx, "diff", kDiffUsage, {Option::Format, Option::Metric, Option::Alpha, Option::Rule, Option::Correct, Option::Match, Option::FailOn, Option::Threshold});
    if (!cl.parse())
        return cl.exitCode();
    const std::vector<std::string> files = cl.files();
    const std::string formatName = cl.value(Option::Format, "text");
    const std::string metricId = cl.value(Option::Metric);
    double alpha = 0.05;
    double threshold = 0;
    bs::CaptureDiff::Options options;
    if (!cl.number(Option::Alpha, alpha, CommandLine::isProbability, "a number between 0 and 1")
        || !cl.number(Option::Threshold, threshold, CommandLine::isPercent, "a percentage of 0 or more")
        || !cl.rule(options.rule) || !cl.correction(options.correction))
        return cl.exitCode();
    const bool gated = cl.isSet(Option::FailOn);
    if (gated && cl.value(Option::FailOn) != "worse")
        return cl.usageError("--fail-on expects worse, found \"" + cl.value(Option::FailOn) + "\"");
    if (!gated && cl.isSet(Option::Threshold))
        return cl.usageError("--threshold is for --fail-on worse");
    const std::string match = cl.value(Option::Match, "id");
    if (match != "id" && match != "name")
        return cl.usageError("--match expects id or name, found \"" + match + "\"");
    Format format = Format::Text;
    const bool asJson = formatName == "json";
    if (!asJson && (!bs::TableRenderer::parseFormat(formatName, format) || format == Format::Html))
        return cl.usageError("unknown format \"" + formatName + "\" (expected text, markdown, csv or json)");
    if (files.size() != 2)
        return cl.usageError("two FILEs are needed, BEFORE and AFTER");

    std::vector<bs::Capture> captures;
    if (!ctx.loadAll(files, captures))
        return 1;
    for (std::size_t i = 0; match == "name" && i < captures.size(); ++i) {
        std::string problem;
        if (!bs::ParticipantMatch::byName(captures[i], problem)) {
            ctx.err << "benchscope-cli: " << files[i] << ": --match name: " << problem << "\n";
            return 1;
        }
    }
    const bs::Capture &before = captures[0], &after = captures[1];

    options.alpha = alpha;
    if (metricId.empty()) {
        const bs::Metric *primary = after.primaryMetric() ? after.primaryMetric() : before.primaryMetric();
        if (primary)
            options.metrics.push_back(primary->id);
    } else if (metricId != "all") {
        if (!before.metric(metricId) && !after.metric(metricId)) {
            ctx.err << "benchscope-cli: " << files[0] << ", " << files[1] << ": no metric \"" << metricId
                    << "\" in either capture\n";
            return 1;
        }
        options.metrics.push_back(metricId);
    }
    const bs::CaptureDiff diff = bs::CaptureDiff::compare(before, after, options);

    const Gate gate = gateOf(diff, threshold);
    if (asJson) {
        ctx.out << bs::DiffJson::toJson(before, after, diff) << "\n";
    } else if (format == Format::Csv) {
        // One table on stdout; the warnings go where a person still sees them.
        for (const bs::ProvenanceWarning &w : diff.warnings())
            ctx.err << (w.expected ? "note: " : "warning: ") << bs::TextEscape::terminal(w.text()) << "\n";
        ctx.out << bs::TableRenderer::render(bs::DiffTable::table(diff), format);
    } else {
        printText(ctx.out, before, after, diff, format, gated ? &gate : nullptr);
    }
    // JSON and CSV stay one document on stdout; the gate reports on stderr.
    if (gated && (asJson || format == Format::Csv))
        printGate(ctx.err, gate, diff, false);
    return gated && !gate.failing.empty() ? kGateFailed : 0;
}
