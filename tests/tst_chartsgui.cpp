// Charts and export in the window, as a person meets them: hints that wrap
// instead of widening the page, empty charts that say what is missing,
// chart labels that read as the table, File > Export enabled by what the
// page shows, confirmations, and a report folder that may be new.
#include "allcaseswidget.h"
#include "benchchart.h"
#include "boxplotchart.h"
#include "capturemodels.h"
#include "capturepage.h"
#include "capturetables.h"
#include "chartpanel.h"
#include "exportmenu.h"
#include "groupedbarschart.h"
#include "latencypercentilechart.h"
#include "participantfilterproxy.h"
#include "provenancepanel.h"
#include "rangeplotchart.h"
#include "reportfolderdialog.h"
#include "resulttableview.h"
#include "samplecapture.h"
#include "tablebuilder.h"
#include "tableexporter.h"

#include <QBarCategoryAxis>
#include <QBarLegendMarker>
#include <QBarSet>
#include <QLegendMarker>
#include <QTextDocumentFragment>
#include <QCategoryAxis>
#include <QChartView>
#include <QLabel>
#include <QMainWindow>
#include <QMenu>
#include <QPushButton>
#include <QStatusBar>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QtTest>

using namespace Qt::StringLiterals;
using samplecapture::load;

class TestChartsGui : public QObject {
    Q_OBJECT
private slots:
    void hintsWrapAndKeepThePanels_data();
    void hintsWrapAndKeepThePanels();
    void emptyChartsSayWhatIsMissing();
    void rangeLabelsReadAsTheTable_data();
    void rangeLabelsReadAsTheTable();
    void longCategoryNamesWrap();
    void narrowChartsCutNothing();
    void legendEntriesWrapInsteadOfCut_data();
    void legendEntriesWrapInsteadOfCut();
    void exportItemsFollowThePage();
    void exportsAreConfirmed();
    void reportFolderMayBeNew();
    void allCasesTableNamesItsMetric();
};

void TestChartsGui::hintsWrapAndKeepThePanels_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<QSize>("size");
    for (const QString &file : {u"runner/static-servers.json.gz"_s, u"measured/compressors-fast.json.gz"_s,
                               u"published/orbit-js-frameworks.json.gz"_s})
        for (const QSize size : {QSize(1600 - 260, 1000), QSize(1280 - 260, 720)}) // the page beside the capture list
            QTest::addRow("%s %dx%d", qPrintable(file.section(u'/', 1)), size.width(), size.height()) << file << size;
}

void TestChartsGui::hintsWrapAndKeepThePanels()
{
    QFETCH(QString, file);
    QFETCH(QSize, size);
    CapturePage page(load(file));
    page.resize(size);
    page.show();
    ChartPanel *panel = page.chartPanel();
    page.tabs()->setCurrentWidget(panel);
    QVERIFY(QTest::qWaitForWindowExposed(&page));
    const int minimum = page.minimumSizeHint().width();
    const int provenance = page.provenance()->width();
    auto *hint = panel->findChild<QLabel *>(u"chartHint"_s);
    QVERIFY(hint);
    for (ChartFactory::Kind kind : {ChartFactory::Kind::Box, ChartFactory::Kind::Latency, ChartFactory::Kind::Bars,
                                    ChartFactory::Kind::Range}) {
        panel->setKind(kind);
        QCoreApplication::processEvents();
        QVERIFY2(page.minimumSizeHint().width() <= minimum, qPrintable(ChartFactory::name(kind)));
        QCOMPARE(page.provenance()->width(), provenance);
        QVERIFY(hint->isHidden() || hint->wordWrap());
        QVERIFY(panel->view()->width() <= page.width());
        if (const QString shots = qEnvironmentVariable("BENCHSCOPE_CHART_SHOTS"); !shots.isEmpty())
            page.grab().save(u"%1/%2-%3-%4x%5.png"_s.arg(shots, file.section(u'/', 1).section(u'.', 0, 0), ChartFactory::name(kind))
                                 .arg(size.width()).arg(size.height()));
    }
    // Three repetitions: the box plot's hint is shown, wrapped under the pickers.
    if (file.contains(u"static-servers"_s)) {
        panel->setKind(ChartFactory::Kind::Box);
        QVERIFY(hint->isVisibleTo(&page));
        QVERIFY(hint->text().contains(u"5 or more repetitions"_s));
    }
}

