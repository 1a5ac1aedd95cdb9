#include "inspectcommand.h"

#include "capturetables.h"
#include "capturejson.h"
#include "capturename.h"
#include "commandline.h"
#include "tablebuilder.h"
#include "tablerenderer.h"
#include "textescape.h"

#include <ostream>

namespace {
using Option = CommandLine::Option;
const char *kInspectUsage = "usage: benchscope-cli inspect FILE... [--format text|markdown|csv|json] [--metric ID|all]\n";
}

int InspectCommand::run(CommandContext &ctx)
{
    CommandLine cl(ctx, "inspect", kInspectUsage, {Option::Format, Option::Metric});
    if (!cl.parse())
        return cl.exitCode();
    const std::vector<std::string> files = cl.files();
    const std::string formatName = cl.value(Option::Format, "text");
    const std::string metricId = cl.value(Option::Metric);
    bs::TableRenderer::Format format = bs::TableRenderer::Format::Text;
    const bool json = formatName == "json";
    if (!json && !bs::TableRenderer::parseFormat(formatName, format))
        return cl.usageError("unknown format \"" + formatName + "\" (expected text, markdown, csv or json)");
    if (files.empty())
        return cl.usageError("a FILE is needed");

    std::vector<bs::Capture> captures;
    if (!ctx.loadAll(files, captures))
        return 1;
    for (const bs::Capture &c : captures)
        if (metricId != "all" && !ctx.hasMetric(c, metricId))
            return 1;

    if (json) {
        bs::CaptureJson::write(ctx.out, captures);
        ctx.out << "\n";
        return 0;
    }
    bool first = true;
    for (const bs::Capture &c : captures) {
        if (!first)
            ctx.out << (format == bs::TableRenderer::Format::Csv ? "\r\n" : "\n");
        first = false;
        std::vector<std::string> metricIds{metricId};
        if (metricId == "all") {
            metricIds.clear();
            for (const bs::Metric &m : c.metrics)
                metricIds.push_back(m.id);
        }
        if (format == bs::TableRenderer::Format::Csv) {
            // One table per metric, a blank line between them.
            for (std::size_t i = 0; i < metricIds.size(); ++i)
                ctx.out << (i ? "\r\n" : "") << bs::TableRenderer::render(bs::TableBuilder::allCases(c, metricIds[i]), format);
            continue;
        }
        const std::string heading = c.sourcePath + " — " + bs::CaptureName::title(c);
        if (format == bs::TableRenderer::Format::Markdown)
            ctx.out << "## " << bs::TextEscape::markdown(heading) << "\n\n";
        else
            ctx.out << "== " << bs::TextEscape::terminal(heading) << "\n\n";
        ctx.out << bs::TableRenderer::render(bs::CaptureTables::provenance(c), format) << "\n";
        for (const std::string &id : metricIds)
            ctx.out << "\n" << bs::TableRenderer::render(bs::TableBuilder::allCases(c, id).human(), format);
    }
    return 0;
}
