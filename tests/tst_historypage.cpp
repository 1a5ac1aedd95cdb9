#include "asynccaptureloader.h"
#include "baselinecontroller.h"
#include "capturelistmodel.h"
#include "captureloader.h"
#include "capturelistpanel.h"
#include "capturepairing.h"
#include "capturepage.h"
#include "comparisoncontroller.h"
#include "diffmodel.h"
#include "diffpage.h"
#include "historychart.h"
#include "historymodel.h"
#include "historypage.h"
#include "historystepsmodel.h"
#include "mainwindow.h"
#include "reportwriter.h"
#include "settings.h"

#include <QAction>
#include <QComboBox>
#include <QDir>
#include <QFile>
#include <QLabel>
#include <QMenu>
#include <QLineSeries>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QTableView>
#include <QTreeView>
#include <QtTest>

namespace {

QString sample(const char *name)
{
    return qEnvironmentVariable("BENCHSCOPE_SOURCE_DIR") + QStringLiteral("/sample-data/") + QString::fromUtf8(name);
}

template <class T>
T *child(const QObject *parent, const char *name)
{
    T *widget = parent->findChild<T *>(QString::fromUtf8(name));
    if (!widget)
        qFatal("no %s", name);
    return widget;
}

// Clicks the verdict of the first change point in the Steps table; false
// when there is none.
bool clickFirstChangePoint(HistoryPage *page)
{
    QTableView *steps = child<QTableView>(page, "stepsTable");
    int row = 0;
    while (row < steps->model()->rowCount() && !page->stepsModel()->step(row)->isChangePoint())
        ++row;
    if (row == steps->model()->rowCount())
        return false;
    const QRect cell = steps->visualRect(steps->model()->index(row, HistoryStepsModel::Verdict));
    QTest::mouseClick(steps->viewport(), Qt::LeftButton, {}, cell.center());
    return true;
}

CapturePage *pageOf(MainWindow &window, const QString &path)
{
    for (CapturePage *page : window.capturePages())
        if (page->path() == path)
            return page;
    return nullptr;
}

QString revisionId(const std::shared_ptr<const bs::Capture> &capture)
{
    return capture ? QString::fromStdString(capture->revision.id) : QString();
}

void open(MainWindow &window, const QStringList &paths)
{
    window.setPersistent(false);
    window.show();
    window.openFiles(paths);
    QTRY_COMPARE_WITH_TIMEOUT(window.capturePages().size(), paths.size(), 20000);
    QTRY_VERIFY(!window.loader()->isBusy());
}

} // namespace

class TestHistoryPage : public QObject {
    Q_OBJECT
    const QString m_workersLocal = sample("published/workers-benchmark-local.json.gz");
    const QString m_workersRemote = sample("published/workers-benchmark-remote.json.gz");
    const QString m_orbit = sample("published/orbit-js-frameworks.json.gz");
    // Three captures of the suite "compressors": two dated 2026-11-29 and a
    // runner capture of that evening, the latest.
    const QString m_fast = sample("measured/compressors-fast.json.gz");
    const QString m_default = sample("measured/compressors-default.json.gz");
    const QString m_runner = sample("runner/compressors.json.gz");

