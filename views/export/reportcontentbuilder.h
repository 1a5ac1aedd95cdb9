#pragma once

#include "reportcontent.h"

#include <functional>
#include <memory>
#include <string>
#include <vector>

// Chooses what a report or a published page shows of captures: the
// sections, tables and charts, as values (bs::ReportContent). Two writers
// write the same content: the Markdown report folder (ReportWriter) and the
// published HTML page (benchscope-cli publish, bs::HtmlPage).
//
// Per suite: its provenance, the conditions and every caveat beside the
// tables, a tab per case (labelled with its group where there are several,
// e.g. a concurrency level) after the all-cases tab, the shared contract
// (passes and failures, expected vs actual), route coverage when some
// participant declares a case missing or unsupported, and the downloads.
// Two captures of one suite add the before/after diff (Δ, p, n, verdict in
// words) and a paired range plot per case; three or more the history chart
// of every metric with its change points.
class ReportContentBuilder {
public:
    struct Options {
        // Every metric's all-cases table and bars, range plot per case and
        // a box plot (the report); else the primary metric's (the page,
        // kept small: each case tab still has every metric's column).
        bool everyMetric = true;
        // Each table's CSV form too (bs::Table::machine): the report writes
        // it beside the Markdown; a page offers the captures instead.
        bool csv = true;
        // The files offered for a capture (the page writes them first).
        std::function<std::vector<bs::ReportDownload>(const bs::Capture &)> downloads;
    };

    explicit ReportContentBuilder(Options options);

    // The captures of one suite as the page shows them: one capture; a
    // pair, compared, then each, when bs::CapturePair makes them a
    // before/after (`orderStated`: the user named them in this order), else
    // each with the reason they are not compared; three or more, their
    // history, then the latest capture. False with `error` when a history
    // cannot be built of them.
    bool addSuite(bs::ReportContent &content, const std::vector<std::shared_ptr<const bs::Capture>> &captures,
                  std::string &error, bool orderStated = false);

    // What addSuite makes of these captures, in a line: "its tables and
    // charts", "a before/after, r1 → r2 (r2 records r1 as its parent)",
    // "two captures shown apart: …", "the history of 6 revisions, then the
    // latest" (the Publish Page dialog says it before publishing).
    static std::string plan(const std::vector<std::shared_ptr<const bs::Capture>> &captures, bool orderStated = false);

    // One capture: a section `id` (at `level`) with the caveats and the tab
    // set, then (a level below) its provenance, contract, coverage and
    // (with Options::downloads and `downloads`) downloads sections.
    void addCapture(bs::ReportContent &content, std::shared_ptr<const bs::Capture> capture, const std::string &id,
                    const std::string &heading, int level, bool downloads = true);
    // The before/after section of two captures.
    void addComparison(bs::ReportContent &content, std::shared_ptr<const bs::Capture> before,
                       std::shared_ptr<const bs::Capture> after, const std::string &id);
    // The revisions, and per metric the history chart, change points and
    // every point and step. False with `error` when they make no history.
    bool addHistory(bs::ReportContent &content, const std::vector<std::shared_ptr<const bs::Capture>> &captures,
                    const std::string &id, std::string &error);

    // A section offering the captures' files (Options::downloads), and the
    // command each records.
    void addDownloads(bs::ReportContent &content, const std::vector<std::shared_ptr<const bs::Capture>> &captures,
                      const std::string &id, int level);

    // A section id from `text` that no section of `content` has yet.
    static std::string uniqueId(const bs::ReportContent &content, const std::string &text);

private:
    void addPair(bs::ReportContent &content, const std::vector<std::shared_ptr<const bs::Capture>> &captures,
                 const std::string &id, bool orderStated);

    Options m_options;
};
