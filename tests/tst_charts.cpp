// Charts, chart and table export, the report bundle, and the Charts tab,
// over the bundled sample captures.
#include "boxplotchart.h"
#include "capturemodels.h"
#include "capturepage.h"
#include "capturetables.h"
#include "chartexporter.h"
#include "chartpanel.h"
#include "chartseries.h"
#include "groupedbarschart.h"
#include "latencypercentilechart.h"
#include "pairedrangechart.h"
#include "pngsizedialog.h"
#include "participantfilterproxy.h"
#include "rangeplotchart.h"
#include "reportwriter.h"
#include "resulttableview.h"
#include "samplecapture.h"
#include "casegroupwidget.h"
#include "tableexporter.h"

#include <QBarSeries>
#include <QBarSet>
#include <QBoxPlotSeries>
#include <QLineSeries>
#include <QRegularExpression>
#include <QScatterSeries>
#include <QSvgRenderer>
#include <QTemporaryDir>
#include <QtTest>

using namespace Qt::StringLiterals;
using samplecapture::load;

namespace {


// Links of a Markdown file: ](target) and ![..](target), without anchors.
QStringList links(const QString &markdown)
{
    QStringList out;
    static const QRegularExpression link(QStringLiteral("\\]\\(([^)#][^)]*)\\)"));
    for (auto it = link.globalMatch(markdown); it.hasNext();)
        out << it.next().captured(1);
    return out;
}

} // namespace

class TestCharts : public QObject {
    Q_OBJECT
private slots:
    void rangePlotIsSortedBestFirst_data();
    void rangePlotIsSortedBestFirst();
    void rangePlotFollowsTheFilter();
    void rangePlotMarksBaselinesAndKeepsSingleValues();
    void boxPlotNeedsFiveRepetitions_data();
    void boxPlotNeedsFiveRepetitions();
    void quartiles_data();
    void quartiles();
    void groupedBarsHaveASetPerParticipant();
    void latencyLinesComeFromMergedHistograms();
    void exportsAreValid_data();
    void exportsAreValid();
    void tableExportIsAsShown();
    void pngSizeDialogSaysWhatItWrites_data();
    void pngSizeDialogSaysWhatItWrites();
    void pairedRowKeepsItsVerdict();
    void reportHasEveryLinkedFile_data();
    void reportHasEveryLinkedFile();
    void chartsTabFollowsFilterAndSelection();
};

void TestCharts::rangePlotIsSortedBestFirst_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("caseId");
    QTest::addColumn<QString>("metric");
    QTest::addColumn<QStringList>("order");
    QTest::newRow("wall time, lower is better")
        << u"measured/compressors-fast.json.gz"_s << u"text"_s << u"wall_time"_s
        << QStringList{u"zstd"_s, u"gzip"_s, u"xz"_s, u"bzip2"_s};
    QTest::newRow("throughput, higher is better")
        << u"measured/compressors-fast.json.gz"_s << u"text"_s << u"throughput"_s
        << QStringList{u"zstd"_s, u"gzip"_s, u"xz"_s, u"bzip2"_s};
    QTest::newRow("requests per second")
        << u"runner/static-servers.json.gz"_s << u"index-html"_s << u"rps"_s << QStringList{u"nginx"_s, u"python"_s};
}