void TestChartsGui::emptyChartsSayWhatIsMissing()
{
    auto capture = load(u"measured/compressors-fast.json.gz"_s);
    CaptureModels models(capture);
    ParticipantFilterProxy *rows = models.caseTable("text");
    LatencyPercentileChart latency(capture, "text", rows);
    QVERIFY(latency.axes().isEmpty());
    QVERIFY(latency.series().isEmpty());
    QVERIFY2(latency.emptyMessage().contains(u"No latency histogram"_s), qPrintable(latency.emptyMessage()));

    RangePlotChart range(capture, "text", rows, "wall_time");
    QVERIFY(range.emptyMessage().isEmpty());
    QVERIFY(!range.axes().isEmpty());
    rows->setFilterText(u"no such participant"_s);
    QTRY_VERIFY(range.axes().isEmpty());
    QVERIFY(range.emptyMessage().contains(u"filter"_s));
    rows->setFilterText(QString());
    QTRY_VERIFY(!range.axes().isEmpty());
    QVERIFY(range.emptyMessage().isEmpty());
}

void TestChartsGui::rangeLabelsReadAsTheTable_data()
{
    QTest::addColumn<QString>("file");
    QTest::newRow("static servers") << u"runner/static-servers.json.gz"_s;
    QTest::newRow("compressors") << u"measured/compressors-fast.json.gz"_s;
    QTest::newRow("suku") << u"published/suku-overhead.json.gz"_s;
}

// Each row label is the participant cell over the metric cell of the case
// table, character for character ("7,864 [7,408–7,964]").
void TestChartsGui::rangeLabelsReadAsTheTable()
{
    QFETCH(QString, file);
    auto capture = load(file);
    CaptureModels models(capture);
    for (const bs::CaseInfo &k : capture->cases)
        for (const bs::Metric &m : capture->metrics) {
            RangePlotChart chart(capture, k.id, models.caseTable(k.id), m.id);
            if (!chart.emptyMessage().isEmpty())
                continue;
            const bs::TextTable table = bs::TableBuilder::caseTable(*capture, k.id).human();
            std::size_t column = 0;
            while (column < table.header.size() && table.header[column] != m.label
                   && table.header[column].rfind(m.label + " (", 0) != 0)
                ++column;
            QVERIFY(column < table.header.size());
            QStringList expected;
            for (const std::vector<std::string> &row : table.rows)
                expected << QString::fromStdString(row[0]).toHtmlEscaped() + u"<br>"_s + QString::fromStdString(row[column]);
            auto *axis = qobject_cast<QCategoryAxis *>(chart.axes(Qt::Vertical).value(0));
            QVERIFY(axis);
            QStringList labels = axis->categoriesLabels();
            for (QString &label : labels)
                label.remove(QChar(0x200B));
            labels.sort();
            expected.sort();
            QCOMPARE(labels, expected);
        }
}

// Case and participant names wrap onto a second line rather than being
// cut to "hello-w…" by the axis.
void TestChartsGui::longCategoryNamesWrap()
{
    auto orbit = load(u"published/orbit-js-frameworks.json.gz"_s);
    CaptureModels models(orbit);
    GroupedBarsChart bars(orbit, models.allCases(orbit->primaryMetric()->id), orbit->primaryMetric()->id);
    const QStringList cases = qobject_cast<QBarCategoryAxis *>(bars.axes(Qt::Horizontal).value(0))->categories();
    QVERIFY2(cases.contains(u"hello-<br>world"_s), qPrintable(cases.join(u", "_s)));
    QVERIFY(cases.contains(u"db-list"_s));

    auto servers = load(u"runner/static-servers.json.gz"_s);
    CaptureModels serverModels(servers);
    BoxPlotChart box(servers, "index-html", serverModels.caseTable("index-html"), "rps");
    const QStringList names = qobject_cast<QBarCategoryAxis *>(box.axes(Qt::Horizontal).value(0))->categories();
    QVERIFY2(names.contains(u"python3 -m<br>http.server (baseline)<br>n=3"_s), qPrintable(names.join(u", "_s)));
    QVERIFY(names.contains(u"nginx<br>(nginx-light)<br>n=3"_s));
}

