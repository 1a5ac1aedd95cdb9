// Names that are markup or control characters, in every view (issue 41): a
// capture whose suite, participant, case and metric are named
// "<script>alert(1)</script>", "<img src=...>" (a file that is there),
// "</title>" or escape, DEL and BEL characters, opened in the capture page
// (every tab, the repetitions, every chart, the provenance) and the Diff
// page: no label, tool tip or chart text reads it as rich text, and no SVG
// or HTML exported from them carries live markup or a control character.
#include "benchchart.h"
#include "captureloader.h"
#include "capturepage.h"
#include "chartexporter.h"
#include "chartfactory.h"
#include "chartpanel.h"
#include "charttexts.h"
#include "diffpage.h"
#include "pairedrangechart.h"
#include "repetitionsmodel.h"
#include "resulttableview.h"
#include "sourcedata.h"
#include "tableexporter.h"
#include "tempfolder.h"

#include <QAbstractItemView>
#include <QBarCategoryAxis>
#include <QCategoryAxis>
#include <QLabel>
#include <QLegendMarker>
#include <QTabWidget>
#include <QTextDocument>
#include <QtTest>

#include <nlohmann/json.hpp>

#include <memory>

namespace {

const QString kImage = qEnvironmentVariable("BENCHSCOPE_SOURCE_DIR") + QStringLiteral(
                           "/resources/icons/hicolor/48x48/apps/benchscope.png");

// The names' markup as it would stand, unescaped, in a rich text.
const char *const kLive[] = {"<script", "<img", "</title>", "<b>x</b>", "<b>d</b>"};

bool live(const QString &text)
{
    for (const char *tag : kLive)
        if (text.contains(QLatin1String(tag), Qt::CaseInsensitive))
            return true;
    return false;
}

// A text Qt shows as rich text (`format`, or auto-detected) holds no tag of
// a name; plain text may hold anything.
bool safe(const QString &text, Qt::TextFormat format)
{
    const bool rich = format == Qt::RichText || (format == Qt::AutoText && Qt::mightBeRichText(text));
    return !rich || !live(text);
}

std::shared_ptr<const bs::Capture> captureNamed(TempFolder &dir, const QString &file, const std::string &name,
                                                const std::string &revision)
{
    nlohmann::ordered_json capture = nlohmann::ordered_json::parse(sourcedata::text("tests/data/capture/valid.json"));
    capture["metrics"][0]["label"] = name;
    capture["participants"][0]["label"] = name;
    capture["cases"][0]["label"] = name;
    capture["cases"][0]["group"] = name;
    capture["suite"]["title"] = name;
    capture["revision"]["id"] = revision;
    capture["revision"]["label"] = name;
    const std::string path = dir.write(file, capture.dump());
    bs::LoadError error;
    auto loaded = bs::CaptureLoader::load(path, error);
    if (!loaded)
        qFatal("%s", error.toString().c_str());
    return std::make_shared<const bs::Capture>(std::move(*loaded));
}

// Every label, tool tip, tab text and item tool tip under `root` that would
// show a name's markup; empty when none.
QStringList unsafeTexts(QWidget *root)
{
    QStringList out;
    for (QLabel *label : root->findChildren<QLabel *>())
        if (!safe(label->text(), label->textFormat()))
            out << QStringLiteral("label %1: %2").arg(label->objectName(), label->text());
    QList<QWidget *> widgets = root->findChildren<QWidget *>();
    widgets << root;
    for (QWidget *w : widgets)
        if (!safe(w->toolTip(), Qt::AutoText))
            out << QStringLiteral("tool tip of %1 %2: %3").arg(QString::fromLatin1(w->metaObject()->className()),
                                                               w->objectName(), w->toolTip());
    for (QTabWidget *tabs : root->findChildren<QTabWidget *>())
        for (int i = 0; i < tabs->count(); ++i)
            if (!safe(tabs->tabToolTip(i), Qt::AutoText))
                out << QStringLiteral("tab tool tip: ") + tabs->tabToolTip(i);
    for (QAbstractItemView *view : root->findChildren<QAbstractItemView *>()) {
        const QAbstractItemModel *model = view->model();
        if (!model)
            continue;
        for (int c = 0; c < model->columnCount(); ++c)
            if (const QString tip = model->headerData(c, Qt::Horizontal, Qt::ToolTipRole).toString(); !safe(tip, Qt::AutoText))
                out << QStringLiteral("header tool tip: ") + tip;
        for (int r = 0; r < std::min(model->rowCount(), 50); ++r)
            for (int c = 0; c < model->columnCount(); ++c)
                if (const QString tip = model->index(r, c).data(Qt::ToolTipRole).toString(); !safe(tip, Qt::AutoText))
                    out << QStringLiteral("item tool tip (%1, %2): %3").arg(r).arg(c).arg(tip);
    }
    return out;
}

// A chart's rich texts (title, axis titles and labels, legend entries).
QStringList unsafeChartTexts(BenchChart *chart)
{
    QStringList out;
    for (const QString &t : charttexts::richTexts(chart))
        if (live(t))
            out << t;
    return out;
}

// An exported SVG or HTML file: no element of a name, no embedded file, no
// control character XML cannot hold.
void checkExport(const QByteArray &bytes, const char *what)
{
    for (const char *bad : {"<script", "<image", "base64", "<img", "<b>x", "<b>d"})
        QVERIFY2(!bytes.contains(bad), qPrintable(QStringLiteral("%1 holds %2").arg(QLatin1String(what), QLatin1String(bad))));
    QVERIFY2(bytes.count("</title>") <= 1, what);
    for (char c : bytes)
        QVERIFY2(!((static_cast<unsigned char>(c) < 0x20 && c != '\t' && c != '\n' && c != '\r') || c == 0x7f), what);
}

void checkChart(BenchChart *chart)
{
    QVERIFY(chart);
    const QStringList bad = unsafeChartTexts(chart);
    QVERIFY2(bad.isEmpty(), qPrintable(bad.join(QLatin1Char('\n'))));
    checkExport(ChartExporter::toSvg({chart}, chart->reportSize()), "chart SVG");
}

} // namespace