void TestCharts::rangePlotIsSortedBestFirst()
{
    QFETCH(QString, file);
    QFETCH(QString, caseId);
    QFETCH(QString, metric);
    QFETCH(QStringList, order);
    auto capture = load(file.toUtf8().constData());
    CaptureModels models(capture);
    ParticipantFilterProxy *rows = models.caseTable(caseId.toStdString());
    QVERIFY(rows);
    RangePlotChart chart(capture, caseId.toStdString(), rows, metric.toStdString());
    QCOMPARE(int(chart.rows().size()), order.size());
    for (int i = 0; i < order.size(); ++i)
        QVERIFY2(QString::fromStdString(chart.rows()[std::size_t(i)].participant->id).startsWith(order[i]),
                 qPrintable(QString::fromStdString(chart.rows()[std::size_t(i)].participant->id)));
    // Every row has a point and a [min–max] bar; the top row is the best.
    int points = 0;
    for (QScatterSeries *s : seriesOf<QScatterSeries>(chart))
        points += s->count();
    QCOMPARE(points, order.size());
    // A bar per row, and a dashed line at the value of a single baseline.
    const bool oneBaseline = std::count_if(capture->participants.begin(), capture->participants.end(),
                                           [](const bs::Participant &p) { return p.baseline; }) == 1;
    QCOMPARE(seriesOf<QLineSeries>(chart).size(), order.size() + (oneBaseline ? 1 : 0));
    const ChartRow &best = chart.rows().front();
    const bs::MetricSummary &s = best.result->summary.at(metric.toStdString());
    QCOMPARE(*best.value, s.value);
    QCOMPARE(best.min, s.min);
    QCOMPARE(best.max, s.max);
}

void TestCharts::rangePlotFollowsTheFilter()
{
    auto capture = load("measured/compressors-fast.json.gz");
    CaptureModels models(capture);
    ParticipantFilterProxy *rows = models.caseTable("binary");
    RangePlotChart chart(capture, "binary", rows, "wall_time");
    QCOMPARE(chart.rows().size(), std::size_t(4));
    rows->setFilterText(QStringLiteral("zstd"));
    QTRY_COMPARE(chart.rows().size(), std::size_t(1));
    QCOMPARE(chart.rows().front().participant->id, std::string("zstd"));
    rows->setFilterText(QString());
    QTRY_COMPARE(chart.rows().size(), std::size_t(4));
}

void TestCharts::rangePlotMarksBaselinesAndKeepsSingleValues()
{
    auto capture = load("published/suku-overhead.json.gz");
    CaptureModels models(capture);
    const std::string caseId = capture->cases.front().id;
    RangePlotChart chart(capture, caseId, models.caseTable(caseId), capture->primaryMetric()->id);
    const QList<QScatterSeries *> scatter = seriesOf<QScatterSeries>(chart);
    QCOMPARE(scatter.size(), 2);
    QCOMPARE(scatter[1]->name(), QStringLiteral("baseline"));
    QCOMPARE(scatter[1]->count(), 2);  // raw Bun.serve and raw node:http
    QCOMPARE(scatter[0]->count(), 2);
    // Single published values: no range bars, and two baselines draw no single reference line.
    QCOMPARE(seriesOf<QLineSeries>(chart).size(), 0);
    QCOMPARE(chart.rows().front().value.value_or(0), 113000.0);
}

void TestCharts::boxPlotNeedsFiveRepetitions_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("caseId");
    QTest::addColumn<int>("boxes");
    QTest::addColumn<int>("loosePoints");
    QTest::newRow("compressors: 5 repetitions each") << u"measured/compressors-fast.json.gz"_s << u"text"_s << 4 << 0;
    QTest::newRow("static servers: 3 repetitions, points only") << u"runner/static-servers.json.gz"_s << u"index-html"_s << 0 << 6;
}

void TestCharts::boxPlotNeedsFiveRepetitions()
{
    QFETCH(QString, file);
    QFETCH(QString, caseId);
    QFETCH(int, boxes);
    QFETCH(int, loosePoints);
    auto capture = load(file.toUtf8().constData());
    CaptureModels models(capture);
    BoxPlotChart chart(capture, caseId.toStdString(), models.caseTable(caseId.toStdString()), {});
    const QList<QBoxPlotSeries *> series = seriesOf<QBoxPlotSeries>(chart);
    QCOMPARE(series.size(), boxes > 0 ? 1 : 0);
    int drawn = 0;
    for (QBoxPlotSeries *s : series)
        for (QBoxSet *set : s->boxSets())
            drawn += set->at(QBoxSet::UpperExtreme) > 0 ? 1 : 0;
    QCOMPARE(drawn, boxes);
    int points = 0;
    for (QScatterSeries *s : seriesOf<QScatterSeries>(chart))
        points += s->count();
    QCOMPARE(points, loosePoints);
    QCOMPARE(ChartFactory::applies(ChartFactory::Kind::Box, *capture, caseId.toStdString()), boxes > 0);
}

