// Charts and exports at a glance (issue 28): one colour per participant in
// every chart kind, labels that never overlap, axes that read (log scale,
// the one formatter), absent values explained in a chart that stands alone,
// a report of the charts that say something with the capture beside it,
// and the Diff page's export of every chart, over the bundled captures.
#include "boxplotchart.h"
#include "capturediff.h"
#include "captureloader.h"
#include "capturemodels.h"
#include "chartexporter.h"
#include "chartfactory.h"
#include "chartseries.h"
#include "chartworth.h"
#include "diffmodel.h"
#include "diffpage.h"
#include "exportmenu.h"
#include "groupedbarschart.h"
#include "guitestcapture.h"
#include "history.h"
#include "historychart.h"
#include "historymodel.h"
#include "latencypercentilechart.h"
#include "liveratechart.h"
#include "participantcell.h"
#include "participantfilterproxy.h"
#include "pairedrangechart.h"
#include "participantpalette.h"
#include "rangeplotchart.h"
#include "reportwriter.h"
#include "samplecapture.h"
#include "scaleaxis.h"
#include "unitformat.h"

#include <QAction>
#include <QBarSeries>
#include <QBarSet>
#include <QBoxPlotSeries>
#include <QBoxSet>
#include <QGraphicsScene>
#include <QGraphicsLayout>
#include <QLegendMarker>
#include <QLineSeries>
#include <QMainWindow>
#include <QMenu>
#include <QRegularExpression>
#include <QScatterSeries>
#include <QTemporaryDir>
#include <QtTest>

#include <map>

using samplecapture::load;

namespace {

using Colours = std::map<QString, QColor>; // participant label → colour drawn

// A point's colour: its own configuration, else the series'.
QColor pointColour(QXYSeries *series, int i)
{
    const auto config = series->pointConfiguration(i);
    const auto it = config.find(QXYSeries::PointConfiguration::Color);
    return it != config.end() ? it->value<QColor>() : series->color();
}

Colours rangeColours(RangePlotChart &chart)
{
    Colours out;
    const int n = int(chart.rows().size());
    for (QScatterSeries *s : seriesOf<QScatterSeries>(chart))
        for (int i = 0; i < s->count(); ++i)
            out[chart.rows()[std::size_t(n - 1 - std::lround(s->at(i).y()))].label] = pointColour(s, i);
    return out;
}

Colours barColours(GroupedBarsChart &chart)
{
    Colours out;
    for (QBarSeries *s : seriesOf<QBarSeries>(chart))
        for (QBarSet *set : s->barSets())
            out[set->label()] = set->color();
    return out;
}

Colours latencyColours(LatencyPercentileChart &chart)
{
    Colours out;
    for (QLineSeries *s : seriesOf<QLineSeries>(chart))
        if (chart.legend()->markers(s).value(0) && chart.legend()->markers(s).value(0)->isVisible())
            out[s->name().section(QStringLiteral(" ("), 0, 0)] = s->color();
    return out;
}

Colours boxColours(BoxPlotChart &chart, const bs::Capture &capture)
{
    Colours out;
    QList<QBoxPlotSeries *> boxes = seriesOf<QBoxPlotSeries>(chart);
    QList<QScatterSeries *> points = seriesOf<QScatterSeries>(chart);
    for (std::size_t i = 0; i < chart.boxes().size(); ++i) {
        const QString label = ParticipantCell::label(*capture.participant(chart.boxes()[i].participantId));
        if (chart.boxes()[i].values.size() >= BoxPlotChart::kMinimumForBox && !boxes.isEmpty())
            out[label] = boxes.front()->boxSets()[int(i)]->brush().color();
        for (QScatterSeries *s : points)
            for (int p = 0; p < s->count(); ++p)
                if (std::lround(s->at(p).x()) == long(i))
                    out[label] = pointColour(s, p);
    }
    return out;
}

// Lays a chart out at `size` in a scene of its own, as an export does.
void layOut(QChart &chart, QGraphicsScene &scene, const QSize &size)
{
    if (!chart.scene())
        scene.addItem(&chart);
    chart.resize(size);
    if (chart.layout())
        chart.layout()->activate();
    QCoreApplication::processEvents();
}

QStringList filesUnder(const QString &folder)
{
    QStringList names;
    QDirIterator it(folder, QDir::Files | QDir::Hidden, QDirIterator::Subdirectories);
    while (it.hasNext())
        names << QDir(folder).relativeFilePath(it.next());
    names.sort();
    return names;
}

QStringList localCaptures()
{
    QStringList out;
    const QDir dir(qEnvironmentVariable("BENCHSCOPE_SOURCE_DIR") + QStringLiteral("/sample-data/local"));
    for (const QString &name : dir.entryList({QStringLiteral("*.json.gz")}, QDir::Files, QDir::Name))
        out << QStringLiteral("local/") + name;
    return out;
}

// The six revisions of sample-data/history's wordfreq suite, in order.
std::vector<std::shared_ptr<const bs::Capture>> wordfreqRevisions()
{
    std::vector<std::shared_ptr<const bs::Capture>> out;
    for (int r = 1; r <= 6; ++r)
        out.push_back(load(QStringLiteral("history/wordfreq-r%1.json.gz").arg(r)));
    return out;
}

std::vector<const bs::Capture *> pointers(const std::vector<std::shared_ptr<const bs::Capture>> &captures)
{
    std::vector<const bs::Capture *> out;
    for (const auto &c : captures)
        out.push_back(c.get());
    return out;
}

// The history of `captures` (a failure to build one fails the test program).
std::shared_ptr<const bs::History> historyOf(const std::vector<std::shared_ptr<const bs::Capture>> &captures)
{
    std::string error;
    std::optional<bs::History> history = bs::History::build(pointers(captures), {}, error);
    if (!history)
        qFatal("no history: %s", error.c_str());
    return std::make_shared<const bs::History>(std::move(*history));
}

// A data table of one row per capture of sample-data/local.
void addLocalCaptureRows()
{
    QTest::addColumn<QString>("capture");
    for (const QString &name : localCaptures())
        QTest::newRow(qPrintable(name)) << name;
}

} // namespace

