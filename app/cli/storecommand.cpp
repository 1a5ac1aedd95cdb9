#include "storecommand.h"

#include "command.h"
#include "commandline.h"
#include "resultstore.h"
#include "tablerenderer.h"
#include "textescape.h"

#include <cmath>
#include <ostream>

namespace {

using Option = CommandLine::Option;

const char *kStoreUsage =
    "usage: benchscope-cli store add --store DIR CAPTURE... [--commit SHA] [--branch NAME]\n"
    "       benchscope-cli store list --store DIR [--format text|markdown|csv]\n"
    "       benchscope-cli store prune --store DIR --keep N\n";

int failed(CommandContext &ctx, const bs::LoadError &error)
{
    ctx.err << "benchscope-cli: " << bs::TextEscape::terminal(error.toString()) << "\n";
    return 1;
}

// "9f86d081884c": enough of a hash to tell it, as git shows one.
std::string shortHash(const std::string &hash)
{
    return hash.substr(0, 12);
}

int add(CommandContext &ctx, const CommandLine &cl, const std::string &store, const std::vector<std::string> &files)
{
    if (files.empty())
        return cl.usageError("store add needs one CAPTURE or more");
    bs::LoadError error;
    const auto added = bs::ResultStore::add(store, files, {cl.value(Option::Commit), cl.value(Option::Branch)}, error);
    if (!added)
        return failed(ctx, error);
    for (const bs::ResultStore::Added &a : *added)
        ctx.out << (a.already ? "already stored: " : "added: ") << bs::TextEscape::terminal(a.entry.suite) << " "
                << bs::TextEscape::terminal(a.entry.revision) << " (" << a.entry.file << ")\n";
    return 0;
}

int list(CommandContext &ctx, const CommandLine &cl, const std::string &store)
{
    bs::TableRenderer::Format format = bs::TableRenderer::Format::Text;
    const std::string formatName = cl.value(Option::Format, "text");
    if (!bs::TableRenderer::parseFormat(formatName, format) || format == bs::TableRenderer::Format::Html)
        return cl.usageError("unknown format \"" + formatName + "\" (expected text, markdown or csv)");
    bs::LoadError error;
    const auto entries = bs::ResultStore::entries(store, error);
    if (!entries)
        return failed(ctx, error);
    bs::TextTable table;
    table.header = {"suite", "branch", "commit", "revision", "machine", "captured at", "file"};
    table.numeric.assign(table.header.size(), false);
    for (const bs::StoreEntry &e : bs::ResultStore::byTime(*entries))
        table.rows.push_back({e.suite, e.branch, shortHash(e.commit), e.revision, e.machine, e.capturedAt, e.file});
    table.notes.push_back(std::to_string(entries->size()) + " capture(s), oldest first");
    ctx.out << bs::TableRenderer::render(table, format);
    return 0;
}

bool isCount(double v)
{
    return v >= 1 && v < 1e9 && std::floor(v) == v;
}

int prune(CommandContext &ctx, CommandLine &cl, const std::string &store)
{
    double keep = 0;
    if (!cl.number(Option::Keep, keep, isCount, "a whole number of 1 or more"))
        return cl.exitCode();
    if (!cl.isSet(Option::Keep))
        return cl.usageError("store prune needs --keep N");
    bs::LoadError error;
    const auto removed = bs::ResultStore::prune(store, static_cast<std::size_t>(keep), error);
    if (!removed)
        return failed(ctx, error);
    for (const bs::StoreEntry &e : *removed)
        ctx.out << "removed: " << bs::TextEscape::terminal(e.suite) << " " << bs::TextEscape::terminal(e.branch) << " "
                << bs::TextEscape::terminal(e.revision) << " " << bs::TextEscape::terminal(e.capturedAt) << " ("
                << e.file << ")\n";
    ctx.out << removed->size() << " capture(s) removed\n";
    return 0;
}

} // namespace

int StoreCommand::run(CommandContext &ctx)
{
    CommandLine cl(ctx, "store", kStoreUsage,
                   {Option::Store, Option::Commit, Option::Branch, Option::Keep, Option::Format});
    if (!cl.parse())
        return cl.exitCode();
    std::vector<std::string> args = cl.files();
    if (args.empty())
        return cl.usageError("an action is needed: add, list or prune");
    const std::string action = args.front();
    args.erase(args.begin());
    const std::string store = cl.value(Option::Store);
    if (store.empty())
        return cl.usageError("--store DIR is needed");
    if (action != "add" && (cl.isSet(Option::Commit) || cl.isSet(Option::Branch)))
        return cl.usageError("--commit and --branch are for store add");
    if (action != "add" && !args.empty())
        return cl.usageError("store " + action + " takes no CAPTURE");
    if (action == "add")
        return add(ctx, cl, store, args);
    if (action == "list")
        return list(ctx, cl, store);
    if (action == "prune")
        return prune(ctx, cl, store);
    return cl.usageError("unknown action \"" + action + "\" (expected add, list or prune)");
}
