#include "reportcommand.h"

#include "commandline.h"
#include "headlessgui.h"
#include "reportwriter.h"

#include <QString>

#include <memory>
#include <ostream>

namespace {
using Option = CommandLine::Option;
const char *kUsage = "usage: benchscope-cli report FILE... --out DIR   (two FILEs: a before/after report)\n";
}

int ReportCommand::run(CommandContext &ctx)
{
    CommandLine cl(ctx, "report", kUsage, {Option::Out});
    if (!cl.parse())
        return cl.exitCode();
    const std::vector<std::string> files = cl.files();
    const std::string out = cl.value(Option::Out);
    if (files.empty() || files.size() > 2 || out.empty())
        return cl.usageError(out.empty() ? "--out DIR is needed" : "one or two FILEs are needed");
    std::vector<bs::Capture> captures;
    if (!ctx.loadAll(files, captures))
        return 1;
    HeadlessGui gui;
    ReportWriter writer(QString::fromStdString(out));
    bool ok = false;
    if (captures.size() == 1)
        ok = writer.write(std::make_shared<const bs::Capture>(std::move(captures[0])));
    else
        ok = writer.writeComparison(std::make_shared<const bs::Capture>(std::move(captures[0])),
                                    std::make_shared<const bs::Capture>(std::move(captures[1])));
    if (!ok) {
        ctx.err << "benchscope-cli: " << writer.error().toStdString() << "\n";
        return 1;
    }
    ctx.out << "wrote " << out << "/index.md and " << writer.files().size() - 1 << " more files\n";
    return 0;
}
