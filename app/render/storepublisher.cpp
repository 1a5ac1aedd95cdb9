#include "storepublisher.h"

#include "badge.h"
#include "capturename.h"
#include "diffcomment.h"
#include "diffsetup.h"
#include "indexedfiles.h"
#include "pagepublisher.h"
#include "reportcontentbuilder.h"
#include "resultstore.h"
#include "sitefolder.h"
#include "slug.h"
#include "storehistories.h"
#include "textescape.h"
#include "unitformat.h"

#include <chrono>
#include <filesystem>
#include <map>
#include <memory>
#include <optional>
#include <ostream>
#include <set>

namespace {

using Shared = std::shared_ptr<const bs::Capture>;
using bs::StoreHistories::Group;

// A commit as one path segment of a URL: anything but unreserved characters
// percent-encoded, so no commit text can leave REPO/commit/.
std::string pathSegment(const std::string &text)
{
    return bs::TextEscape::percentEncoded(
        text, [](unsigned char c) {
            return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '.'
                || c == '_' || c == '~';
        });
}

// Every capture of a history, newest first: revision, time, branch, commit
// (linked with --repo-url), machine, and its file among the downloads.
bs::ReportTable revisionsTable(const Group &group, const std::string &repoUrl)
{
    bs::ReportTable t;
    t.stem = "tables/revisions";
    t.table.title = "Every capture of this history, newest first";
    t.table.header = {"Revision", "Captured", "Branch", "Commit", "Machine", "Capture"};
    t.table.numeric.assign(t.table.header.size(), false);
    for (auto e = group.entries.rbegin(); e != group.entries.rend(); ++e) {
        t.table.rows.push_back({e->revision, e->capturedAt, e->branch, e->commit, e->machine,
                                e->sha256.substr(0, 12) + ".json.gz"});
        const std::string commit = repoUrl.empty() || e->commit.empty() ? "" : repoUrl + "/commit/" + pathSegment(e->commit);
        t.links.push_back({"", "", "", commit, "", "downloads/" + e->sha256 + ".json.gz"});
    }
    return t;
}

struct SuiteBadge {
    std::string file; // relative to the site
    std::string text; // what it says, in words
    std::string svg;
};

// The badge of `head` against `base` (none: its first capture on the
// branch), judged by `comment`'s comparison and counted as its top line.
std::optional<SuiteBadge> badgeOf(CommandContext &ctx, const std::string &suite, bs::Capture *base, bs::Capture &head)
{
    using Tone = bs::Badge::Tone;
    std::string message = "no earlier capture";
    Tone tone = Tone::Unknown;
    if (base) {
        const std::optional<bs::CaptureDiff> diff = DiffSetup().compare(ctx, *base, head);
        if (!diff)
            return std::nullopt;
        auto n = bs::DiffComment::counts(*diff);
        const std::size_t worse = n[bs::DiffVerdict::Worse], better = n[bs::DiffVerdict::Better];
        message = worse ? std::to_string(worse) + " worse" : better ? std::to_string(better) + " better" : "no change";
        tone = worse ? Tone::Worse : better ? Tone::Better : n[bs::DiffVerdict::NoChange] ? Tone::NoChange : Tone::Unknown;
        if (tone == Tone::Unknown)
            message = "not compared";
    }
    const std::string against = base ? base->revision.name() : std::string("nothing before it");
    return SuiteBadge{{}, message + ": " + head.revision.name() + " against " + against,
                      bs::Badge::svg(suite, message, tone)};
}

// The captures loaded whole (the latest of each history, the badges'
// pairs), by path.
bool loadWhole(CommandContext &ctx, const std::set<std::string> &paths, std::map<std::string, Shared> &out)
{
    std::vector<std::string> files(paths.begin(), paths.end());
    std::vector<bs::Capture> loaded;
    if (!ctx.loadAll(files, loaded))
        return false;
    for (std::size_t i = 0; i < files.size(); ++i)
        out[files[i]] = std::make_shared<const bs::Capture>(std::move(loaded[i]));
    return true;
}

// The badges, one per suite, by suite, each with a file name of its own.
bool makeBadges(CommandContext &ctx, const StorePublisher::Options &o, const std::vector<bs::StoreEntry> &entries,
                std::map<std::string, SuiteBadge> &badges)
{
    std::set<std::string> paths;
    const auto pairs = bs::StoreHistories::badgePairs(entries, o.baseBranch);
    for (const auto &p : pairs) {
        paths.insert(bs::ResultStore::pathOf(o.store, p.head));
        if (p.base)
            paths.insert(bs::ResultStore::pathOf(o.store, *p.base));
    }
    std::map<std::string, Shared> whole;
    if (!loadWhole(ctx, paths, whole))
        return false;
    std::set<std::string> names;
    for (const auto &p : pairs) {
        bs::Capture head = *whole[bs::ResultStore::pathOf(o.store, p.head)];
        std::optional<bs::Capture> base;
        if (p.base)
            base = *whole[bs::ResultStore::pathOf(o.store, *p.base)];
        std::optional<SuiteBadge> badge = badgeOf(ctx, p.suite, base ? &*base : nullptr, head);
        if (!badge)
            return false;
        std::string name = bs::Slug::fileName(p.suite);
        for (int n = 2; !names.insert(name).second; ++n)
            name = bs::Slug::fileName(p.suite) + "-" + std::to_string(n);
        badge->file = "badges/" + name + ".svg";
        badges[p.suite] = std::move(*badge);
    }
    return true;
}

} // namespace

