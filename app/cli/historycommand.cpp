#include "historycommand.h"

#include "captureloader.h"
#include "commandline.h"
#include "history.h"
#include "historyjson.h"
#include "historytable.h"
#include "indexedfiles.h"
#include "tablerenderer.h"
#include "textescape.h"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <ostream>

namespace {

using Format = bs::TableRenderer::Format;
using Option = CommandLine::Option;

const char *kHistoryUsage = "usage: benchscope-cli history FILE|DIR... [--suite ID] [--metric ID|all] [--participant ID] "
                     "[--case ID] [--min-change PCT] [--alpha Q] "
                     "[--format text|markdown|csv|json]\n";

struct Selection {
    std::vector<std::string> metrics;
    std::string participant;
    std::string caseId;
};

// What the options select must exist; else the error names what is there.
bool checkSelection(CommandContext &ctx, const bs::History &h, const Selection &sel)
{
    auto fail = [&](const std::string &what) {
        ctx.err << "benchscope-cli: none of the " << h.revisions().size() << " captures of suite \"" << h.suite().id
                << "\" has " << what << "\n";
        return false;
    };
    for (const std::string &m : sel.metrics)
        if (!h.metric(m))
            return fail("metric \"" + m + "\"");
    auto has = [](const auto &list, const std::string &id) {
        return std::any_of(list.begin(), list.end(), [&](const auto &x) { return x.id == id; });
    };
    if (!sel.participant.empty() && !has(h.participants(), sel.participant))
        return fail("participant \"" + sel.participant + "\"");
    if (!sel.caseId.empty() && !has(h.cases(), sel.caseId))
        return fail("case \"" + sel.caseId + "\"");
    return true;
}

std::vector<const bs::HistorySeries *> selected(const bs::History &h, const std::string &metric, const Selection &sel)
{
    std::vector<const bs::HistorySeries *> list;
    for (const bs::HistorySeries *s : h.seriesOf(metric))
        if ((sel.participant.empty() || s->participant == sel.participant) && (sel.caseId.empty() || s->caseId == sel.caseId))
            list.push_back(s);
    return list;
}

void printRevisions(std::ostream &out, const bs::History &h, bool md)
{
    out << "Revisions, oldest first:\n" << (md ? "\n" : "");
    for (std::size_t i = 0; i < h.revisions().size(); ++i) {
        const bs::HistoryRevision &r = h.revisions()[i];
        const std::string &date = r.revision.date.empty() ? r.capturedAt : r.revision.date;
        const std::string line = bs::HistoryTable::revisionText(h, i) + (date.empty() ? "" : " (" + date + ")") + ": " + r.sourcePath;
        out << (md ? std::to_string(i + 1) + ". " : "  " + std::to_string(i + 1) + ". ")
            << (md ? bs::TextEscape::markdown(line) : bs::TextEscape::terminal(line)) << "\n";
    }
    out << "\n";
    for (const std::string &note : h.notes())
        out << (md ? "> " : "") << "Note: " << bs::TextEscape::terminal(note) << "\n" << (md ? "\n" : "");
    if (!h.notes().empty() && !md)
        out << "\n";
}

void printChangePoints(std::ostream &out, const bs::History &h, const std::vector<const bs::HistorySeries *> &series,
                       const std::string &metric, Format format)
{
    const bool md = format == Format::Markdown;
    const bs::UnitFormat::Scale scale = bs::HistoryTable::scale(h, series);
    out << (md ? "### " : "-- ") << bs::HistoryTable::metricText(h, metric, scale) << "\n\n";
    const bs::TextTable changes = bs::HistoryTable::changePoints(h, series);
    if (changes.rows.empty())
        out << bs::HistoryTable::noChangePoint(h, series)
            << " (every step's reason is in the table of every revision).\n\n";
    else
        out << bs::TableRenderer::render(changes, format) << "\n";
}

void printPoints(std::ostream &out, const bs::History &h, const std::vector<const bs::HistorySeries *> &series,
                 const std::string &metric, Format format)
{
    const bool md = format == Format::Markdown;
    const bs::UnitFormat::Scale scale = bs::HistoryTable::scale(h, series);
    if (md)
        out << "<details><summary>Every revision and step: " << bs::HistoryTable::metricText(h, metric, scale) << " ("
            << series.size() << " series)</summary>\n\n";
    else
        out << "-- " << bs::HistoryTable::metricText(h, metric, scale) << ", every revision\n\n";
    out << bs::TableRenderer::render(bs::HistoryTable::points(h, series), format) << "\n";
    if (md)
        out << "</details>\n\n";
}

// The metrics --metric names: one, all, or the primary one.
std::vector<std::string> metricsOf(const bs::History &h, const std::string &option)
{
    const std::vector<bs::Metric> &ms = h.metrics();
    std::vector<std::string> ids;
    if (option == "all") {
        for (const bs::Metric &m : ms)
            ids.push_back(m.id);
    } else if (!option.empty()) {
        ids.push_back(option);
    } else if (!ms.empty()) {
        auto primary = std::find_if(ms.begin(), ms.end(), [](const bs::Metric &m) { return m.primary; });
        ids.push_back(primary != ms.end() ? primary->id : ms.front().id);
    }
    return ids;
}

void print(std::ostream &out, const bs::History &h, const Selection &sel, bool asJson, Format format)
{
    if (asJson) {
        std::vector<const bs::HistorySeries *> all;
        for (const std::string &m : sel.metrics)
            for (const bs::HistorySeries *s : selected(h, m, sel))
                all.push_back(s);
        bs::HistoryJson::write(out, h, all);
        out << "\n";
        return;
    }
    if (format == Format::Csv) {
        for (const std::string &m : sel.metrics)
            out << bs::TableRenderer::render(bs::HistoryTable::points(h, selected(h, m, sel)), format);
        return;
    }
    const bool md = format == Format::Markdown;
    out << (md ? "## " : "== ") << "History of " << (md ? bs::TextEscape::markdown(h.suite().name()) : bs::TextEscape::terminal(h.suite().name())) << " (" << h.revisions().size()
        << " revisions)\n\n";
    const bs::ChangePoints::Options &o = h.changePointOptions();
    out << "Change points by PELT on each series' revision medians, each segment boundary tested on its runs; "
        << bs::HistoryTable::boundaryCount(h) << " boundaries in " << h.series().size()
        << " series corrected together (Benjamini-Hochberg at q = " << bs::UnitFormat::plain(o.alpha)
        << "), minimum change " << bs::UnitFormat::plain(o.minChangePct) << "% (docs/history.md).\n\n";
    for (const std::string &m : sel.metrics)
        printChangePoints(out, h, selected(h, m, sel), m, format);
    printRevisions(out, h, md);
    for (const std::string &m : sel.metrics)
        printPoints(out, h, selected(h, m, sel), m, format);
}

// Loads the files, keeps the --suite, and builds the history.
std::optional<bs::History> load(CommandContext &ctx, CommandLine &cl, bs::History::Options options)
{
    const std::vector<std::string> args = cl.files();
    const bool folders = std::any_of(args.begin(), args.end(), [](const std::string &f) {
        std::error_code ec;
        return std::filesystem::is_directory(f, ec);
    });
    options.givenAs = folders ? "by file name, as the folder lists them (name the files in order to set it)"
                              : "as given on the command line";
    std::vector<std::string> files;
    std::vector<bs::Capture> captures;
    if (!ctx.expandFolders(cl.files(), files) || !IndexedFiles::load(ctx, files, !cl.isSet(Option::NoIndex), captures))
        return std::nullopt;
    // --suite picks the captures of that suite; when none is of it, it is
    // given to every imported run (runs of other tools followed as one). An
    // id some run has never relabels the others: two asv environments in
    // one folder are two histories, not one of both.
    const std::string suite = cl.value(Option::Suite);
    const bool named = std::any_of(captures.begin(), captures.end(), [&](const bs::Capture &c) { return c.suite.id == suite; });
    std::vector<const bs::Capture *> kept;
    for (bs::Capture &c : captures) {
        if (!suite.empty() && !named && !bs::CaptureLoader::isCapture(c.sourcePath))
            c.suite.id = suite;
        if (suite.empty() || c.suite.id == suite)
            kept.push_back(&c);
    }
    const bool mixed = std::any_of(kept.begin(), kept.end(),
                                   [&](const bs::Capture *c) { return c->suite.id != kept.front()->suite.id; });
    std::string error;
    std::optional<bs::History> h;
    if (kept.size() < 2)
        error = suite.empty() ? "a history needs two or more captures"
                              : std::to_string(kept.size()) + " capture(s) of suite \"" + suite + "\"; a history needs two or more";
    else if (!(h = bs::History::build(kept, options, error)) && mixed)
        error += "; pick one with --suite ID";
    if (!h)
        ctx.err << "benchscope-cli: " << (files.size() == 1 ? files.front() + ": " : "") << bs::TextEscape::terminal(error) << "\n";
    return h;
}

} // namespace