class TestHostileViews : public QObject {
    Q_OBJECT
    TempFolder m_dir;

private slots:
    void init() { m_dir.renew(); }
    void capturePageShowsNamesAsText_data();
    void capturePageShowsNamesAsText();
    void diffPageShowsNamesAsText_data();
    void diffPageShowsNamesAsText();
};

namespace {
void hostileNames()
{
    QTest::addColumn<QString>("name");
    QTest::newRow("script") << QStringLiteral("<script>alert(1)</script>");
    QTest::newRow("img") << QStringLiteral("<img src=\"%1\">").arg(kImage);
    QTest::newRow("title") << QStringLiteral("</title><b>x</b>");
    QTest::newRow("controls") << QStringLiteral("a\x1b[2J b\x7f c\x07 <b>d</b>");
}
} // namespace

void TestHostileViews::capturePageShowsNamesAsText_data()
{
    hostileNames();
}

void TestHostileViews::capturePageShowsNamesAsText()
{
    QFETCH(QString, name);
    const auto capture = captureNamed(m_dir, QStringLiteral("hostile.json"), name.toStdString(), "r1");
    CapturePage page(capture);
    page.resize(1200, 800);
    page.show();
    bool repetitionsShown = false;
    for (int i = 0; i < page.tabs()->count(); ++i) {
        page.tabs()->setCurrentIndex(i);
        // A cell chosen, so the repetitions pane shows its participant and case.
        for (ResultTableView *table : page.allTables())
            if (table->isVisible() && table->model()->rowCount() > 0) {
                table->setCurrentIndex(table->model()->index(0, 1));
                break;
            }
        QCoreApplication::processEvents();
        repetitionsShown = repetitionsShown || page.repetitions()->rowCount() > 0;
        const QStringList bad = unsafeTexts(&page);
        QVERIFY2(bad.isEmpty(), qPrintable(bad.join(QLatin1Char('\n'))));
    }
    QVERIFY(repetitionsShown);
    ChartPanel *panel = page.chartPanel();
    QVERIFY(panel);
    page.tabs()->setCurrentWidget(panel);
    for (ChartFactory::Kind kind : ChartFactory::captureKinds()) {
        panel->setKind(kind);
        QCoreApplication::processEvents();
        checkChart(panel->chart());
        const QStringList bad = unsafeTexts(&page);
        QVERIFY2(bad.isEmpty(), qPrintable(bad.join(QLatin1Char('\n'))));
    }
    // The tables exported as HTML.
    for (ResultTableView *table : page.allTables()) {
        const auto html = bs::TableRenderer::Format::Html;
        checkExport(QByteArray::fromStdString(
                        bs::TableRenderer::render(TableExporter::fromView(*table, html, page.title()), html)),
                    "table HTML");
    }
}

void TestHostileViews::diffPageShowsNamesAsText_data()
{
    hostileNames();
}

void TestHostileViews::diffPageShowsNamesAsText()
{
    QFETCH(QString, name);
    const auto before = captureNamed(m_dir, QStringLiteral("before.json"), name.toStdString(), "r1");
    const auto after = captureNamed(m_dir, QStringLiteral("after.json"), name.toStdString(), "r2");
    DiffPage page;
    page.resize(1200, 800);
    static_cast<QWidget &>(page).show();
    page.setCaptures({before, after});
    page.compare(before, after);
    QTRY_VERIFY_WITH_TIMEOUT(!page.isBusy(), 20000);
    QVERIFY(!page.charts().empty());
    const QStringList bad = unsafeTexts(&page);
    QVERIFY2(bad.isEmpty(), qPrintable(bad.join(QLatin1Char('\n'))));
    for (PairedRangeChart *chart : page.charts())
        checkChart(chart);
}

QTEST_MAIN(TestHostileViews)
#include "tst_hostileviews.moc"
