#include "publishcommand.h"

#include "commandline.h"
#include "headlessgui.h"
#include "htmltext.h"
#include "pagepublisher.h"
#include "pagesource.h"
#include "storepublisher.h"

#include <filesystem>
#include <map>
#include <memory>
#include <ostream>
#include <vector>

namespace {
using Option = CommandLine::Option;
const char *kPublishUsage =
    "usage: benchscope-cli publish FILE|DIR... --out SITE [--title TITLE] [--force]\n"
    "       benchscope-cli publish --page PAGE.md --out SITE [--title TITLE] [--force]\n"
    "       benchscope-cli publish --store DIR --out SITE [--repo-url URL] [--base BRANCH] [--title TITLE] [--force]\n"
    "                              [--no-index]\n";

// `publish --store DIR`: the page that grows (StorePublisher).
int publishStore(CommandContext &ctx, CommandLine &cl)
{
    if (!cl.files().empty() || cl.isSet(Option::Page))
        return cl.usageError("--store takes no FILEs and no --page: the store's manifest names its captures");
    StorePublisher::Options o;
    o.store = cl.value(Option::Store);
    o.out = cl.value(Option::Out);
    o.title = cl.value(Option::Title);
    o.repoUrl = cl.value(Option::RepoUrl);
    o.baseBranch = cl.value(Option::Base, o.baseBranch);
    o.force = cl.isSet(Option::Force);
    o.useIndex = !cl.isSet(Option::NoIndex);
    while (!o.repoUrl.empty() && o.repoUrl.back() == '/')
        o.repoUrl.pop_back();
    if (cl.isSet(Option::RepoUrl) && !bs::HtmlText::isWebAddress(o.repoUrl))
        return cl.usageError("--repo-url expects an http:// or https:// address");
    HeadlessGui gui; // the charts are drawn by Qt Charts
    return StorePublisher::publish(ctx, o);
}

std::string plural(std::size_t n, const char *one, const char *many)
{
    return std::to_string(n) + " " + (n == 1 ? one : many);
}
} // namespace

int PublishCommand::run(CommandContext &ctx)
{
    CommandLine cl(ctx, "publish", kPublishUsage, {Option::Out, Option::Title, Option::Force, Option::Page, Option::Store, Option::RepoUrl, Option::Base,
                                                  Option::NoIndex});
    if (!cl.parse())
        return cl.exitCode();
    if (cl.value(Option::Out).empty())
        return cl.usageError("--out SITE is needed");
    if (cl.isSet(Option::Store))
        return publishStore(ctx, cl);
    if (cl.isSet(Option::RepoUrl) || cl.isSet(Option::Base) || cl.isSet(Option::NoIndex))
        return cl.usageError("--repo-url, --base and --no-index go with --store");
    PagePublisher::Options options;
    options.out = cl.value(Option::Out);
    options.title = cl.value(Option::Title);
    options.force = cl.isSet(Option::Force);
    const bool authored = cl.isSet(Option::Page);
    if (authored == !cl.files().empty())
        return cl.usageError(authored ? "--page takes no FILEs: the page's blocks name its captures" : "FILEs are needed");
    bs::PageSource page;
    bs::LoadError error;
    if (authored) {
        if (!bs::PageSource::read(cl.value(Option::Page), page, error)) {
            ctx.err << "benchscope-cli: " << error.toString() << "\n";
            return 1;
        }
        options.page = &page;
        options.inputs = page.captureFiles();
        options.inputs.push_back(page.path); // never written over either
    }
    std::vector<bs::Capture> loaded;
    std::vector<std::string> arguments;
    std::map<std::string, std::size_t> argumentOf;
    if (authored) {
        if (!ctx.loadAll({options.inputs.begin(), options.inputs.end() - 1}, loaded))
            return 1;
    } else {
        // Which argument named each file: the order of two named apart is the user's.
        arguments = cl.files();
        for (std::size_t a = 0; a < arguments.size(); ++a) {
            const std::size_t first = options.inputs.size();
            if (!ctx.expandFolders({arguments[a]}, options.inputs))
                return 1;
            for (std::size_t i = first; i < options.inputs.size(); ++i)
                argumentOf.emplace(options.inputs[i], a);
        }
        if (!ctx.loadAll(options.inputs, loaded))
            return 1;
    }
    HeadlessGui gui;
    std::vector<std::shared_ptr<const bs::Capture>> captures;
    for (bs::Capture &c : loaded) {
        const auto named = argumentOf.find(c.sourcePath);
        options.arguments.push_back(named == argumentOf.end() ? arguments.size() : named->second);
        captures.push_back(std::make_shared<const bs::Capture>(std::move(c)));
    }
    PagePublisher::Summary summary;
    if (!PagePublisher::publish(captures, options, summary, error)) {
        ctx.err << "benchscope-cli: " << error.toString() << "\n";
        return 1;
    }
    ctx.out << "wrote " << options.out << "/index.html (" << summary.pageBytes / 1024 << " KiB, "
            << (authored ? "the page " + page.path + " with " + plural(page.blocks.size(), "block", "blocks")
                         : plural(summary.suites, "suite", "suites"))
            << ", " << plural(captures.size(), "capture", "captures") << ") and " << summary.files - 1
            << " more files; open it in a browser: file://" << std::filesystem::absolute(options.out).string()
            << "/index.html\n";
    return 0;
}
