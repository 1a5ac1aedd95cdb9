#include "reportcommand.h"

#include "headlessgui.h"
#include "reportwriter.h"

#include <QString>

#include <memory>
#include <ostream>

namespace {
const char *kUsage = "usage: benchscope-cli report FILE... --out DIR   (two FILEs: a before/after report)\n";
}

int ReportCommand::run(CommandContext &ctx)
{
    std::vector<std::string> files;
    std::string out;
    for (std::size_t i = 0; i < ctx.args.size(); ++i) {
        const std::string &a = ctx.args[i];
        if (a == "--out" && i + 1 < ctx.args.size())
            out = ctx.args[++i];
        else if (a.rfind("--", 0) == 0) {
            ctx.err << "report: unknown option " << a << "\n" << kUsage;
            return 2;
        } else
            files.push_back(a);
    }
    if (files.empty() || files.size() > 2 || out.empty()) {
        ctx.err << kUsage;
        return 2;
    }
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