class TestChartGlance : public QObject {
    Q_OBJECT
private slots:
    void oneColourPerParticipantAcrossKinds_data();
    void oneColourPerParticipantAcrossKinds();
    void historyAndPairedKeepTheColours();
    void percentileLabelsNeverOverlap();
    void scaleAxisLabelsThroughTheFormatter_data();
    void scaleAxisLabelsThroughTheFormatter();
    void liveChartTurnsLogAcrossOrders();
    void historyChartIsLogAcrossOrders();
    void historyChartNamesWhatALegendCanHold();
    void standaloneChartSaysWhyAValueIsAbsent();
    void reportHoldsChartsThatSaySomething_data();
    void reportHoldsChartsThatSaySomething();
    void reportNeverWritesOverItsCapture();
    void diffPageExportHoldsEveryChart();
    void diffPageOffersBeforeAfterReport();
};

void TestChartGlance::oneColourPerParticipantAcrossKinds_data()
{
    addLocalCaptureRows();
}

// Every kind ChartFactory makes of one capture draws a participant in the
// same colour, and no two participants share one.
void TestChartGlance::oneColourPerParticipantAcrossKinds()
{
    QFETCH(QString, capture);
    const auto c = load(capture);
    CaptureModels models(c);
    std::map<QString, std::map<QString, QColor>> byParticipant; // label → kind → colour
    auto collect = [&](const QString &kind, const Colours &colours) {
        for (const auto &[label, colour] : colours)
            byParticipant[label][kind] = colour;
    };
    const std::string metric = c->primaryMetric()->id;
    std::unique_ptr<BenchChart> bars(
        ChartFactory::create(ChartFactory::Kind::Bars, c, {}, metric, models.allCases(metric)));
    collect(QStringLiteral("bars"), barColours(*qobject_cast<GroupedBarsChart *>(bars.get())));
    for (const bs::CaseInfo &k : c->cases)
        for (ChartFactory::Kind kind : ChartFactory::captureKinds()) {
            if (kind == ChartFactory::Kind::Bars || !ChartFactory::applies(kind, *c, k.id))
                continue;
            std::unique_ptr<BenchChart> chart(ChartFactory::create(kind, c, k.id, metric, models.caseTable(k.id)));
            const QString name = ChartFactory::name(kind) + QLatin1Char('/') + QString::fromStdString(k.id);
            if (auto *range = qobject_cast<RangePlotChart *>(chart.get()))
                collect(name, rangeColours(*range));
            else if (auto *box = qobject_cast<BoxPlotChart *>(chart.get()))
                collect(name, boxColours(*box, *c));
            else if (auto *latency = qobject_cast<LatencyPercentileChart *>(chart.get()))
                collect(name, latencyColours(*latency));
        }
    QVERIFY(!byParticipant.empty());
    std::map<QRgb, QString> owner;
    for (const auto &[label, kinds] : byParticipant) {
        QVERIFY2(kinds.size() >= 2 || c->cases.size() == 1, qPrintable(label));
        const QColor first = kinds.begin()->second;
        for (const auto &[kind, colour] : kinds)
            QVERIFY2(colour == first, qPrintable(label + QStringLiteral(": ") + kind + QStringLiteral(" draws ")
                                                 + colour.name() + QStringLiteral(", ") + kinds.begin()->first
                                                 + QStringLiteral(" ") + first.name()));
        if (c->participants.size() <= ParticipantPalette::kSize) {
            const auto [it, added] = owner.emplace(first.rgb(), label);
            QVERIFY2(added, qPrintable(label + QStringLiteral(" shares its colour with ") + it->second));
        }
    }
}

