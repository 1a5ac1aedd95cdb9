// Every capture under sample-data/ through every path a table takes: the
// core's builder, the CLI (`inspect`, `export --table`), the item models the
// pages show (and export from) — the same columns, units and cell texts.
#include "allcasesmodel.h"
#include "benchchart.h"
#include "captureloader.h"
#include "capturetables.h"
#include "casetablemodel.h"
#include "chartfactory.h"
#include "clirun.h"
#include "reportcontentbuilder.h"
#include "tablebaseline.h"
#include "participantfilterproxy.h"
#include "resulttableview.h"
#include "samplecapture.h"
#include "slug.h"
#include "tablebuilder.h"
#include "tableexporter.h"
#include "tablerenderer.h"
#include "tableroles.h"

#include <QTableView>
#include <QValueAxis>
#include <QtTest>

// A member's type of the test class, so not in the anonymous namespace
// (GCC's -Wsubobject-linkage).
struct Sample {
    QString path;
    std::shared_ptr<const bs::Capture> capture;
};

namespace {

using Format = bs::TableRenderer::Format;

// Every file under sample-data/ that opens as a capture (suites, scripts
// and raw-repetitions files do not).
std::vector<Sample> samples()
{
    std::vector<Sample> out;
    for (auto &[path, capture] : samplecapture::all())
        out.push_back({path, std::make_shared<const bs::Capture>(std::move(capture))});
    return out;
}

QString cli(const QStringList &args)
{
    const CliRun r = CliRun::run(args);
    if (r.exitCode != 0)
        qFatal("benchscope-cli %s: exit %d: %s", qPrintable(args.join(QLatin1Char(' '))), r.exitCode,
               qPrintable(r.err));
    return r.out;
}

// The model's header and cell texts (as Copy and export read them), in
// its own order, as a TextTable.
bs::TextTable modelTexts(const QAbstractItemModel &m)
{
    bs::TextTable t;
    for (int c = 0; c < m.columnCount(); ++c)
        t.header.push_back(m.headerData(c, Qt::Horizontal).toString().toStdString());
    for (int r = 0; r < m.rowCount(); ++r) {
        std::vector<std::string> row;
        for (int c = 0; c < m.columnCount(); ++c)
            row.push_back(m.index(r, c).data(TableRole::CellTextRole).toString().toStdString());
        t.rows.push_back(row);
    }
    return t;
}

void compareTexts(const bs::TextTable &ours, const bs::TextTable &theirs, const QString &where)
{
    if (ours.header != theirs.header)
        QFAIL(qPrintable(where + QStringLiteral(": header differs")));
    QCOMPARE(theirs.rows.size(), ours.rows.size());
    for (std::size_t r = 0; r < ours.rows.size(); ++r)
        if (ours.rows[r] != theirs.rows[r])
            QFAIL(qPrintable(where + QStringLiteral(": row %1 differs: ").arg(r)
                             + QString::fromStdString(theirs.rows[r].empty() ? "" : theirs.rows[r].front())));
}

// Two renderings of one table, compared where they first differ.
void compareOutput(const QString &theirs, const QString &ours, const QString &where)
{
    if (theirs == ours)
        return;
    qsizetype i = 0;
    while (i < theirs.size() && i < ours.size() && theirs[i] == ours[i])
        ++i;
    QFAIL(qPrintable(where + QStringLiteral(": differs at %1: \"%2\" vs \"%3\"")
                                 .arg(i)
                                 .arg(theirs.mid(std::max<qsizetype>(0, i - 40), 80),
                                      ours.mid(std::max<qsizetype>(0, i - 40), 80))));
}

// What a window's Export Table writes from a table of this model, whose
// columns without a value are hidden as a capture page hides them.
bs::TextTable exported(QAbstractItemModel *model, Format format)
{
    ParticipantFilterProxy proxy;
    proxy.setSourceModel(model);
    ResultTableView view;
    view.setModel(&proxy);
    view.setHideEmptyColumns(true);
    return TableExporter::fromView(view, format);
}

// Every column of a table, as its model has them.
std::vector<std::size_t> allColumns(const bs::Table &table)
{
    std::vector<std::size_t> all(table.columnCount());
    for (std::size_t i = 0; i < all.size(); ++i)
        all[i] = i;
    return all;
}

} // namespace