void TestCharts::quartiles_data()
{
    QTest::addColumn<QList<double>>("values");
    QTest::addColumn<double>("lower");
    QTest::addColumn<double>("median");
    QTest::addColumn<double>("upper");
    QTest::newRow("five values") << QList<double>{5, 1, 4, 2, 3} << 1.5 << 3.0 << 4.5;
    QTest::newRow("six values") << QList<double>{1, 2, 3, 4, 5, 6} << 2.0 << 3.5 << 5.0;
}

void TestCharts::quartiles()
{
    QFETCH(QList<double>, values);
    QFETCH(double, lower);
    QFETCH(double, median);
    QFETCH(double, upper);
    double l = 0, m = 0, u = 0;
    BoxPlotChart::quartiles(std::vector<double>(values.begin(), values.end()), l, m, u);
    QCOMPARE(l, lower);
    QCOMPARE(m, median);
    QCOMPARE(u, upper);
}

void TestCharts::groupedBarsHaveASetPerParticipant()
{
    auto capture = load("measured/compressors-fast.json.gz");
    CaptureModels models(capture);
    ParticipantFilterProxy *rows = models.allCases("wall_time");
    GroupedBarsChart chart(capture, rows, "wall_time");
    const QList<QBarSeries *> bars = seriesOf<QBarSeries>(chart);
    QCOMPARE(bars.size(), 1);
    QCOMPARE(bars.front()->count(), 4); // participants
    QCOMPARE(chart.caseIds(), (std::vector<std::string>{"text", "binary"}));
    QBarSet *gzip = bars.front()->barSets().front();
    QCOMPARE(gzip->label(), QStringLiteral("gzip"));
    QCOMPARE(gzip->count(), 2);
    // In ms, as the axis says: the representative value of gzip on text.
    const double ms = capture->result("gzip", "text")->summary.at("wall_time").value * 1000;
    QVERIFY(qAbs(gzip->at(0) - ms) < 1e-9);
    // One whisker per bar: 4 participants × 2 cases, 5 repetitions each.
    QCOMPARE(seriesOf<QLineSeries>(chart).size(), 8);
    rows->setFilterText(QStringLiteral("xz"));
    QTRY_COMPARE(chart.participantIds().size(), std::size_t(1));
}

void TestCharts::latencyLinesComeFromMergedHistograms()
{
    auto capture = load("runner/static-servers.json.gz");
    CaptureModels models(capture);
    QVERIFY(ChartFactory::applies(ChartFactory::Kind::Latency, *capture, "index-html"));
    QVERIFY(!ChartFactory::applies(ChartFactory::Kind::Latency, *load("measured/compressors-fast.json.gz"), "text"));
    LatencyPercentileChart chart(capture, "index-html", models.caseTable("index-html"));
    QCOMPARE(chart.lines().size(), std::size_t(2));
    const bs::Result *nginx = capture->result("nginx", "index-html");
    QVERIFY(nginx);
    bs::Histogram expected;
    for (const bs::Repetition &rep : nginx->repetitions)
        expected.merge(rep.histograms.at("latency"));
    QCOMPARE(chart.lines().front().merged.totalCount(), expected.totalCount());
    QCOMPARE(chart.lines().front().merged.valueAtPercentile(99), expected.valueAtPercentile(99));
    QCOMPARE(chart.lines().front().repetitions, nginx->repetitions.size());
    // x is "1 in N" in decades: p90 at 1, p99 at 2, p99.9 at 3.
    QVERIFY(qAbs(LatencyPercentileChart::xForPercentile(99) - 2) < 1e-9);
    QCOMPARE(seriesOf<QLineSeries>(chart).size(), 2);
    const QLineSeries *line = seriesOf<QLineSeries>(chart).front();
    QCOMPARE(line->at(0).x(), 0.0);
    QVERIFY(line->at(line->count() - 1).x() <= std::log10(double(expected.totalCount())) + 1e-9);
}