// The history's lines and the paired chart's points take the colour the
// participant has in the captures' charts: one palette keyed by participant.
void TestChartGlance::historyAndPairedKeepTheColours()
{
    const auto owned = wordfreqRevisions();
    HistoryModel model;
    model.setHistory(historyOf(owned));
    model.setMetric("wall_time");
    HistoryChart chart(&model);
    const ParticipantPalette palette(model.history()->participants());
    QVERIFY(!chart.lines().empty());
    for (std::size_t row = 0; row < chart.lines().size(); ++row)
        QCOMPARE(chart.lines()[row]->color(), palette.color(model.series(int(row))->participant));

    // A paired chart of the last two: the after capture's colours.
    DiffModel diff;
    diff.setCaptures(owned[4], owned[5]);
    CaptureModels models(owned[5]);
    const std::string caseId = owned[5]->cases.front().id;
    const std::unique_ptr<BenchChart> range(ChartFactory::create(ChartFactory::Kind::Range, owned[5], caseId, "wall_time",
                                                                 models.caseTable(caseId)));
    const Colours inRange = rangeColours(*qobject_cast<RangePlotChart *>(range.get()));
    PairedRangeChart paired(&diff, caseId, "wall_time");
    const int n = int(paired.rows().size());
    QVERIFY(n > 0);
    for (int i = 0; i < paired.afterSeries()->count(); ++i) {
        const bs::DiffCell &cell = paired.rows()[std::size_t(n - 1 - std::lround(paired.afterSeries()->at(i).y() + 0.19))];
        const QString label = ParticipantCell::label(*owned[5]->participant(cell.participant));
        QCOMPARE(pointColour(paired.afterSeries(), i), inRange.at(label));
    }
}

// The percentile axis labels only marks that clear each other, whatever
// the chart's width; 50% wins over 0% when only one fits.
void TestChartGlance::percentileLabelsNeverOverlap()
{
    const auto c = load("local/route-coverage.json.gz");
    CaptureModels models(c);
    QGraphicsScene scene; // before the chart: the chart leaves it when destroyed
    LatencyPercentileChart chart(c, "root", models.caseTable("root"));
    for (int width : {260, 320, 420, 640, 900, 1200, 1920}) {
        layOut(chart, scene, QSize(width, 500));
        QCategoryAxis *axis = nullptr;
        for (QAbstractAxis *a : chart.axes(Qt::Horizontal))
            axis = qobject_cast<QCategoryAxis *>(a);
        QVERIFY(axis);
        const QStringList labels = axis->categoriesLabels();
        QVERIFY2(labels.contains(QStringLiteral("50%")), qPrintable(QString::number(width)));
        const QFontMetricsF metrics(axis->labelsFont());
        const qreal plot = chart.plotArea().width();
        for (int i = 1; i < labels.size(); ++i) {
            const qreal a = axis->endValue(labels[i - 1]) / axis->max() * plot;
            const qreal b = axis->endValue(labels[i]) / axis->max() * plot;
            const qreal need = (metrics.horizontalAdvance(labels[i - 1]) + metrics.horizontalAdvance(labels[i])) / 2;
            QVERIFY2(b - a >= need, qPrintable(QStringLiteral("%1 px: %2 and %3 overlap").arg(width).arg(labels[i - 1], labels[i])));
        }
        if (width >= 900)
            QVERIFY2(labels.contains(QStringLiteral("0%")), qPrintable(labels.join(QLatin1Char(' '))));
    }
}