class TestTablePaths : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void allCasesAgree();
    void caseTablesAgree();
    void unitsNamedInCaptions();
    void sukuInspectHasBaselineColumn();
    void pageLeadsAsTheWindow();

private:
    std::vector<Sample> m_samples;
};

void TestTablePaths::initTestCase()
{
    m_samples = samples();
    // The bundled set: captures of the runner, the local set, imports,
    // published pages, history revisions.
    QVERIFY2(m_samples.size() >= 20, qPrintable(QString::number(m_samples.size())));
}

// In process, every metric of every sample. The CLI is run four times a
// sample: `inspect --metric all` in both formats holds every metric's table,
// and `export` of the first metric checks its own option and writer paths
// (one process per metric would be some 600 runs, too slow under ASan).
void TestTablePaths::allCasesAgree()
{
    for (const Sample &s : m_samples) {
        const bs::Capture &c = *s.capture;
        AllCasesModel model(s.capture);
        QString allCsv;
        std::vector<QString> mds;
        for (const bs::Metric &m : c.metrics) {
            const QString where = s.path + QStringLiteral(" / ") + QString::fromStdString(m.id);
            const bs::Table table = bs::TableBuilder::allCases(c, m.id);
            const bs::TextTable human = table.human();
            model.setMetric(m.id);
            compareTexts(table.human({}, allColumns(table)), modelTexts(model), where + QStringLiteral(" (model)"));
            compareTexts(human, exported(&model, Format::Markdown), where + QStringLiteral(" (Export Table)"));
            compareTexts(table.machine(), exported(&model, Format::Csv), where + QStringLiteral(" (Export Table CSV)"));
            mds.push_back(QString::fromStdString(bs::TableRenderer::render(human, Format::Markdown)));
            const QString csv = QString::fromStdString(bs::TableRenderer::render(table, Format::Csv));
            allCsv += (allCsv.isEmpty() ? QString() : QStringLiteral("\r\n")) + csv;
            if (&m != &c.metrics.front())
                continue;
            const QString id = QString::fromStdString(m.id);
            for (const auto &[format, text] : {std::pair{QStringLiteral("md"), mds.front()}, std::pair{QStringLiteral("csv"), csv}})
                compareOutput(cli({QStringLiteral("export"), s.path, QStringLiteral("--table"), QStringLiteral("all-cases"),
                                   QStringLiteral("--metric"), id, QStringLiteral("--format"), format}),
                              text, where + QStringLiteral(" (export ") + format + QLatin1Char(')'));
        }
        const QString md = cli({QStringLiteral("inspect"), s.path, QStringLiteral("--metric"), QStringLiteral("all"),
                                QStringLiteral("--format"), QStringLiteral("markdown")});
        for (std::size_t i = 0; i < mds.size(); ++i)
            QVERIFY2(md.contains(mds[i]), qPrintable(s.path + QStringLiteral(": inspect markdown lacks metric ")
                                                    + QString::fromStdString(c.metrics[i].id)));
        compareOutput(cli({QStringLiteral("inspect"), s.path, QStringLiteral("--metric"), QStringLiteral("all"),
                           QStringLiteral("--format"), QStringLiteral("csv")}),
                      allCsv, s.path + QStringLiteral(" (inspect csv)"));
    }
}

