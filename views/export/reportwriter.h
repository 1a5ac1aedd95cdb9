#pragma once

#include "capture.h"
#include "loaderror.h"
#include "reportnames.h"
#include "reportcontent.h"
#include "sitefolder.h"
#include "texttable.h"

#include <QString>
#include <QStringList>

#include <memory>
#include <vector>

class BenchChart;
class ReportCharts;

// Writes a report folder ready to paste into a release note:
//
//   index.md                 what was measured, by whom, and every chart and
//                            table below, inline, with links to the files
//   provenance.md, .csv      the capture's provenance
//   tables/*.md, *.csv       the all-cases table of every metric, each case's table
//   charts/*.svg, *.png      per case: a range plot of every metric, a box plot
//                            (5+ repetitions), latency percentiles (histograms);
//                            across cases: grouped bars of every metric; none
//                            of a metric zero everywhere, one of a metric the
//                            same in every case (ChartWorth: index.md says
//                            what it left out)
//   capture/*.json, *.raw.json.gz   the capture itself, summary and every
//                            repetition, linked from index.md's Downloads
//
// With two captures: a before/after report whose index.md has the
// provenance differences, the geometric-mean summary, the diff table
// (diff.md, diff.csv) and a paired range plot per case and metric, and the
// single-capture reports of both sides in before/ and after/.
// With three or more captures of one suite: a history report (index.md with
// the revisions, per metric the history chart and its change points, and
// tables/history-<metric>.md, .csv with every point and step).
// What the report holds is ReportContentBuilder's choice (the same content
// the published page shows); this writes it as Markdown, each table also
// as CSV, each chart as SVG and PNG (drawn by ReportCharts).
// Every file is written into a temporary folder beside the folder and moved
// into place at the end (bs::SiteFolder: all or nothing, nothing left behind
// on an error or SIGINT/SIGTERM); files() lists them relative to the folder.
// File names and anchors are unique ignoring case (ReportNames). The folder
// must be new, empty or an earlier report, told by the manifest
// (.benchscope-report, listing the files); another folder is refused unless
// setForce(true). Even then only what an earlier report wrote (as its
// manifest lists) is replaced: a user's other files stay, and a report that
// would replace one of them is refused, naming them.
class ReportWriter {
public:
    explicit ReportWriter(const QString &folder);

    bool write(std::shared_ptr<const bs::Capture> capture);
    bool writeComparison(std::shared_ptr<const bs::Capture> before, std::shared_ptr<const bs::Capture> after);
    bool writeHistory(const std::vector<std::shared_ptr<const bs::Capture>> &captures);

    // Write into a folder that holds other files (which are kept).
    void setForce(bool force) { m_force = force; }
    // Empty when `folder` is new, empty or an earlier report; else what it
    // holds ("3 entries, such as notes.txt"), the reason a write is refused.
    static QString otherFiles(const QString &folder);
    static constexpr const char *kManifest = ".benchscope-report";

    QString error() const { return m_error; }
    const QStringList &files() const { return m_files; }

private:
    bool claimFolder(const std::vector<std::shared_ptr<const bs::Capture>> &captures);
    bool writeManifest();
    // Where the file `relative` (to the folder) is written, folders made; empty with m_error.
    QString target(const QString &relative);
    bool writeCapture(const QString &prefix, std::shared_ptr<const bs::Capture> capture, const QString &heading);
    // index.md under `prefix`: `intro`, the content's sections, `footer`,
    // with every table and chart written beside it.
    // The Markdown is UTF-8 in one std::string: a report holding a 1 MiB
    // name a few times is written without a UTF-16 copy of it all.
    bool writeIndex(const QString &prefix, const bs::ReportContent &content, const std::string &intro,
                    const std::string &footer);
    bool writeBlocks(const QString &prefix, const std::vector<bs::ReportBlock> &blocks, int level,
                     ReportCharts &charts, std::string &markdown);
    // Writes <stem>.md and .csv; the Markdown that shows it.
    bool writeTable(const QString &prefix, const bs::ReportTable &table, std::string &markdown);
    // Writes charts/<stem>.svg and .png; the Markdown that shows it.
    bool writeChart(const QString &prefix, BenchChart *chart, std::string &markdown);
    bool writeText(const QString &relativePath, const std::string &bytes);

    QString m_folder;
    bs::SiteFolder m_site;
    bool m_force = false;
    ReportNames m_names;
    QString m_error;
    QStringList m_files;
};