void TestChartGlance::scaleAxisLabelsThroughTheFormatter_data()
{
    QTest::addColumn<double>("lo");
    QTest::addColumn<double>("hi");
    QTest::addColumn<QString>("unit");
    QTest::newRow("rates 1k..70k") << 1000.0 << 70000.0 << "req/s";
    QTest::newRow("rates 900..1100") << 900.0 << 1100.0 << "req/s";
    QTest::newRow("KiB 2..140") << 2.0 << 140.0 << "KiB";
    QTest::newRow("ms 0.02..3") << 0.02 << 3.0 << "ms";
    QTest::newRow("counts 1..1e9") << 1.0 << 1e9 << "";
    QTest::newRow("ratio 0.3..0.9") << 0.3 << 0.9 << "×";
}

// Log exactly when the values span kLogRatio; every label is the one
// formatter's text of its tick; ticks cover the values; labels unique.
void TestChartGlance::scaleAxisLabelsThroughTheFormatter()
{
    QFETCH(double, lo);
    QFETCH(double, hi);
    QFETCH(QString, unit);
    ScaleAxis axis;
    const bool log = ScaleAxis::spansOrders({lo, hi});
    QCOMPARE(log, hi / lo >= ScaleAxis::kLogRatio);
    bs::UnitFormat::Scale scale{1, unit.toStdString(), -1};
    axis.setScale(log, lo, hi, scale);
    QCOMPARE(axis.isLog(), log);
    QVERIFY(axis.ticks().front() <= lo && axis.ticks().back() >= hi);
    const QStringList labels = axis.categoriesLabels();
    QCOMPARE(labels.size(), int(axis.ticks().size()));
    QVERIFY(labels.size() >= 3);
    QCOMPARE(QSet<QString>(labels.begin(), labels.end()).size(), labels.size());
    static const QRegularExpression unseparated(QStringLiteral("\\d{4,}"));
    for (int i = 0; i < labels.size(); ++i) {
        QVERIFY2(!unseparated.match(labels[i]).hasMatch(), qPrintable(labels[i]));
        // The formatter's text, at whatever decimals the label shows.
        bs::UnitFormat::Scale format = scale;
        format.decimals = labels[i].contains(QLatin1Char('.')) ? int(labels[i].size() - labels[i].indexOf(QLatin1Char('.')) - 1) : 0;
        QCOMPARE(labels[i], QString::fromStdString(bs::UnitFormat::number(axis.ticks()[std::size_t(i)], format)));
        QCOMPARE(axis.endValue(labels[i]), axis.coordinate(axis.ticks()[std::size_t(i)]));
    }
}

// The Run page's chart: linear while rates are alike, log once one case
// runs 70× another, "log" in the axis title, labels separated and never cut.
void TestChartGlance::liveChartTurnsLogAcrossOrders()
{
    LiveRateChart chart;
    chart.add("fastify", "root", 1, 69800);
    chart.add("fastify", "root", 2, 71200);
    QVERIFY(!chart.isLog());
    chart.add("python", "root", 3, 1020);
    QVERIFY(chart.isLog());
    QCOMPARE(chart.lineCount(), 2);
    ScaleAxis *rate = nullptr;
    for (QAbstractAxis *a : chart.axes(Qt::Vertical))
        rate = qobject_cast<ScaleAxis *>(a);
    QVERIFY(rate);
    QVERIFY2(rate->titleText().contains(QStringLiteral("log")), qPrintable(rate->titleText()));
    QVERIFY(!rate->truncateLabels()); // labels that grow as rates come in are never cut to "..."
    QVERIFY2(rate->categoriesLabels().contains(QStringLiteral("100,000")), qPrintable(rate->categoriesLabels().join(QLatin1Char(' '))));
    // Each line at its rates' logarithm, in its participant's colour.
    for (QLineSeries *s : seriesOf<QLineSeries>(chart)) {
        QVERIFY(s->count() > 0);
        QVERIFY(s->at(0).y() > 2.9 && s->at(0).y() < 5);
        QCOMPARE(s->color(), chart.participantPalette().color(s->name().section(QStringLiteral(" · "), 0, 0).toStdString()));
    }
    QVERIFY(seriesOf<QLineSeries>(chart)[0]->color() != seriesOf<QLineSeries>(chart)[1]->color());
    chart.clear();
    QCOMPARE(chart.lineCount(), 0);
    QVERIFY(!chart.isLog());
}

