#include "publishcommand.h"

#include "commandline.h"
#include "headlessgui.h"
#include "pagepublisher.h"

#include <filesystem>
#include <memory>
#include <ostream>
#include <vector>

namespace {
using Option = CommandLine::Option;
const char *kPublishUsage = "usage: benchscope-cli publish FILE|DIR... --out SITE [--title TITLE] [--force]\n";
}

int PublishCommand::run(CommandContext &ctx)
{
    CommandLine cl(ctx, "publish", kPublishUsage, {Option::Out, Option::Title, Option::Force});
    if (!cl.parse())
        return cl.exitCode();
    PagePublisher::Options options;
    options.out = cl.value(Option::Out);
    options.title = cl.value(Option::Title);
    options.force = cl.isSet(Option::Force);
    if (cl.files().empty() || options.out.empty())
        return cl.usageError(options.out.empty() ? "--out SITE is needed" : "FILEs are needed");
    std::vector<bs::Capture> loaded;
    if (!ctx.expandFolders(cl.files(), options.inputs) || !ctx.loadAll(options.inputs, loaded))
        return 1;
    HeadlessGui gui;
    std::vector<std::shared_ptr<const bs::Capture>> captures;
    for (bs::Capture &c : loaded)
        captures.push_back(std::make_shared<const bs::Capture>(std::move(c)));
    PagePublisher::Summary summary;
    bs::LoadError error;
    if (!PagePublisher::publish(captures, options, summary, error)) {
        ctx.err << "benchscope-cli: " << error.toString() << "\n";
        return 1;
    }
    ctx.out << "wrote " << options.out << "/index.html (" << summary.pageBytes / 1024 << " KiB, " << summary.suites
            << (summary.suites == 1 ? " suite, " : " suites, ") << captures.size()
            << (captures.size() == 1 ? " capture" : " captures") << ") and " << summary.files - 1
            << " more files; open it in a browser: file://" << std::filesystem::absolute(options.out).string()
            << "/index.html\n";
    return 0;
}