void TestCharts::exportsAreValid_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<QSize>("size");
    QTest::addColumn<qreal>("ratio");
    QTest::newRow("png at 1x") << u"chart.png"_s << QSize(900, 500) << qreal(1);
    QTest::newRow("png at 2x") << u"chart.png"_s << QSize(640, 400) << qreal(2);
    QTest::newRow("svg") << u"chart.svg"_s << QSize(1200, 700) << qreal(1);
    QTest::newRow("pdf") << u"chart.pdf"_s << QSize(1200, 700) << qreal(1);
}

// The PNG size dialog says the size of the file it makes, and the file is
// that size: one chart or several stacked, at any pixel ratio.
void TestCharts::pngSizeDialogSaysWhatItWrites_data()
{
    QTest::addColumn<int>("charts");
    QTest::addColumn<QSize>("size");
    QTest::addColumn<qreal>("ratio");
    QTest::newRow("one at 1x") << 1 << QSize(800, 500) << qreal(1);
    QTest::newRow("one at 2x") << 1 << QSize(800, 500) << qreal(2);
    QTest::newRow("three at 1.5x") << 3 << QSize(640, 360) << qreal(1.5);
}

void TestCharts::pngSizeDialogSaysWhatItWrites()
{
    QFETCH(int, charts);
    QFETCH(QSize, size);
    QFETCH(qreal, ratio);
    auto capture = load("measured/compressors-fast.json.gz");
    CaptureModels models(capture);
    std::vector<std::unique_ptr<RangePlotChart>> owned;
    QList<QChart *> list;
    for (int i = 0; i < charts; ++i) {
        owned.push_back(std::make_unique<RangePlotChart>(capture, "text", models.caseTable("text"), "wall_time"));
        list << owned.back().get();
    }
    PngSizeDialog dialog(size, ratio, charts);
    const QSize file = dialog.fileSize();
    QVERIFY2(dialog.resultText().contains(QStringLiteral("%1 × %2 pixels").arg(file.width()).arg(file.height())),
             qPrintable(dialog.resultText()));
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("charts.png"));
    QString error;
    QVERIFY2(ChartExporter::save(list, path, ChartExporter::Format::Png, {dialog.chosenSize(), dialog.pixelRatio()}, &error),
             qPrintable(error));
    QImage image;
    QVERIFY(image.load(path));
    QCOMPARE(image.size(), file);
    QCOMPARE(file, QSize(qRound(size.width() * ratio), qRound(size.height() * charts * ratio)));
}

// A paired range plot's row label keeps its verdict line whatever the
// participant's name: a long name is cut, the verdict never.
void TestCharts::pairedRowKeepsItsVerdict()
{
    for (const std::string &name : {std::string("gzip"), std::string(120, 'x'),
                                    std::string("Python http.server (threads) behind nginx 1.25 with keep-alive")}) {
        bs::DiffCell cell;
        cell.participantLabel = name;
        cell.verdict = bs::DiffVerdict::Worse;
        cell.deltaPct = 152.6;
        const QStringList lines = PairedRangeChart::rowLabel(cell).split(QStringLiteral("<br>"));
        QCOMPARE(lines.size(), 2);
        QVERIFY2(lines[1].contains(QStringLiteral("worse")) && lines[1].contains(QStringLiteral("+152.6%")), qPrintable(lines[1]));
        QVERIFY(lines[0].size() <= PairedRangeChart::kMostNameCharacters);
        QVERIFY(name.size() > std::size_t(PairedRangeChart::kMostNameCharacters) || lines[0] == QString::fromStdString(name));
    }
}