// wall_time of the wordfreq history runs from 3 ms to 2.9 s: log, said on
// the axis; peak RSS (1.5–8.3 MB) stays linear.
void TestChartGlance::historyChartIsLogAcrossOrders()
{
    const auto owned = wordfreqRevisions();
    HistoryModel model;
    model.setHistory(historyOf(owned));
    for (const auto &[metric, log] : {std::pair("wall_time", true), std::pair("peak_rss", false)}) {
        model.setMetric(metric);
        HistoryChart chart(&model);
        QCOMPARE(chart.isLog(), log);
        QString title;
        for (QAbstractAxis *a : chart.axes(Qt::Vertical))
            title = a->titleText();
        QCOMPARE(title.contains(QStringLiteral("log scale")), log);
        // Every point within the axis, so none is drawn off the plot.
        for (QLineSeries *line : chart.lines())
            for (const QPointF &p : line->points()) {
                QAbstractAxis *y = chart.axes(Qt::Vertical).front();
                QVERIFY(p.y() >= qobject_cast<ScaleAxis *>(y)->min() - 1e-9);
                QVERIFY(p.y() <= qobject_cast<ScaleAxis *>(y)->max() + 1e-9);
            }
    }
}

// Past a dozen lines the legend names none of them (40 names in a row were
// cut to nothing) and a note says so; one participant's lines are named.
void TestChartGlance::historyChartNamesWhatALegendCanHold()
{
    std::vector<std::shared_ptr<const bs::Capture>> owned;
    for (int r = 1; r <= 3; ++r) {
        bs::Capture c = guitest::capture();
        c.revision = {"r" + std::to_string(r), "revision " + std::to_string(r), "2026-09-0" + std::to_string(r)};
        c.participants.pop_back(); // the broken one
        c.cases.clear();
        c.results.clear();
        for (const char *k : {"a", "b", "c", "d"}) {
            c.cases.push_back({k, k, "HTTP", ""});
            for (const bs::Participant &p : c.participants)
                c.results.push_back(guitest::ok(p.id, k, {guitest::rep(100.0 * r, 0.001, 1), guitest::rep(101.0 * r, 0.001, 1)}));
        }
        owned.push_back(std::make_shared<const bs::Capture>(std::move(c)));
    }
    HistoryModel model;
    model.setHistory(historyOf(owned));
    model.setMetric("rps");
    QGraphicsScene scene; // before the charts: a chart leaves it when destroyed
    auto named = [&scene](HistoryChart &chart) {
        layOut(chart, scene, QSize(1200, 700)); // a marker is visible once laid out
        int n = 0;
        for (QLineSeries *line : chart.lines())
            for (QLegendMarker *marker : chart.legend()->markers(line))
                n += marker->isVisible() ? 1 : 0;
        return n;
    };
    {
        HistoryChart chart(&model);
        QCOMPARE(int(chart.lines().size()), 16);
        QCOMPARE(named(chart), 0);
        QVERIFY2(chart.note().startsWith(QStringLiteral("16 lines, too many to name")), qPrintable(chart.note()));
    }
    model.setFilter("raw-bun", "", "");
    HistoryChart chart(&model);
    QCOMPARE(int(chart.lines().size()), 4);
    QCOMPARE(named(chart), 4);
    QVERIFY(chart.note().isEmpty());
}

