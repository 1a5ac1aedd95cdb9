#include "diffcommand.h"

#include "capturediff.h"
#include "commandline.h"
#include "diffjson.h"
#include "difftable.h"
#include "tablerenderer.h"

#include <cstdlib>
#include <ostream>

namespace {

using Format = bs::TableRenderer::Format;
using Option = CommandLine::Option;

const char *kUsage = "usage: benchscope-cli diff BEFORE AFTER [--format text|markdown|csv|json] "
                     "[--metric ID|all] [--alpha P]\n";

std::string captureName(const bs::Capture &c)
{
    const std::string &rev = c.revision.name();
    return c.sourcePath + (rev.empty() ? "" : " (" + rev + ")");
}

void printText(std::ostream &out, const bs::Capture &before, const bs::Capture &after, const bs::CaptureDiff &diff,
               Format format)
{
    const bool md = format == Format::Markdown;
    out << (md ? "## " : "== ") << "Diff of " << after.suite.name()
        << "\n\n";
    out << (md ? "- " : "") << "before: " << captureName(before) << "\n";
    out << (md ? "- " : "") << "after:  " << captureName(after) << "\n\n";

    if (diff.warnings().empty()) {
        out << "Provenance: machine, tools and conditions are the same.\n\n";
    } else {
        out << "Provenance differs; the numbers may not be comparable:\n" << (md ? "\n" : "");
        for (const bs::ProvenanceWarning &w : diff.warnings())
            out << (md ? "- " : "  warning: ") << w.text() << "\n";
        out << "\n";
    }
    auto list = [&](const char *what, const std::vector<std::string> &ids) {
        if (ids.empty())
            return;
        out << (md ? "- " : "") << what << ":";
        for (std::size_t i = 0; i < ids.size(); ++i)
            out << (i ? ", " : " ") << ids[i];
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

    out << bs::TableRenderer::render(bs::DiffTable::table(diff), format) << "\n";

    out << (md ? "### " : "") << "Summary (geometric mean of after/before medians, over cells with a verdict of "
        << "better, worse or no change)\n" << (md ? "\n" : "");
    for (const std::string &line : bs::DiffTable::summaryLines(diff))
        out << (md ? "- " : "  ") << line << "\n";
}

} // namespace

int DiffCommand::run(CommandContext &ctx)
{
    CommandLine cl(ctx, "diff", kUsage, {Option::Format, Option::Metric, Option::Alpha});
    if (!cl.parse())
        return cl.exitCode();
    const std::vector<std::string> files = cl.files();
    const std::string formatName = cl.value(Option::Format, "text");
    const std::string metricId = cl.value(Option::Metric);
    double alpha = 0.05;
    if (cl.isSet(Option::Alpha)) {
        const std::string v = cl.value(Option::Alpha);
        char *end = nullptr;
        alpha = std::strtod(v.c_str(), &end);
        if (v.empty() || *end || !(alpha > 0 && alpha < 1))
            return cl.usageError("--alpha expects a number between 0 and 1, found \"" + v + "\"");
    }
    Format format = Format::Text;
    const bool asJson = formatName == "json";
    if (!asJson && (!bs::TableRenderer::parseFormat(formatName, format) || format == Format::Html))
        return cl.usageError("unknown format \"" + formatName + "\" (expected text, markdown, csv or json)");
    if (files.size() != 2)
        return cl.usageError("two FILEs are needed, BEFORE and AFTER");

    std::vector<bs::Capture> captures;
    if (!ctx.loadAll(files, captures))
        return 1;
    const bs::Capture &before = captures[0], &after = captures[1];

    bs::CaptureDiff::Options options;
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

    if (asJson) {
        ctx.out << bs::DiffJson::toJson(before, after, diff) << "\n";
    } else if (format == Format::Csv) {
        // One table on stdout; the warnings go where a person still sees them.
        for (const bs::ProvenanceWarning &w : diff.warnings())
            ctx.err << "warning: " << w.text() << "\n";
        ctx.out << bs::TableRenderer::render(bs::DiffTable::table(diff), format);
    } else {
        printText(ctx.out, before, after, diff, format);
    }
    return 0;
}