int HistoryCommand::run(CommandContext &ctx)
{
    CommandLine cl(ctx, "history", kHistoryUsage,
                   {Option::Format, Option::Metric, Option::Participant, Option::Case, Option::Suite,
                    Option::MinChange, Option::Alpha, Option::NoIndex});
    if (!cl.parse())
        return cl.exitCode();
    bs::History::Options options;
    if (!cl.number(Option::Alpha, options.changePoints.alpha, CommandLine::isProbability, "a number between 0 and 1")
        || !cl.number(Option::MinChange, options.changePoints.minChangePct, CommandLine::isPercent,
                      "a percentage of 0 or more"))
        return cl.exitCode();
    const std::string formatName = cl.value(Option::Format, "text");
    Format format = Format::Text;
    const bool asJson = formatName == "json";
    if (!asJson && (!bs::TableRenderer::parseFormat(formatName, format) || format == Format::Html))
        return cl.usageError("unknown format \"" + formatName + "\" (expected text, markdown, csv or json)");
    if (cl.files().empty())
        return cl.usageError("FILEs or a DIR of captures are needed");

    const std::optional<bs::History> h = load(ctx, cl, options);
    if (!h)
        return 1;
    const Selection sel{metricsOf(*h, cl.value(Option::Metric)), cl.value(Option::Participant), cl.value(Option::Case)};
    if (!checkSelection(ctx, *h, sel))
        return 1;

    print(ctx.out, *h, sel, asJson, format);
    return 0;
}