void TestTablePaths::caseTablesAgree()
{
    for (const Sample &s : m_samples) {
        const bs::Capture &c = *s.capture;
        for (const bs::CaseInfo &k : c.cases) {
            const QString where = s.path + QStringLiteral(" / ") + QString::fromStdString(k.id);
            const bs::Table table = bs::TableBuilder::caseTable(c, k.id);
            CaseTableModel model(s.capture, k.id);
            compareTexts(table.human({}, allColumns(table)), modelTexts(model), where + QStringLiteral(" (model)"));
            // Exported as shown: the window's columns, the CLI's.
            compareTexts(table.human(), exported(&model, Format::Markdown), where + QStringLiteral(" (Export Table)"));
            compareTexts(table.machine(), exported(&model, Format::Csv), where + QStringLiteral(" (Export Table CSV)"));
            const bs::TextTable shown = table.human();
            for (std::size_t col = 1; col < shown.header.size(); ++col)
                QVERIFY2(std::any_of(shown.rows.begin(), shown.rows.end(),
                                     [&](const std::vector<std::string> &row) { return row[col] != "n/a"; }),
                         qPrintable(where + QStringLiteral(": every cell of ") + QString::fromStdString(shown.header[col])
                                    + QStringLiteral(" is n/a")));
            // The CLI's case path on the first and last case of each sample.
            if (&k != &c.cases.front() && &k != &c.cases.back())
                continue;
            compareOutput(cli({QStringLiteral("export"), s.path, QStringLiteral("--table"), QStringLiteral("case"),
                               QStringLiteral("--case"), QString::fromStdString(k.id), QStringLiteral("--format"),
                               QStringLiteral("md")}),
                          QString::fromStdString(bs::TableRenderer::render(table, Format::Markdown)),
                          where + QStringLiteral(" (export case md)"));
        }
    }
}

void TestTablePaths::unitsNamedInCaptions()
{
    // A metric reads in one unit in All cases and on its case's tab, and
    // the title names the unit the cells show.
    for (const Sample &s : m_samples) {
        const bs::Capture &c = *s.capture;
        for (const bs::Metric &m : c.metrics) {
            const bs::Table all = bs::TableBuilder::allCases(c, m.id);
            for (const bs::TableColumn &column : all.columns) {
                if (column.kind != bs::ColumnKind::Value)
                    continue;
                if (!column.scale.suffix.empty())
                    QVERIFY2(all.title.find("(" + column.scale.suffix + ",") != std::string::npos,
                             qPrintable(s.path + QStringLiteral(": ") + QString::fromStdString(all.title)));
                const bs::Table one = bs::TableBuilder::caseTable(c, column.caseId);
                for (const bs::TableColumn &other : one.columns)
                    if (other.kind == bs::ColumnKind::Value && other.metric->id == m.id) {
                        QCOMPARE(other.scale.suffix, column.scale.suffix);
                        QCOMPARE(other.scale.decimals, column.scale.decimals);
                    }
            }
        }
    }
}

void TestTablePaths::sukuInspectHasBaselineColumn()
{
    const QString path = qEnvironmentVariable("BENCHSCOPE_SOURCE_DIR")
        + QStringLiteral("/sample-data/published/suku-overhead.json.gz");
    QVERIFY(cli({QStringLiteral("inspect"), path}).contains(QStringLiteral("Against baseline")));
    QVERIFY(cli({QStringLiteral("export"), path, QStringLiteral("--table"), QStringLiteral("all-cases"),
                 QStringLiteral("--format"), QStringLiteral("md")})
                .contains(QStringLiteral("Against baseline")));
}