namespace {

// The page: per history its change points and chart (from the summaries
// the index gave), the latest capture's tables, and every revision.
struct PageBuilder {
    const StorePublisher::Options &o;
    const std::map<std::string, SuiteBadge> &badges;
    std::map<std::string, Shared> &whole;       // by path
    const std::map<std::string, Shared> &brief; // what a history reads, by path
    bs::ReportContent content;
    ReportContentBuilder builder;
    std::set<std::string> badged; // suites whose badge is shown

    bool add(const Group &g, std::string &error);
};

bool PageBuilder::add(const Group &g, std::string &error)
{
    using bs::ReportBlock;
    const std::string id =
        ReportContentBuilder::uniqueId(content, g.qualifier.empty() ? g.suite : g.suite + " " + g.branch + " " + g.machine);
    const Shared latest = whole.at(bs::ResultStore::pathOf(o.store, g.entries.back()));
    const std::size_t at = content.sections.size();
    if (g.entries.size() >= 2) {
        std::vector<Shared> history;
        for (const bs::StoreEntry &e : g.entries)
            history.push_back(brief.at(bs::ResultStore::pathOf(o.store, e)));
        if (!builder.addHistory(content, history, id, error))
            return false;
        builder.addCapture(content, latest, id + "-latest", "Latest: " + bs::CaptureName::title(*latest), 3, false);
    } else {
        builder.addCapture(content, latest, id, bs::CaptureName::title(*latest), 2, false);
    }
    bs::ReportSection &top = content.sections[at];
    if (!g.qualifier.empty())
        top.heading += " — " + g.qualifier;
    const auto badge = badges.find(g.suite);
    if (badge != badges.end() && badged.insert(g.suite).second) {
        const std::string &b = badge->second.file;
        // Our own markup: the file name is a slug, the words escaped.
        top.blocks.insert(top.blocks.begin(),
                          ReportBlock::html("<p class=\"badge\"><img src=\"" + bs::TextEscape::html(b) + "\" alt=\""
                                            + bs::TextEscape::html(badge->second.text) + "\"> <code>"
                                            + bs::TextEscape::html(b) + "</code>, the badge: "
                                            + bs::TextEscape::html(badge->second.text) + "</p>"));
    }
    ReportBlock revisions;
    revisions.kind = ReportBlock::Kind::Table;
    revisions.table = revisionsTable(g, o.repoUrl);
    content.sections.push_back({id + "-revisions", "Revisions", 3,
                                {ReportBlock::paragraph("Every capture of this history in the store, with the branch "
                                                        "and commit it measured and its file."),
                                 std::move(revisions)}});
    return true;
}

// The store's capture files as the page's downloads: hard links where the
// file system allows (a store's files are content-addressed and never
// written in place, so the two names never differ), else copies.
bool copyCaptures(bs::SiteFolder &site, const std::string &store, const std::vector<bs::StoreEntry> &entries,
                  bs::LoadError &error)
{
    for (const bs::StoreEntry &e : entries) {
        const std::string to = site.path("downloads/" + e.sha256 + ".json.gz", error);
        std::error_code ec;
        if (to.empty())
            return false;
        std::filesystem::create_hard_link(bs::ResultStore::pathOf(store, e), to, ec);
        if (ec && !std::filesystem::copy_file(bs::ResultStore::pathOf(store, e), to, ec)) {
            error = {bs::ResultStore::pathOf(store, e), {}, "cannot copy it into the site: " + ec.message()};
            return false;
        }
    }
    return true;
}

std::string seconds(std::chrono::steady_clock::time_point since)
{
    return bs::UnitFormat::plain(std::chrono::duration<double>(std::chrono::steady_clock::now() - since).count(), 1)
        + " s";
}

// What the page is made of, read from the store: the histories, what each
// reads of its captures (through the index), the captures loaded whole,
// and the badges.
struct Loaded {
    std::vector<bs::StoreEntry> entries;
    std::vector<Group> groups;
    std::vector<std::string> inputs; // the manifest and every capture: never written over
    bs::IndexedLoad::Progress read;
    std::map<std::string, Shared> brief, whole;
    std::map<std::string, SuiteBadge> badges;
};

// False with the error printed.
bool load(CommandContext &ctx, const StorePublisher::Options &o, Loaded &l)
{
    bs::LoadError error;
    auto entries = bs::ResultStore::entries(o.store, error);
    if (entries && entries->empty())
        error = {o.store, {}, "the store holds no capture; add some with benchscope-cli store add"};
    if (!entries || entries->empty()) {
        ctx.err << "benchscope-cli: " << bs::TextEscape::terminal(error.toString()) << "\n";
        return false;
    }
    l.entries = std::move(*entries);
    l.groups = bs::StoreHistories::of(l.entries);
    std::vector<std::string> files;
    std::set<std::string> latest;
    for (const Group &g : l.groups) {
        for (const bs::StoreEntry &e : g.entries)
            files.push_back(bs::ResultStore::pathOf(o.store, e));
        latest.insert(files.back());
    }
    l.inputs = files;
    l.inputs.push_back(o.store + "/benchscope-store.json");
    std::vector<bs::Capture> summaries;
    if (!IndexedFiles::load(ctx, files, o.useIndex, summaries, &l.read) || !loadWhole(ctx, latest, l.whole)
        || !makeBadges(ctx, o, l.entries, l.badges))
        return false;
    for (std::size_t i = 0; i < files.size(); ++i)
        l.brief[files[i]] = std::make_shared<const bs::Capture>(std::move(summaries[i]));
    return true;
}

} // namespace

