#include "inspectcommand.h"

#include "capturetables.h"
#include "capturejson.h"
#include "tablerenderer.h"

#include <ostream>

int InspectCommand::run(CommandContext &ctx)
{
    std::vector<std::string> files;
    std::string formatName = "text";
    std::string metricId;
    for (std::size_t i = 0; i < ctx.args.size(); ++i) {
        const std::string &a = ctx.args[i];
        if ((a == "--format" || a == "--metric") && i + 1 < ctx.args.size())
            (a == "--format" ? formatName : metricId) = ctx.args[++i];
        else if (a.rfind("--", 0) == 0) {
            ctx.err << "inspect: unknown option " << a << "\n";
            return 2;
        } else
            files.push_back(a);
    }
    bs::TableRenderer::Format format = bs::TableRenderer::Format::Text;
    const bool json = formatName == "json";
    if (!json && !bs::TableRenderer::parseFormat(formatName, format)) {
        ctx.err << "inspect: unknown format \"" << formatName << "\" (expected text, markdown, csv or json)\n";
        return 2;
    }
    if (files.empty()) {
        ctx.err << "usage: benchscope-cli inspect FILE... [--format text|markdown|csv|json] [--metric ID]\n";
        return 2;
    }

    std::vector<bs::Capture> captures;
    if (!ctx.loadAll(files, captures))
        return 1;
    for (const bs::Capture &c : captures)
        if (!metricId.empty() && metricId != "all" && !c.metric(metricId)) {
            ctx.err << "benchscope-cli: " << c.sourcePath << ": no metric \"" << metricId << "\"\n";
            return 1;
        }

    if (json) {
        ctx.out << bs::CaptureJson::normalized(captures) << "\n";
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
            for (const std::string &id : metricIds)
                ctx.out << bs::TableRenderer::render(bs::CaptureTables::allCases(c, id), format);
            continue;
        }
        const std::string heading = c.sourcePath + " — " + c.suite.name();
        ctx.out << (format == bs::TableRenderer::Format::Markdown ? "## " : "== ") << heading << "\n\n";
        ctx.out << bs::TableRenderer::render(bs::CaptureTables::provenance(c), format) << "\n";
        for (const std::string &id : metricIds)
            ctx.out << "\n" << bs::TableRenderer::render(bs::CaptureTables::allCases(c, id), format);
    }
    return 0;
}