// The published page of every sample (the page's content, as
// ReportContentBuilder makes it for benchscope-cli publish and the GUI's
// Publish Page) leads with the window's figure: its All cases tab shows the
// primary metric (PrimaryMetric, what AllCasesModel opens on and `inspect`
// prints), in the table's unit, its bars in the same unit, and the ratio
// against the baseline wherever the capture marks one; every case tab is
// the window's case table.
void TestTablePaths::pageLeadsAsTheWindow()
{
    ReportContentBuilder::Options page;
    page.everyMetric = false;
    for (const Sample &s : m_samples) {
        const bs::Capture &c = *s.capture;
        const bs::Metric *primary = c.primaryMetric();
        QVERIFY2(primary, qPrintable(s.path));
        const AllCasesModel window(s.capture);
        QCOMPARE(window.metricId(), primary->id);
        bs::ReportContent content;
        std::string error;
        QVERIFY(ReportContentBuilder(page).addSuite(content, {s.capture}, error));
        const bs::ReportBlock *tabs = nullptr;
        for (const bs::ReportBlock &b : content.sections.front().blocks)
            if (b.kind == bs::ReportBlock::Kind::Tabs)
                tabs = &b;
        QVERIFY2(tabs && !tabs->tabs.empty(), qPrintable(s.path));
        const bool baseline = bs::TableBaseline::defaultFor(c).mode != bs::TableBaseline::Mode::None;
        const bool allTab = tabs->tabs.front().id == "all-cases";
        QCOMPARE(allTab, c.cases.size() > 1 || baseline);
        if (allTab && !bs::CaptureTables::measuredCases(c, primary->id).empty()) {
            const bs::Table expected = bs::TableBuilder::allCases(c, primary->id);
            const bs::ReportBlock *firstTable = nullptr;
            for (const bs::ReportBlock &b : tabs->tabs.front().blocks) {
                if (b.kind == bs::ReportBlock::Kind::Chart) {
                    QCOMPARE(b.chart.metricId, primary->id);
                    // The bars in the table's unit.
                    AllCasesModel rows(s.capture);
                    std::unique_ptr<BenchChart> chart(ChartFactory::create(ChartFactory::Kind::Bars, s.capture, {},
                                                                           primary->id, &rows));
                    QVERIFY(chart);
                    const auto axes = chart->axes(Qt::Vertical);
                    QVERIFY(!axes.isEmpty());
                    const std::string unit = bs::CaptureTables::captureScales(c).at(primary->id).suffix; // a copy: the map is a temporary
                    QVERIFY2(unit.empty() || axes.front()->titleText().contains(QStringLiteral("(") + QString::fromStdString(unit)),
                             qPrintable(s.path + QStringLiteral(": ") + axes.front()->titleText()));
                }
                if (b.kind == bs::ReportBlock::Kind::Table && !firstTable)
                    firstTable = &b;
            }
            QVERIFY2(firstTable, qPrintable(s.path));
            QCOMPARE(firstTable->table.table.title, expected.title);
            compareTexts(expected.human(), firstTable->table.table, s.path + QStringLiteral(" (page, all cases)"));
            if (baseline)
                QVERIFY2(std::any_of(expected.columns.begin(), expected.columns.end(),
                                     [](const bs::TableColumn &col) { return col.kind == bs::ColumnKind::Ratio; }),
                         qPrintable(s.path + QStringLiteral(": no ratio column")));
            QVERIFY2(cli({QStringLiteral("inspect"), s.path}).contains(QString::fromStdString(expected.title)),
                     qPrintable(s.path + QStringLiteral(": inspect leads with another metric")));
        }
        for (const bs::ReportTab &tab : tabs->tabs) {
            if (tab.id == "all-cases")
                continue;
            for (const bs::ReportBlock &b : tab.blocks)
                if (b.kind == bs::ReportBlock::Kind::Table) {
                    const std::string caseId = b.table.stem.substr(std::string("tables/case-").size());
                    const bs::CaseInfo *k = nullptr;
                    for (const bs::CaseInfo &each : c.cases)
                        if (bs::Slug::fileName(each.id) == caseId)
                            k = &each;
                    QVERIFY2(k, qPrintable(s.path + QStringLiteral(": ") + QString::fromStdString(b.table.stem)));
                    compareTexts(bs::TableBuilder::caseTable(c, k->id).human(), b.table.table,
                                 s.path + QStringLiteral(" (page, case ") + QString::fromStdString(k->id) + QLatin1Char(')'));
                }
        }
    }
}

QTEST_MAIN(TestTablePaths)
#include "tst_tablepaths.moc"