// A chart exported alone says in the image why each value is absent:
// unsupported (the table's dash) apart from missing, with the reasons.
void TestChartGlance::standaloneChartSaysWhyAValueIsAbsent()
{
    const auto c = load("local/route-coverage.json.gz");
    CaptureModels models(c);
    GroupedBarsChart bars(c, models.allCases("rps"), "rps");
    RangePlotChart range(c, "static-file", models.caseTable("static-file"), "rps");
    for (const bs::Result &r : c->results) {
        if (r.status == bs::ResultStatus::Ok)
            continue;
        const QString who = ParticipantCell::label(*c->participant(r.participant));
        const QString status = r.status == bs::ResultStatus::Unsupported ? QStringLiteral("unsupported") : QStringLiteral("missing");
        QVERIFY2(bars.note().contains(who + QStringLiteral(" in ") + QString::fromStdString(c->caseInfo(r.caseId)->label)
                                      + QStringLiteral(": ") + status + QStringLiteral(" — ")
                                      + QString::fromStdString(r.reason).left(30)),
                 qPrintable(bars.note()));
        if (r.caseId == "static-file")
            QVERIFY2(range.note().contains(who + QStringLiteral(": ") + status), qPrintable(range.note()));
    }
    // Unsupported and missing are told apart in the legend, by shape.
    QStringList names;
    QSet<int> shapes;
    for (QScatterSeries *s : seriesOf<QScatterSeries>(bars))
        if (s->name().startsWith(QStringLiteral("no value: "))) {
            names << s->name();
            shapes << int(s->markerShape());
        }
    QCOMPARE(names.size(), 2);
    QVERIFY(names.contains(QStringLiteral("no value: unsupported")) && names.contains(QStringLiteral("no value: missing")));
    QCOMPARE(shapes.size(), 2);
    // The note is in the file: the SVG's text and the PNG's bottom rows.
    QTemporaryDir dir;
    const QString svg = dir.filePath(QStringLiteral("bars.svg")), png = dir.filePath(QStringLiteral("bars.png"));
    ChartExporter::Options options;
    options.size = bars.reportSize();
    QVERIFY(ChartExporter::save(&bars, svg, options));
    QVERIFY(ChartExporter::save(&bars, png, options));
    QFile file(svg);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QString text = QString::fromUtf8(file.readAll());
    QVERIFY(text.contains(QStringLiteral("Why there is no value")));
    QVERIFY(text.contains(QStringLiteral("fastify core serves no files")));
    const QImage image(png);
    QCOMPARE(image.size(), options.size);
    int inked = 0;
    for (int y = image.height() - 30; y < image.height(); ++y)
        for (int x = 0; x < image.width(); ++x)
            inked += qGray(image.pixel(x, y)) < 128 ? 1 : 0;
    QVERIFY2(inked > 100, "the note's last line is not drawn in the image");
    // A chart without an absent value has no note.
    RangePlotChart root(c, "root", models.caseTable("root"), "rps");
    QVERIFY(root.note().isEmpty());
}

void TestChartGlance::reportHoldsChartsThatSaySomething_data()
{
    addLocalCaptureRows();
}

// For every bundled capture: no chart of a metric zero everywhere, one
// chart of a metric the same in every case, index.md saying what it left
// out, and the capture itself beside it, loading back to the same capture.
void TestChartGlance::reportHoldsChartsThatSaySomething()
{
    QFETCH(QString, capture);
    const auto c = load(capture);
    QTemporaryDir dir;
    ReportWriter writer(dir.path());
    QVERIFY2(writer.write(c), qPrintable(writer.error()));
    const QStringList files = filesUnder(dir.path());
    QFile indexFile(dir.filePath(QStringLiteral("index.md")));
    QVERIFY(indexFile.open(QIODevice::ReadOnly));
    const QString index = QString::fromUtf8(indexFile.readAll());
    bool leftOut = false;
    for (const bs::Metric &m : c->metrics) {
        const QString id = QString::fromStdString(m.id);
        const QStringList charts = files.filter(QRegularExpression(QStringLiteral("^charts/(bars|range)-(.*-)?") + id + QStringLiteral("\\.png$")));
        const bool zero = ChartWorth::zeroEverywhere(*c, m.id);
        const bool same = !zero && ChartWorth::sameInEveryCase(*c, m.id); // zero wins
        if (zero)
            QVERIFY2(charts.isEmpty(), qPrintable(charts.join(QLatin1Char(' '))));
        if (same)
            QVERIFY2(charts.size() == 1 && charts.front().startsWith(QStringLiteral("charts/range-")),
                     qPrintable(id + QStringLiteral(": ") + charts.join(QLatin1Char(' '))));
        if (zero || same) {
            QVERIFY2(index.contains(QStringLiteral("- ") + QString::fromStdString(m.label) + QStringLiteral(": ")), qPrintable(id));
            leftOut = true;
        }
    }
    QCOMPARE(index.contains(QStringLiteral("Charts left out")), leftOut);
    // The capture's summary and raw files, linked, the same capture again.
    const QStringList own = files.filter(QRegularExpression(QStringLiteral("^capture/")));
    QCOMPARE(own.size(), 2);
    for (const QString &f : own)
        QVERIFY2(index.contains(QStringLiteral("](") + f + QLatin1Char(')')), qPrintable(f));
    QVERIFY(writer.files().contains(own[0]) && writer.files().contains(own[1]));
    const QString summary = own.filter(QRegularExpression(QStringLiteral("\\.json$"))).value(0);
    bs::LoadError error;
    const auto again = bs::CaptureLoader::load(dir.filePath(summary).toStdString(), error);
    QVERIFY2(again, error.toString().c_str());
    QVERIFY(*again == *c);
}