int StorePublisher::publish(CommandContext &ctx, const Options &o)
{
    const auto began = std::chrono::steady_clock::now();
    Loaded l;
    if (!load(ctx, o, l))
        return 1;
    bs::LoadError error;
    const auto fail = [&] {
        ctx.err << "benchscope-cli: " << bs::TextEscape::terminal(error.toString()) << "\n";
        return 1;
    };
    PageBuilder page{o, l.badges, l.whole, l.brief, {}, ReportContentBuilder({false, false, {}}), {}};
    for (const Group &g : l.groups) {
        std::string message;
        if (!page.add(g, message)) {
            error = {o.store, {}, g.suite + ": " + message};
            return fail();
        }
    }
    const Shared &first = l.whole.at(bs::ResultStore::pathOf(o.store, l.groups.front().entries.back()));
    page.content.title = !o.title.empty() ? o.title : l.badges.size() == 1 ? first->suite.name() : "Benchmarks";
    bs::SiteFolder site;
    if (!site.begin(o.out, o.force, l.inputs, error) || !copyCaptures(site, o.store, l.entries, error))
        return fail();
    for (const auto &[suite, badge] : l.badges)
        if (!site.write(badge.file, badge.svg, error))
            return fail();
    PagePublisher::Summary summary;
    if (!PagePublisher::writePage(site, page.content, summary, error))
        return fail();
    const auto count = [](std::size_t n, const char *one, const char *many) {
        return std::to_string(n) + " " + (n == 1 ? one : many);
    };
    ctx.out << "wrote " << o.out << "/index.html (" << summary.pageBytes / 1024 << " KiB, "
            << count(l.groups.size(), "history", "histories") << " of " << count(l.badges.size(), "suite", "suites")
            << ", " << count(l.entries.size(), "capture", "captures") << ", " << count(l.badges.size(), "badge", "badges")
            << ") and " << summary.files - 1 << " more files in " << seconds(began) << "; read " << l.read.fromFiles
            << " of " << l.read.total << " captures from their files, the rest from the summary index\n";
    return 0;
}