// In a narrow chart (the Charts tab at 1280x720) nothing is cut: column
// labels wider than their column turn, the title and the value axis's
// title break at their dash; in a wide one they stay as they are.
void TestChartsGui::narrowChartsCutNothing()
{
    auto orbit = load(u"published/orbit-js-frameworks.json.gz"_s);
    CaptureModels models(orbit);
    auto *bars = new GroupedBarsChart(orbit, models.allCases(orbit->primaryMetric()->id), orbit->primaryMetric()->id);
    QChartView view(bars);
    view.resize(640, 460);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    auto *cases = qobject_cast<QBarCategoryAxis *>(bars->axes(Qt::Horizontal).value(0));
    auto *values = bars->axes(Qt::Vertical).value(0);
    QTRY_COMPARE(cases->labelsAngle(), -45);
    QVERIFY(!cases->truncateLabels());
    QVERIFY2(bars->title().contains(u"<br>"_s), qPrintable(bars->title()));
    QVERIFY2(values->titleText().contains(u"<br>"_s) || QFontMetricsF(values->titleFont()).horizontalAdvance(values->titleText())
                 <= bars->plotArea().height(), qPrintable(values->titleText()));

    view.resize(1600, 1000);
    QTRY_COMPARE(cases->labelsAngle(), 0);
    QVERIFY(!bars->title().contains(u"<br>"_s));
    QVERIFY(!values->titleText().contains(u"<br>"_s));
}

void TestChartsGui::legendEntriesWrapInsteadOfCut_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("kind");
    QTest::addRow("hyperfine command lines, bars") << u"imports/hyperfine-gzip.json"_s << u"bars"_s;
    QTest::addRow("static servers, latency") << u"runner/static-servers.json.gz"_s << u"latency"_s;
}

// A legend entry too long for its share of one row keeps every word, on
// lines that fit the share; at full width it is one line again.
void TestChartsGui::legendEntriesWrapInsteadOfCut()
{
    QFETCH(QString, file);
    QFETCH(QString, kind);
    auto capture = load(file);
    CaptureModels models(capture);
    const std::string caseId = capture->cases.front().id;
    BenchChart *chart = nullptr;
    if (kind == u"bars"_s)
        chart = new GroupedBarsChart(capture, models.allCases(capture->primaryMetric()->id), capture->primaryMetric()->id);
    else
        chart = new LatencyPercentileChart(capture, caseId, models.caseTable(caseId));
    QChartView view(chart);
    view.resize(560, 460);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    auto shownMarkers = [chart] {
        QList<QLegendMarker *> shown;
        for (QLegendMarker *marker : chart->legend()->markers())
            if (marker->isVisible())
                shown.append(marker);
        return shown;
    };
    const QFontMetricsF metrics(chart->legend()->font());
    QTRY_VERIFY(shownMarkers().size() >= 2);
    const qreal share = (chart->size().width() - chart->margins().left() - chart->margins().right()) / shownMarkers().size();
    bool wrappedOne = false;
    for (QLegendMarker *marker : shownMarkers()) {
        const QStringList lines = QTextDocumentFragment::fromHtml(marker->label()).toPlainText().split(QChar(u'\n'));
        wrappedOne = wrappedOne || lines.size() > 1;
        for (const QString &line : lines)
            QVERIFY2(metrics.horizontalAdvance(line) <= share, qPrintable(line));
        const QString name = qobject_cast<QBarLegendMarker *>(marker) ? qobject_cast<QBarLegendMarker *>(marker)->barset()->label()
                                                                        : marker->series()->name();
        QCOMPARE(lines.join(u' '), name);
    }
    QVERIFY(wrappedOne);
    view.resize(2400, 900);
    QTRY_VERIFY(!shownMarkers().front()->label().contains(u"<br>"_s));
}

