#include "publishcommand.h"

#include "commandline.h"
#include "headlessgui.h"
#include "pagepublisher.h"

#include <filesystem>
#include <map>
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
    // Which argument named each file: the order of two named apart is the user's.
    const std::vector<std::string> arguments = cl.files();
    std::map<std::string, std::size_t> argumentOf;
    for (std::size_t a = 0; a < arguments.size(); ++a) {
        const std::size_t first = options.inputs.size();
        if (!ctx.expandFolders({arguments[a]}, options.inputs))
            return 1;
        for (std::size_t i = first; i < options.inputs.size(); ++i)
            argumentOf.emplace(options.inputs[i], a);
    }
    if (!ctx.loadAll(options.inputs, loaded))
        return 1;
    HeadlessGui gui;
    std::vector<std::shared_ptr<const bs::Capture>> captures;
    for (bs::Capture &c : loaded) {
        const auto named = argumentOf.find(c.sourcePath);
        options.arguments.push_back(named == argumentOf.end() ? arguments.size() : named->second);
        captures.push_back(std::make_shared<const bs::Capture>(std::move(c)));
    }
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
