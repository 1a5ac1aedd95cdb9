#include "commentcommand.h"

#include "command.h"
#include "commandline.h"
#include "diffcomment.h"
#include "diffgate.h"
#include "diffsetup.h"
#include "htmltext.h"
#include "resultstore.h"
#include "textescape.h"

#include <ostream>

namespace {

using Option = CommandLine::Option;

const char *kCommentUsage =
    "usage: benchscope-cli comment --store DIR --base BRANCH|REV HEAD_CAPTURE [options]\n"
    "       benchscope-cli comment BASE_CAPTURE HEAD_CAPTURE [options]\n"
    "       options: [--metric ID|all] [--alpha P] [--rule u-test|disjoint] [--match id|name]\n"
    "                [--fail-on worse [--threshold PCT]] [--page-url URL]\n";

// The store's capture that `base` names for `head`, loaded; false with the
// error printed (bad input).
bool loadBase(CommandContext &ctx, const std::string &store, const std::string &base, const bs::Capture &head,
              std::vector<bs::Capture> &captures)
{
    bs::LoadError error;
    const auto entries = bs::ResultStore::entries(store, error);
    if (!entries) {
        ctx.err << "benchscope-cli: " << bs::TextEscape::terminal(error.toString()) << "\n";
        return false;
    }
    const auto found = bs::ResultStore::baseFor(*entries, bs::ResultStore::entryFor(head, {}), base);
    if (!found) {
        ctx.err << "benchscope-cli: " << bs::TextEscape::terminal(store) << ": no capture of suite \""
                << bs::TextEscape::terminal(head.suite.id) << "\" on branch, revision or commit \""
                << bs::TextEscape::terminal(base) << "\" in the store\n";
        return false;
    }
    return ctx.loadAll({bs::ResultStore::pathOf(store, *found)}, captures);
}

} // namespace

int CommentCommand::run(CommandContext &ctx)
{
    std::vector<Option> options = DiffSetup::optionsRead();
    options.insert(options.end(), {Option::Store, Option::Base, Option::PageUrl});
    CommandLine cl(ctx, "comment", kCommentUsage, options);
    if (!cl.parse())
        return cl.exitCode();
    DiffSetup setup;
    int exitCode = 0;
    if (!setup.read(cl, exitCode))
        return exitCode;
    const std::vector<std::string> files = cl.files();
    const bool fromStore = cl.isSet(Option::Store) || cl.isSet(Option::Base);
    if (fromStore && (!cl.isSet(Option::Store) || !cl.isSet(Option::Base)))
        return cl.usageError("--store and --base go together");
    if (files.size() != (fromStore ? 1u : 2u))
        return cl.usageError(fromStore ? "one HEAD_CAPTURE is needed with --store" : "two FILEs are needed, BASE and HEAD");
    const std::string pageUrl = cl.value(Option::PageUrl);
    if (!pageUrl.empty() && !bs::HtmlText::isWebAddress(pageUrl))
        return cl.usageError("--page-url expects an http:// or https:// address");

    std::vector<bs::Capture> captures;
    if (!ctx.loadAll(files, captures))
        return 1;
    if (fromStore && !loadBase(ctx, cl.value(Option::Store), cl.value(Option::Base), captures.front(), captures))
        return 1;
    bs::Capture &base = fromStore ? captures[1] : captures[0], &head = fromStore ? captures[0] : captures[1];
    const std::optional<bs::CaptureDiff> diff = setup.compare(ctx, base, head);
    if (!diff)
        return 1;
    const bs::DiffGate gate = bs::DiffGate::of(*diff, setup.threshold);
    bs::DiffComment::Options shape;
    shape.pageUrl = pageUrl;
    shape.gate = setup.gated ? &gate : nullptr;
    ctx.out << bs::DiffComment::markdown(base, head, *diff, shape);
    return setup.gated && !gate.passed() ? bs::kGateFailedExit : 0;
}
