#include "diffcommand.h"

#include "capturediff.h"
#include "capturename.h"
#include "commandline.h"
#include "diffgate.h"
#include "diffjson.h"
#include "diffsetup.h"
#include "difftable.h"
#include "tablerenderer.h"
#include "textescape.h"
#include "unitformat.h"

#include <ostream>

namespace {

using Format = bs::TableRenderer::Format;
using Option = CommandLine::Option;

const char *kDiffUsage = "usage: benchscope-cli diff BEFORE AFTER [--format text|markdown|csv|json] "
                     "[--metric ID|all] [--alpha P] [--rule u-test|disjoint] [--correct none|bh] [--match id|name] "
                     "[--fail-on worse [--threshold PCT]]\n";

// The path, and what the page calls the capture.
std::string captureName(const bs::Capture &c)
{
    return c.sourcePath + " (" + bs::CaptureName::title(c) + ")";
}

// Text from the captures as shown: Markdown-escaped, or terminal-escaped.
std::string shown(bool markdown, const std::string &text)
{
    return markdown ? bs::TextEscape::markdown(text) : bs::TextEscape::terminal(text);
}

void printGate(std::ostream &out, const bs::DiffGate &g, const bs::CaptureDiff &diff, bool md)
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
               Format format, const bs::DiffGate *gate)
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
    std::vector<Option> options = DiffSetup::optionsRead();
    options.insert(options.begin(), Option::Format);
    CommandLine cl(ctx, "diff", kDiffUsage, options);
    if (!cl.parse())
        return cl.exitCode();
    DiffSetup setup;
    int exitCode = 0;
    if (!setup.read(cl, exitCode))
        return exitCode;
    const std::vector<std::string> files = cl.files();
    const std::string formatName = cl.value(Option::Format, "text");
    Format format = Format::Text;
    const bool asJson = formatName == "json";
    if (!asJson && (!bs::TableRenderer::parseFormat(formatName, format) || format == Format::Html))
        return cl.usageError("unknown format \"" + formatName + "\" (expected text, markdown, csv or json)");
    if (files.size() != 2)
        return cl.usageError("two FILEs are needed, BEFORE and AFTER");

    std::vector<bs::Capture> captures;
    if (!ctx.loadAll(files, captures))
        return 1;
    bs::Capture &before = captures[0], &after = captures[1];
    const std::optional<bs::CaptureDiff> diff = setup.compare(ctx, before, after);
    if (!diff)
        return 1;

    const bs::DiffGate gate = bs::DiffGate::of(*diff, setup.threshold);
    if (asJson) {
        ctx.out << bs::DiffJson::toJson(before, after, *diff) << "\n";
    } else if (format == Format::Csv) {
        // One table on stdout; the warnings go where a person still sees them.
        for (const bs::ProvenanceWarning &w : diff->warnings())
            ctx.err << (w.expected ? "note: " : "warning: ") << bs::TextEscape::terminal(w.text()) << "\n";
        ctx.out << bs::TableRenderer::render(bs::DiffTable::table(*diff), format);
    } else {
        printText(ctx.out, before, after, *diff, format, setup.gated ? &gate : nullptr);
    }
    // JSON and CSV stay one document on stdout; the gate reports on stderr.
    if (setup.gated && (asJson || format == Format::Csv))
        printGate(ctx.err, gate, *diff, false);
    return setup.gated && !gate.passed() ? bs::kGateFailedExit : 0;
}