// A capture opened from an earlier report's capture/ folder, reported into
// that folder again, is refused rather than written over.
void TestChartGlance::reportNeverWritesOverItsCapture()
{
    QTemporaryDir dir;
    ReportWriter first(dir.path());
    QVERIFY(first.write(load("local/sqlite-startup.json.gz")));
    const QStringList own = filesUnder(dir.path()).filter(QRegularExpression(QStringLiteral("^capture/.*\\.json$")));
    QCOMPARE(own.size(), 1);
    const QString path = dir.filePath(own.front());
    const QDateTime written = QFileInfo(path).lastModified();
    bs::LoadError error;
    auto reopened = bs::CaptureLoader::load(path.toStdString(), error);
    QVERIFY2(reopened, error.toString().c_str());
    ReportWriter again(dir.path());
    QVERIFY(!again.write(std::make_shared<const bs::Capture>(std::move(*reopened))));
    QVERIFY2(again.error().contains(QStringLiteral("(not written by an earlier output here, or being read)")) && again.error().contains(QStringLiteral(" (an input)")), qPrintable(again.error()));
    QCOMPARE(QFileInfo(path).lastModified(), written);
    QVERIFY(bs::CaptureLoader::load(path.toStdString(), error));
}

// The Diff page's chart export holds every case's chart, each as drawn alone.
void TestChartGlance::diffPageExportHoldsEveryChart()
{
    DiffPage page;
    page.resize(1280, 900);
    page.compare(load("local/latest-optimizations.before.json.gz"), load("local/latest-optimizations.after.json.gz"));
    QTRY_VERIFY_WITH_TIMEOUT(!page.isBusy(), 20000);
    const QList<QChart *> charts = page.exportableCharts();
    QCOMPARE(charts.size(), int(page.charts().size()));
    QVERIFY(charts.size() >= 2);
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("diff.png"));
    ChartExporter::Options options;
    options.size = ExportMenu::chartsSize(charts);
    QVERIFY(ChartExporter::save(charts, path, ChartExporter::Format::Png, options));
    const QImage image(path);
    QCOMPARE(image.size(), ChartExporter::stackedSize(int(charts.size()), options.size));
    // Each chart, drawn alone, is the image's part at its place.
    QList<QImage> parts;
    for (int i = 0; i < charts.size(); ++i) {
        const QImage alone = ChartExporter::toImage({charts[i]}, options.size).convertToFormat(image.format());
        const QImage part = image.copy(0, i * options.size.height(), options.size.width(), options.size.height());
        QVERIFY2(part == alone, qPrintable(QStringLiteral("chart %1 is not in the image").arg(i + 1)));
        parts << part;
    }
    QVERIFY(parts[0] != parts[1]);
    QVERIFY(ExportMenu::chartsStem(charts).endsWith(QStringLiteral("-and-%1-more").arg(charts.size() - 1)));
}

// File › Export › Before/After Report… is offered on the Diff page, of its pair.
void TestChartGlance::diffPageOffersBeforeAfterReport()
{
    QMainWindow window;
    auto *page = new DiffPage;
    window.setCentralWidget(page);
    const auto before = load("local/latest-optimizations.before.json.gz");
    const auto after = load("local/latest-optimizations.after.json.gz");
    page->compare(before, after);
    QTRY_VERIFY_WITH_TIMEOUT(!page->isBusy(), 20000);
    QMenu menu;
    ExportMenu exports(&menu, [page] { return page; }, [] { return QList<QWidget *>(); }, &window);
    emit menu.aboutToShow();
    QAction *comparison = nullptr;
    for (QAction *a : menu.actions())
        if (a->text().startsWith(QStringLiteral("&Before/After")))
            comparison = a;
    QVERIFY(comparison);
    QVERIFY(comparison->isEnabled());
    QCOMPARE(page->reportPair().first, before);
    QCOMPARE(page->reportPair().second, after);
}

QTEST_MAIN(TestChartGlance)
#include "tst_chartglance.moc"