    // View › Suite History over the three captures of "compressors", once
    // built; null when the action is not offered.
    HistoryPage *openHistory(MainWindow &window)
    {
        open(window, {m_fast, m_default, m_runner});
        window.showPage(pageOf(window, m_fast));
        window.comparisons()->historyAction()->trigger();
        HistoryPage *page = window.comparisons()->historyPage();
        if (!page || !QTest::qWaitFor([page] { return !page->isBusy() && page->model()->history(); }, 20000))
            return nullptr;
        return page;
    }

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("BenchscopeTest"));
    }

    void init()
    {
        Settings().setBaselines({});
    }

    // Compare never pairs two unrelated captures: Orbit alone in its suite
    // says so, workers-benchmark pairs its two revisions.
    void defaultPairStaysInTheSuite()
    {
        MainWindow window;
        open(window, {m_workersLocal, m_orbit, m_workersRemote});
        window.showPage(pageOf(window, m_orbit));
        window.comparisons()->showDiffPage();
        DiffPage *diff = window.comparisons()->diffPage();
        QTRY_VERIFY_WITH_TIMEOUT(!diff->isBusy(), 20000);
        QVERIFY(!diff->model()->before());
        QCOMPARE(revisionId(diff->model()->after()), QStringLiteral("orbit-core-0.2.1"));
        const QString warning = child<QLabel>(diff, "warnings")->text();
        QVERIFY2(warning.contains(QStringLiteral("Only one capture of the suite")), qPrintable(warning));

        window.showPage(pageOf(window, m_workersLocal));
        window.comparisons()->showDiffPage();
        QTRY_VERIFY(!window.comparisons()->diffPage()->isBusy());
        QCOMPARE(revisionId(diff->model()->before()), QStringLiteral("20260502-172812-local"));
        QCOMPARE(revisionId(diff->model()->after()), QStringLiteral("20260502-170047-remote"));

        // With no capture current, the pair is still of one suite, even when
        // the unrelated one comes last.
        const CapturePairing::Pair pair = CapturePairing::defaultPair(
            {pageOf(window, m_workersLocal)->capture(), pageOf(window, m_workersRemote)->capture(),
             pageOf(window, m_orbit)->capture()},
            nullptr, BaselineSet());
        QCOMPARE(revisionId(pair.before), QStringLiteral("20260502-172812-local"));
        QCOMPARE(revisionId(pair.after), QStringLiteral("20260502-170047-remote"));
        QVERIFY(pair.note.isEmpty());
    }

    // Ctrl+B marks the current capture as its suite's baseline: the list and
    // the page say so, Ctrl+D compares baseline → latest, and a new window
    // remembers it.
    void baselineIsMarkedRememberedAndCompared()
    {
        {
            MainWindow window;
            open(window, {m_default, m_fast, m_runner});
            QAction *mark = window.baselineController()->markAction();
            QCOMPARE(mark->shortcut(), QKeySequence(Qt::CTRL | Qt::Key_B));
            CapturePage *fast = pageOf(window, m_fast);
            window.showPage(fast);
            QVERIFY(mark->isEnabled());
            QVERIFY(!mark->isChecked());
            mark->trigger();
            QVERIFY(mark->isChecked());
            QVERIFY(fast->isBaseline());
            QVERIFY(child<QLabel>(fast, "heading")->text().contains(QStringLiteral("baseline")));
            QVERIFY(!pageOf(window, m_default)->isBaseline());

            CaptureListModel *list = window.captureList()->model();
            int marked = 0;
            const QModelIndex suite = list->index(0, 0);
            for (int row = 0; row < list->rowCount(suite); ++row) {
                const QModelIndex index = list->index(row, 0, suite);
                if (index.data(CaptureListModel::BaselineRole).toBool()) {
                    ++marked;
                    QVERIFY(index.data().toString().startsWith(QStringLiteral("★ ")));
                    QVERIFY(index.data(Qt::ToolTipRole).toString().contains(QStringLiteral("baseline")));
                }
            }
            QCOMPARE(marked, 1);

            // From the default-levels page too: baseline → the latest.
            window.showPage(pageOf(window, m_default));
            QVERIFY(!mark->isChecked());
            window.comparisons()->showDiffPage();
            QTRY_VERIFY(!window.comparisons()->diffPage()->isBusy());
            QCOMPARE(revisionId(window.comparisons()->diffPage()->model()->before()), QStringLiteral("fast"));
            QCOMPARE(revisionId(window.comparisons()->diffPage()->model()->after()), QStringLiteral("6a202bd22b4e2718fa0b3282cd41054658740d42"));
        }
        {
            MainWindow window;
            open(window, {m_runner, m_fast});
            QVERIFY(pageOf(window, m_fast)->isBaseline());
            QVERIFY(!pageOf(window, m_runner)->isBaseline());
            // Marked again, it is no longer the baseline; the default pair
            // is then the current capture and its predecessor.
            window.showPage(pageOf(window, m_fast));
            window.baselineController()->markAction()->trigger();
            QVERIFY(!pageOf(window, m_fast)->isBaseline());
            QVERIFY(Settings().baselines().isEmpty());
        }
    }

    // Three captures of "compressors" (default and fast levels of one date,
    // in the capture list's order, then the runner's): the chart draws what
    // the table shows, and the real step from default to fast levels is
    // marked better on wall time.
    void historyPageFills()
    {
        MainWindow window;
        HistoryPage *page = openHistory(window);
        QVERIFY(page);
        QCOMPARE(window.currentPage(), page);
        QVERIFY(window.windowTitle().startsWith(QStringLiteral("History: ")));
        QVERIFY(page->title().contains(QStringLiteral("3 revisions")));
        HistoryModel *model = page->model();
        QCOMPARE(model->metric()->id, std::string("wall_time"));
        QVERIFY(model->rowCount() > 0);
        QTRY_COMPARE(int(page->chart()->lines().size()), model->rowCount());
        QVERIFY(page->chart()->betterMarks() > 0);
        QCOMPARE(page->chart()->worseMarks() + page->chart()->betterMarks(), page->stepsModel()->changePointCount());
        // Every step has a row saying what it establishes or why not.
        QTableView *steps = child<QTableView>(page, "stepsTable");
        QVERIFY(steps->model()->rowCount() > page->stepsModel()->changePointCount());
        QVERIFY(child<QLabel>(page, "summary")->text().contains(QStringLiteral("change point")));
        // Export offers the chart and the shown table.
        QCOMPARE(page->exportableChart(), page->chart());
        QCOMPARE(page->exportableTable(), steps);
        // and File › Export › Report… writes the history report of its captures.
        QCOMPARE(page->reportHistory().size(), std::size_t(3));
        emit window.exportMenu()->aboutToShow();
        QAction *report = nullptr;
        for (QAction *action : window.exportMenu()->actions())
            if (action->text() == QStringLiteral("&Report…"))
                report = action;
        QVERIFY(report && report->isEnabled());
    }

    void historyFilters()
    {
        MainWindow window;
        HistoryPage *page = openHistory(window);
        QVERIFY(page);
        HistoryModel *model = page->model();
        const int all = model->rowCount();
        auto *participant = child<QComboBox>(page, "participantPicker");
        participant->setCurrentIndex(participant->findData(QStringLiteral("gzip")));
        QVERIFY(model->rowCount() < all);
        for (int row = 0; row < model->rowCount(); ++row)
            QCOMPARE(model->series(row)->participant, std::string("gzip"));
        QTRY_COMPARE(int(page->chart()->lines().size()), model->rowCount());
        QCOMPARE(page->chart()->lines().front()->name(), model->seriesLabel(0));
        auto *caseBox = child<QComboBox>(page, "casePicker");
        caseBox->setCurrentIndex(caseBox->findData(QStringLiteral("binary")));
        QCOMPARE(model->rowCount(), 1);
        participant->setCurrentIndex(0); // all participants, one case
        QVERIFY(model->rowCount() > 1);
        for (int row = 0; row < model->rowCount(); ++row)
            QCOMPARE(model->series(row)->caseId, std::string("binary"));
        auto *metric = child<QComboBox>(page, "metricPicker");
        metric->setCurrentIndex(metric->findData(QStringLiteral("peak_rss")));
        QCOMPARE(model->metric()->id, std::string("peak_rss"));
    }

    // Clicking a step opens the Diff page on its two revisions and metric.
    void stepClickOpensItsDiff()
    {
        MainWindow window;
        HistoryPage *page = openHistory(window);
        QVERIFY(page);
        QVERIFY(clickFirstChangePoint(page));
        DiffPage *diff = window.comparisons()->diffPage();
        QTRY_VERIFY_WITH_TIMEOUT(!diff->isBusy(), 20000);
        QCOMPARE(window.currentPage(), diff);
        QCOMPARE(revisionId(diff->model()->before()), QStringLiteral("default"));
        QCOMPARE(revisionId(diff->model()->after()), QStringLiteral("fast"));
        QCOMPARE(child<QComboBox>(diff, "metricPicker")->currentData().toString(), QStringLiteral("wall_time"));
        window.goBack();
        QCOMPARE(window.currentPage(), page);
    }

    // Moving a revision builds the history again in the new order.
    void revisionsReorder()
    {
        MainWindow window;
        HistoryPage *page = openHistory(window);
        QVERIFY(page);
        page->moveRevision(2, 0);
        QTRY_VERIFY(!page->isBusy());
        QTRY_VERIFY(page->model()->headerData(HistoryModel::FirstRevision, Qt::Horizontal).toString().startsWith(QStringLiteral("6a202bd")));
        page->useDateOrder();
        QTRY_VERIFY(page->model()->headerData(HistoryModel::FirstRevision + 2, Qt::Horizontal).toString().startsWith(QStringLiteral("6a202bd")));
        // Closing a capture of the suite leaves two: built again from them.
        window.showPage(pageOf(window, m_runner));
        window.closeCurrentPage();
        QTRY_COMPARE(page->captures().size(), std::size_t(2));
        // Two left: Suite History says what it needs rather than nothing.
        window.statusBar()->clearMessage();
        window.comparisons()->historyAction()->trigger();
        const QString said = window.statusBar()->currentMessage();
        QVERIFY2(said.contains(QStringLiteral("needs three or more captures of one suite")) && said.contains(QStringLiteral("has 2 open")),
                 qPrintable(said));
    }

    // Opening the folder of the measured history (six revisions of
    // wordfreq) shows its History page, with the real regression (r2 → r3,
    // an unbuffered read) and the improvements around it marked.
    void folderOpensAsHistory()
    {
        MainWindow window;
        window.setPersistent(false);
        window.show();
        window.openFiles({sample("history")});
        QTRY_VERIFY_WITH_TIMEOUT(window.comparisons()->historyPage() && window.currentPage() == window.comparisons()->historyPage(), 20000);
        HistoryPage *page = window.comparisons()->historyPage();
        QTRY_VERIFY_WITH_TIMEOUT(!page->isBusy() && page->model()->history(), 20000);
        QCOMPARE(window.capturePages().size(), 6);
        QCOMPARE(page->model()->revisionCount(), 6);
        QTRY_VERIFY(page->chart()->worseMarks() >= 1);
        QVERIFY(page->chart()->betterMarks() >= 1);
        bool regression = false;
        for (int row = 0; row < page->stepsModel()->rowCount(); ++row) {
            const bs::HistoryStep *step = page->stepsModel()->step(row);
            if (step->outcome == bs::StepOutcome::Worse && page->stepsModel()->seriesOf(row)->participant == "wordfreq")
                regression = page->model()->revisionLabel(int(step->from)).startsWith(QStringLiteral("r2"))
                    && page->model()->revisionLabel(int(step->to)).startsWith(QStringLiteral("r3"));
        }
        QVERIFY(regression);
    }

    // Suite History of a Folder: the six wordfreq captures read through a
    // summary index in a temporary file, not opened as pages; the first
    // scan says it read the files and that the next reads the index, the
    // second reads the index; a step's Diff compares the full captures,
    // loaded from their files; a damaged capture is named, and no history
    // is shown (all or none, as benchscope-cli history).
    void folderHistoryReadsTheIndex()
    {
        QTemporaryDir dir;
        const QString folder = dir.filePath(QStringLiteral("wordfreq"));
        QVERIFY(QDir().mkpath(folder));
        for (const QString &name : QDir(sample("history")).entryList({QStringLiteral("*.json.gz")}, QDir::Files))
            QVERIFY(QFile::copy(QDir(sample("history")).filePath(name), QDir(folder).filePath(name)));
        qputenv("BENCHSCOPE_INDEX", dir.filePath(QStringLiteral("index.sqlite")).toUtf8());
        auto openFolder = [&](MainWindow &window) -> HistoryPage * {
            window.setPersistent(false);
            window.show();
            window.comparisons()->showFolderHistory({folder});
            HistoryPage *page = window.comparisons()->folderHistoryPage();
            // Built (or no history: the scan line says why).
            auto done = [page] {
                return !page->isBusy() && (page->model()->history() || page->scanStatus().startsWith(QStringLiteral("No history")));
            };
            if (!page || !QTest::qWaitFor(done, 30000))
                return nullptr;
            return page;
        };
        {
            MainWindow window;
            HistoryPage *page = openFolder(window);
            QVERIFY(page);
            QCOMPARE(window.currentPage(), page);
            QVERIFY(window.capturePages().isEmpty());
            QCOMPARE(window.comparisons()->folderHistoryAction()->shortcut(), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_H));
            QVERIFY(page->holdsSummaries());
            QVERIFY(page->model()->history());
            QCOMPARE(page->model()->revisionCount(), 6);
            QVERIFY(page->title().contains(QStringLiteral("6 revisions")));
            QVERIFY2(page->scanStatus().startsWith(QStringLiteral("Read 6 captures of wordfreq from their files in "))
                         && page->scanStatus().contains(QStringLiteral("the next opening reads the summary index")),
                     qPrintable(page->scanStatus()));
            QCOMPARE(child<QLabel>(page, "scanStatus")->text(), page->scanStatus());
            QVERIFY(page->reportHistory().empty()); // summaries make no report
            QTRY_VERIFY(page->chart()->worseMarks() >= 1);

            QVERIFY(clickFirstChangePoint(page));
            QTRY_VERIFY_WITH_TIMEOUT(window.comparisons()->diffPage() && window.currentPage() == window.comparisons()->diffPage(), 20000);
            DiffPage *diff = window.comparisons()->diffPage();
            QTRY_VERIFY_WITH_TIMEOUT(!diff->isBusy(), 20000);
            for (const auto &shown : {diff->model()->before(), diff->model()->after()}) {
                QVERIFY(shown);
                bs::LoadError error;
                const auto file = bs::CaptureLoader::load(shown->sourcePath, error);
                QVERIFY2(file, error.toString().c_str());
                QVERIFY(!file->provenance.machine.cpu.empty());
                QVERIFY(shown->provenance == file->provenance); // the whole capture, not its summary
            }
            window.goBack();
            QCOMPARE(window.currentPage(), page);
        }
        {
            MainWindow window;
            HistoryPage *page = openFolder(window);
            QVERIFY(page);
            QCOMPARE(page->model()->revisionCount(), 6);
            QVERIFY2(page->scanStatus().startsWith(QStringLiteral("Read 6 captures of wordfreq from the summary index in ")),
                     qPrintable(page->scanStatus()));
        }
        {
            QFile damaged(QDir(folder).filePath(QStringLiteral("wordfreq-r3.json.gz")));
            QVERIFY(damaged.open(QIODevice::WriteOnly | QIODevice::Truncate));
            damaged.write("{\"format\": \"benchscope-capture\", ");
        }
        {
            MainWindow window;
            HistoryPage *page = openFolder(window);
            QVERIFY(page);
            QVERIFY(!page->model()->history());
            QVERIFY2(page->scanStatus().startsWith(QStringLiteral("No history of wordfreq: "))
                         && page->scanStatus().contains(QStringLiteral("wordfreq-r3.json.gz")),
                     qPrintable(page->scanStatus()));
        }
        qunsetenv("BENCHSCOPE_INDEX");
    }

    // A report folder of the measured history: the chart of every metric,
    // its change points, every point and step as Markdown and CSV.
    void historyReport()
    {
        std::vector<std::shared_ptr<const bs::Capture>> captures;
        for (const QString &name : QDir(sample("history")).entryList({QStringLiteral("*.json.gz")}, QDir::Files, QDir::Name)) {
            bs::LoadError error;
            auto c = bs::CaptureLoader::load(QDir(sample("history")).filePath(name).toStdString(), error);
            QVERIFY2(c, error.toString().c_str());
            captures.push_back(std::make_shared<const bs::Capture>(std::move(*c)));
        }
        QCOMPARE(captures.size(), std::size_t(6));
        QTemporaryDir dir;
        ReportWriter writer(dir.path());
        QVERIFY2(writer.writeHistory(captures), qPrintable(writer.error()));
        QVERIFY(writer.files().contains(QStringLiteral("index.md")));
        QVERIFY(writer.files().contains(QStringLiteral("tables/history-wall_time.csv")));
        QVERIFY(writer.files().filter(QRegularExpression(QStringLiteral("^charts/history-.*wall_time\\.svg$"))).size() == 1);
        QFile index(dir.filePath(QStringLiteral("index.md")));
        QVERIFY(index.open(QIODevice::ReadOnly));
        const QString text = QString::fromUtf8(index.readAll());
        QVERIFY(text.startsWith(QStringLiteral("# History: ")));
        QVERIFY(text.contains(QStringLiteral("worse")));
        QVERIFY(text.contains(QStringLiteral("better")));

        // Captures of two suites make no history; the error says why.
        captures.push_back(captures.front());
        bs::Capture other = *captures.front();
        other.suite.id = "another-suite";
        captures.back() = std::make_shared<const bs::Capture>(std::move(other));
        ReportWriter mixed(dir.filePath(QStringLiteral("mixed")));
        QVERIFY(!mixed.writeHistory(captures));
        QVERIFY2(mixed.error().contains(QStringLiteral("different suites")), qPrintable(mixed.error()));
    }

    // The capture list's context menu offers the same actions.
    void listContextMenuHasTheActions()
    {
        MainWindow window;
        open(window, {m_fast});
        const QList<QAction *> actions = window.captureList()->contextActions();
        QVERIFY(actions.contains(window.baselineController()->markAction()));
        QCOMPARE(window.captureList()->view()->contextMenuPolicy(), Qt::CustomContextMenu);
    }
};

QTEST_MAIN(TestHistoryPage)
#include "tst_historypage.moc"