void TestCharts::exportsAreValid()
{
    QFETCH(QString, name);
    QFETCH(QSize, size);
    QFETCH(qreal, ratio);
    auto capture = load("measured/compressors-fast.json.gz");
    CaptureModels models(capture);
    RangePlotChart chart(capture, "text", models.caseTable("text"), "wall_time");
    QTemporaryDir dir;
    const QString path = dir.filePath(name);
    QString error;
    QVERIFY2(ChartExporter::save(&chart, path, {size, ratio}, &error), qPrintable(error));
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QByteArray bytes = file.readAll();
    switch (*ChartExporter::formatFor(path)) {
    case ChartExporter::Format::Png: {
        QImage image;
        QVERIFY(image.loadFromData(bytes, "PNG"));
        QCOMPARE(image.size(), size * ratio);
        // Not blank: the plot has more than a handful of colours.
        QSet<QRgb> colours;
        for (int y = 0; y < image.height(); y += 7)
            for (int x = 0; x < image.width(); x += 7)
                colours.insert(image.pixel(x, y));
        QVERIFY2(colours.size() > 8, qPrintable(QString::number(colours.size())));
        break;
    }
    case ChartExporter::Format::Svg: {
        QSvgRenderer renderer(bytes);
        QVERIFY(renderer.isValid());
        QCOMPARE(renderer.viewBox().size(), size);
        QVERIFY(!bytes.contains("<image")); // vector, not an embedded bitmap
        QVERIFY(bytes.contains("zstd"));
        QVERIFY(bytes.size() > 10000);
        break;
    }
    case ChartExporter::Format::Pdf:
        QVERIFY(bytes.startsWith("%PDF-"));
        QCOMPARE(bytes.count("/Type /Page\n") + bytes.count("/Type /Page\r") + bytes.count("/Type /Page/")
                     + bytes.count("/Type /Page "),
                 qsizetype(1));
        QVERIFY(bytes.size() > 5000);
        break;
    }
}

void TestCharts::tableExportIsAsShown()
{
    auto capture = load("measured/compressors-fast.json.gz");
    CapturePage page(capture);
    ResultTableView *table = page.caseGroups().front()->tables().front();
    page.setFilterText(QStringLiteral("zip")); // gzip, bzip2
    table->sortByColumn(1, Qt::AscendingOrder);
    page.setMetricVisible(QStringLiteral("cpu_time"), false);
    const bs::TextTable t = TableExporter::fromView(*table, bs::TableRenderer::Format::Markdown);
    QCOMPARE(t.rows.size(), std::size_t(2));
    QCOMPARE(t.rows[0][0], std::string("gzip"));
    QCOMPARE(t.rows[1][0], std::string("bzip2"));
    QVERIFY(std::find(t.header.begin(), t.header.end(), std::string("Wall time (ms)")) != t.header.end());
    QVERIFY(std::none_of(t.header.begin(), t.header.end(), [](const std::string &h) { return h.rfind("CPU time", 0) == 0; }));
    QCOMPARE(t.rows[0][1], std::string("41.9 [41.4–69.2]")); // the column's precision (docs/gui.md)
    const std::string csv = bs::TableRenderer::render(t, bs::TableRenderer::Format::Csv);
    QVERIFY(csv.find("gzip,41.9 [41.4–69.2]") != std::string::npos);
}

void TestCharts::reportHasEveryLinkedFile_data()
{
    QTest::addColumn<QStringList>("files");
    QTest::newRow("measured capture") << QStringList{u"measured/compressors-fast.json.gz"_s};
    QTest::newRow("histograms") << QStringList{u"runner/static-servers.json.gz"_s};
    QTest::newRow("published") << QStringList{u"published/suku-overhead.json.gz"_s};
    QTest::newRow("before and after")
        << QStringList{u"measured/compressors-fast.json.gz"_s, u"measured/compressors-default.json.gz"_s};
}

