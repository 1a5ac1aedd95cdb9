#include "reportcommand.h"

#include "commandline.h"
#include "headlessgui.h"
#include "reportwriter.h"

#include <QString>

#include <memory>
#include <vector>
#include <ostream>

namespace {
using Option = CommandLine::Option;
const char *kReportUsage = "usage: benchscope-cli report FILE... --out DIR [--force]   (two FILEs: a before/after report; three or more of "
                     "one suite: a history report)\n";
}

int ReportCommand::run(CommandContext &ctx)
{
    CommandLine cl(ctx, "report", kReportUsage, {Option::Out, Option::Force});
    if (!cl.parse())
        return cl.exitCode();
    const std::vector<std::string> files = cl.files();
    const std::string out = cl.value(Option::Out);
    if (files.empty() || out.empty())
        return cl.usageError(out.empty() ? "--out DIR is needed" : "FILEs are needed");
    if (!ctx.keepsInputs({out}, files))
        return 1;
    std::vector<bs::Capture> captures;
    if (!ctx.loadAll(files, captures))
        return 1;
    HeadlessGui gui;
    ReportWriter writer(QString::fromStdString(out));
    writer.setForce(cl.isSet(Option::Force));
    bool ok = false;
    std::vector<std::shared_ptr<const bs::Capture>> shared;
    for (bs::Capture &c : captures)
        shared.push_back(std::make_shared<const bs::Capture>(std::move(c)));
    if (shared.size() == 1)
        ok = writer.write(shared[0]);
    else if (shared.size() == 2)
        ok = writer.writeComparison(shared[0], shared[1]);
    else
        ok = writer.writeHistory(shared);
    if (!ok) {
        ctx.err << "benchscope-cli: " << writer.error().toStdString() << "\n";
        return 1;
    }
    ctx.out << "wrote " << out << "/index.md and " << writer.files().size() - 1 << " more files\n";
    return 0;
}