void TestChartsGui::exportItemsFollowThePage()
{
    QMainWindow window;
    QMenu menu;
    auto *page = new CapturePage(load(u"measured/compressors-fast.json.gz"_s));
    window.setCentralWidget(page);
    QList<QWidget *> pages{page};
    ExportMenu exportMenu(&menu, [page] { return page; }, [&pages] { return pages; }, &window);
    auto enabled = [&menu] {
        emit menu.aboutToShow();
        QStringList on;
        for (QAction *a : menu.actions())
            if (!a->isSeparator() && a->isEnabled())
                on << a->text().remove(u'&');
        return on;
    };
    // All cases: a table, no chart (none is shown), a report of this capture.
    const QStringList tables{u"Table as CSV…"_s, u"Table as Markdown…"_s, u"Table as HTML…"_s};
    QCOMPARE(enabled(), (tables + QStringList{u"Report…"_s}));
    // Charts: the chart; no table is shown there.
    page->tabs()->setCurrentWidget(page->chartPanel());
    QCOMPARE(enabled(), (QStringList{u"Chart as PNG…"_s, u"Chart as SVG…"_s, u"Chart as PDF…"_s,
                                     u"Copy Chart to Clipboard"_s, u"Report…"_s}));
    // A second capture open: before/after too.
    CapturePage other(load(u"measured/compressors-default.json.gz"_s));
    pages << &other;
    page->tabs()->setCurrentIndex(1);
    QCOMPARE(enabled(), (tables + QStringList{u"Report…"_s, u"Before/After Report…"_s}));
}

void TestChartsGui::exportsAreConfirmed()
{
    QMainWindow window;
    QMenu menu;
    ExportMenu exportMenu(&menu, [] { return nullptr; }, [] { return QList<QWidget *>(); }, &window);
    window.statusBar();
    window.resize(800, 300);
    window.show();
    exportMenu.confirm(u"Chart saved to /tmp/range.png"_s, u"/tmp"_s);
    QCOMPARE(window.statusBar()->currentMessage(), u"Chart saved to /tmp/range.png"_s);
    auto *open = window.statusBar()->findChild<QPushButton *>(u"openExportFolder"_s);
    QVERIFY(open);
    QVERIFY(open->isVisible());
    // The button leaves the whole message readable: it starts right of it.
    QTRY_VERIFY(open->geometry().left()
                > window.statusBar()->fontMetrics().horizontalAdvance(window.statusBar()->currentMessage()));
    window.statusBar()->clearMessage();
    QVERIFY(!open->isVisible());
    // Nothing to open after copying to the clipboard.
    exportMenu.confirm(u"Chart copied to the clipboard"_s, {});
    QVERIFY(!open->isVisible());
}

void TestChartsGui::reportFolderMayBeNew()
{
    QTemporaryDir dir;
    ReportFolderDialog dialog;
    dialog.setDirectory(dir.path());
    dialog.selectFile(u"release-notes"_s);
    dialog.accept();
    QCOMPARE(dialog.result(), int(QDialog::Accepted));
    const QString folder = dir.filePath(u"release-notes"_s);
    QVERIFY(QFileInfo(folder).isDir());
    QCOMPARE(QFileInfo(dialog.folder()).canonicalFilePath(), QFileInfo(folder).canonicalFilePath());
}

void TestChartsGui::allCasesTableNamesItsMetric()
{
    CapturePage page(load(u"runner/static-servers.json.gz"_s));
    const QString title = page.exportableTableTitle();
    QCOMPARE(title, QString::fromStdString(bs::TableBuilder::allCases(*page.capture()).title));
    const bs::TextTable table = TableExporter::fromView(*page.exportableTable(), bs::TableRenderer::Format::Html, title);
    const std::string html = bs::TableRenderer::render(table, bs::TableRenderer::Format::Html);
    QVERIFY(QString::fromStdString(html).contains(u"<caption>"_s + title.toHtmlEscaped()));
}

QTEST_MAIN(TestChartsGui)
#include "tst_chartsgui.moc"