void TestCharts::reportHasEveryLinkedFile()
{
    QFETCH(QStringList, files);
    QTemporaryDir dir;
    ReportWriter writer(dir.path());
    const bool ok = files.size() == 1 ? writer.write(load(files[0].toUtf8().constData()))
                                      : writer.writeComparison(load(files[0].toUtf8().constData()),
                                                               load(files[1].toUtf8().constData()));
    QVERIFY2(ok, qPrintable(writer.error()));
    QStringList indexes{QStringLiteral("index.md")};
    if (files.size() == 2)
        indexes << QStringLiteral("before/index.md") << QStringLiteral("after/index.md");
    int charts = 0;
    for (const QString &index : indexes) {
        QFile f(QDir(dir.path()).filePath(index));
        QVERIFY2(f.open(QIODevice::ReadOnly), qPrintable(index));
        const QString text = QString::fromUtf8(f.readAll());
        const QStringList targets = links(text);
        QVERIFY(targets.size() > 4);
        const QString base = QFileInfo(f.fileName()).absolutePath();
        for (const QString &target : targets) {
            QVERIFY2(QFileInfo::exists(QDir(base).filePath(target)), qPrintable(index + QStringLiteral(" → ") + target));
            if (target.endsWith(QLatin1String(".png")))
                ++charts;
        }
    }
    QVERIFY(charts >= 2);
    // Every file written is linked from an index, except the indexes (the
    // capture's own files among them: capture/*.json, *.raw.json.gz).
    QCOMPARE(writer.files().size() - indexes.size(),
             writer.files().filter(QRegularExpression(QStringLiteral("\\.(png|svg|md|csv|json|json\\.gz)$"))).size() - indexes.size());
    for (const QString &index : indexes) {
        const QString folder = QFileInfo(index).path() == QLatin1String(".") ? QString() : QFileInfo(index).path() + QLatin1Char('/');
        // Each capture's report carries it; a before/after's top holds its two in before/ and after/.
        const int expected = files.size() == 2 && folder.isEmpty() ? 0 : 1;
        QCOMPARE(writer.files().filter(QRegularExpression(QStringLiteral("^") + folder + QStringLiteral("capture/[^/]+\\.json$"))).size(), expected);
    }
    if (files.size() == 2)
        QVERIFY(writer.files().contains(QStringLiteral("diff.csv")));
}

void TestCharts::chartsTabFollowsFilterAndSelection()
{
    auto capture = load("measured/compressors-fast.json.gz");
    CapturePage page(capture);
    page.resize(1200, 800);
    ChartPanel *panel = page.chartPanel();
    QVERIFY(panel);
    QVERIFY(page.tabs()->indexOf(panel) >= 0);
    auto *range = qobject_cast<RangePlotChart *>(panel->chart());
    QVERIFY(range);
    QCOMPARE(range->rows().size(), std::size_t(4));
    page.setFilterText(QStringLiteral("gzip"));
    QTRY_COMPARE(range->rows().size(), std::size_t(1));
    page.setFilterText(QString());
    QTRY_COMPARE(range->rows().size(), std::size_t(4));
    // Selecting a cell of the binary table brings that case into the chart.
    ResultTableView *binary = page.caseGroups().front()->tables().back();
    binary->setCurrentIndex(binary->model()->index(0, 1));
    range = qobject_cast<RangePlotChart *>(panel->chart());
    QVERIFY(range);
    QCOMPARE(range->caseId(), std::string("binary"));
    panel->setKind(ChartFactory::Kind::Box);
    QVERIFY(qobject_cast<BoxPlotChart *>(panel->chart()));
    panel->setKind(ChartFactory::Kind::Bars);
    QVERIFY(qobject_cast<GroupedBarsChart *>(panel->chart()));
    // Dark palette: the chart follows.
    QPalette dark;
    dark.setColor(QPalette::Window, QColor(0x20, 0x20, 0x20));
    panel->setPalette(dark);
    QVERIFY(panel->chart()->isDark());
    if (const QString shots = qEnvironmentVariable("BENCHSCOPE_CHART_SHOTS"); !shots.isEmpty()) {
        page.tabs()->setCurrentWidget(panel);
        page.grab().save(shots + QStringLiteral("/charts-tab-dark.png"));
    }
}

QTEST_MAIN(TestCharts)
#include "tst_charts.moc"
