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
#include "historystepsfilter.h"
#include "historystepsmodel.h"
#include "historystepspanel.h"
#include "mainwindow.h"
#include "plantedhistory.h"
#include "qs.h"
#include "reportwriter.h"
#include "settings.h"
#include "tableroles.h"
#include "unitformat.h"

#include <QAction>
#include <QCategoryAxis>
#include <QComboBox>
#include <QDir>
#include <QFile>
#include <QLabel>
#include <QListWidget>
#include <QMenu>
#include <QProgressBar>
#include <QLineSeries>
#include <QRegularExpression>
#include <QScatterSeries>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QTableView>
#include <QTextDocument>
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
    while (row < steps->model()->rowCount()
           && !steps->model()->index(row, 0).data(HistoryStepsModel::ChangePointRole).toBool())
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

// A planted history's page (tests/plantedhistory.h, fixed seed), once built.
std::unique_ptr<HistoryPage> plantedPage(const planted::Plan &plan, unsigned seed)
{
    std::vector<HistoryPage::CapturePtr> captures;
    for (const auto &c : planted::captures(plan, seed))
        captures.push_back(c);
    auto page = std::make_unique<HistoryPage>(captures);
    page->resize(1400, 900);
    page->show();
    // Built, and the chart drawn (it rebuilds once per event loop turn).
    if (!QTest::qWaitFor([&page] { return !page->isBusy() && page->model()->history() && !page->chart()->lines().empty(); }, 30000))
        return nullptr;
    return page;
}

// Two steps planted in six series of 300 revisions: c1 30% slower from
// r151 on, c4 25% faster from r101 on.
planted::Plan twoSteps()
{
    planted::Plan plan;
    plan.series = 6;
    plan.cv = {0.03};
    plan.steps = {{1, 150, 1.3}, {4, 100, 0.75}};
    return plan;
}

int markCount(HistoryChart *chart)
{
    int n = 0;
    for (QScatterSeries *s : chart->markSeries())
        n += s->count();
    return n;
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
            // Built (or no history: the scan line says why); while it reads
            // and builds, the chart says so, never "No history yet".
            bool saidNone = false;
            auto done = [page, &saidNone] {
                saidNone = saidNone || page->chart()->emptyMessage().startsWith(QStringLiteral("No history yet"));
                return !page->isBusy() && (page->model()->history() || page->scanStatus().startsWith(QStringLiteral("No history")));
            };
            if (!page || !page->chart()->emptyMessage().startsWith(QStringLiteral("Reading the captures of wordfreq"))) {
                qWarning("the chart said %s", page ? qPrintable(page->chart()->emptyMessage()) : "nothing");
                return nullptr;
            }
            if (!QTest::qWaitFor(done, 30000) || saidNone)
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

    // A planted history: a mark per change point and none elsewhere; a
    // mark's hover says its step, value, change with its interval and p;
    // clicking it asks for that step's diff. While it is built the chart
    // and summary say so, never "No history yet".
    void marksAreTheChangePoints()
    {
        std::vector<HistoryPage::CapturePtr> captures;
        for (const auto &c : planted::captures(twoSteps(), 7))
            captures.push_back(c);
        HistoryPage page(captures);
        QVERIFY(page.isBusy());
        QVERIFY2(page.chart()->emptyMessage().startsWith(QStringLiteral("Finding the change points of 300 revisions")),
                 qPrintable(page.chart()->emptyMessage()));
        QVERIFY(!child<QLabel>(&page, "summary")->text().contains(QStringLiteral("No ")));
        QVERIFY(child<QProgressBar>(&page, "scanProgress")->isVisibleTo(&page));
        QVERIFY(QTest::qWaitFor([&page] { return !page.isBusy() && !page.chart()->lines().empty(); }, 30000));
        QVERIFY(!child<QProgressBar>(&page, "scanProgress")->isVisibleTo(&page));

        int changePoints = 0;
        for (const bs::HistorySeries *s : page.model()->shownSeries())
            for (const bs::HistoryStep &st : s->steps)
                changePoints += st.isChangePoint() ? 1 : 0;
        QVERIFY2(changePoints >= 2, qPrintable(QString::number(changePoints)));
        QCOMPARE(markCount(page.chart()), changePoints);
        QCOMPARE(page.chart()->worseMarks() + page.chart()->betterMarks(), changePoints);
        QCOMPARE(page.stepsModel()->changePointCount(), changePoints);
        QCOMPARE(int(page.chart()->lines().size()), 6); // a level line per series

        QSignalSpy said(page.chart(), &HistoryChart::pointHovered);
        QSignalSpy diff(&page, &HistoryPage::diffRequested);
        QScatterSeries *worse = nullptr;
        for (QScatterSeries *s : page.chart()->markSeries())
            if (s->name().contains(QStringLiteral("worse")))
                worse = s;
        QVERIFY(worse && worse->count() >= 1);
        emit worse->hovered(worse->at(0), true);
        QCOMPARE(said.size(), 1);
        // A published page shows each mark's words on hover too (without the window's "Click").
        QCOMPARE(int(page.chart()->valueMarks().size()), changePoints);
        QVERIFY(page.chart()->valueMarks().front().text.contains(QStringLiteral("(BH-adjusted)")));
        const QString text = said.front().front().toString();
        QVERIFY2(text.startsWith(QStringLiteral("r150 → r151\n")) && text.contains(QStringLiteral("\nvalue at r151: "))
                     && text.contains(QRegularExpression(QStringLiteral("change: \\+[23][0-9]\\.[0-9]% \\[\\+[0-9.]+%, \\+[0-9.]+%\\], p = ")))
                     && text.contains(QStringLiteral("(BH-adjusted)")),
                 qPrintable(text));
        emit worse->clicked(worse->at(0));
        QCOMPARE(diff.size(), 1);
        QCOMPARE(revisionId(diff.front().at(0).value<HistoryPage::CapturePtr>()), QStringLiteral("r150"));
        QCOMPARE(revisionId(diff.front().at(1).value<HistoryPage::CapturePtr>()), QStringLiteral("r151"));
    }

    // At 2,000 revisions the revision axis labels every k-th revision, each
    // label whole (Qt Charts gives each an equal share of the axis and cuts
    // a longer one to "…"), at any width.
    void revisionLabelsFitAt2000()
    {
        planted::Plan plan;
        plan.revisions = 2000;
        plan.series = 2;
        plan.runs = 3;
        plan.cv = {0.03};
        plan.revisionLabel = "nightly build";
        auto page = plantedPage(plan, 5);
        QVERIFY(page);
        for (int width : {700, 1100, 1900}) {
            page->resize(width, 900);
            QTRY_VERIFY(page->chart()->plotArea().width() > 0);
            QTest::qWait(50);
            QCategoryAxis *axis = nullptr;
            for (QAbstractAxis *a : page->chart()->axes(Qt::Horizontal))
                axis = qobject_cast<QCategoryAxis *>(a);
            QVERIFY(axis);
            const QStringList labels = axis->categoriesLabels();
            QVERIFY2(labels.size() >= 2 && page->chart()->labelStride() > 1, qPrintable(QString::number(labels.size())));
            const QFontMetricsF metrics(axis->labelsFont());
            const qreal share = page->chart()->plotArea().width() / (labels.size() + 1);
            for (const QString &label : labels)
                for (const QString &line : label.split(QStringLiteral("<br>")))
                    QVERIFY2(metrics.horizontalAdvance(line) + 10 <= share,
                             qPrintable(QStringLiteral("%1 at %2: %3 px of %4").arg(line).arg(width).arg(metrics.horizontalAdvance(line)).arg(share)));
            // Captures of one name told apart.
            QVERIFY2(labels.front().contains(QStringLiteral("r1.json")), qPrintable(labels.front()));
        }
    }

    // The Steps table: filtered by direction, sorted, and the count follows.
    void stepsFilterAndCount()
    {
        auto page = plantedPage(twoSteps(), 7);
        QVERIFY(page);
        HistoryStepsPanel *panel = page->stepsPanel();
        QTableView *table = child<QTableView>(page.get(), "stepsTable");
        QComboBox *show = child<QComboBox>(page.get(), "stepsShow");
        const int steps = page->stepsModel()->rowCount();
        const int changePoints = page->stepsModel()->changePointCount();
        const int worse = page->chart()->worseMarks(), better = page->chart()->betterMarks();
        QVERIFY(worse >= 1 && better >= 1);
        QCOMPARE(steps, 6 * 299);
        QCOMPARE(table->model()->rowCount(), steps);
        QVERIFY2(panel->countText().startsWith(QStringLiteral("%1 change points of 1,794 steps (%2 worse, %3 better); 1,794 shown")
                                                   .arg(changePoints)
                                                   .arg(worse)
                                                   .arg(better)),
                 qPrintable(panel->countText()));
        QCOMPARE(child<QLabel>(page.get(), "stepsCount")->textFormat(), Qt::PlainText);
        const std::pair<int, int> shown[] = {{1, changePoints}, {2, worse}, {3, better}, {0, steps}};
        for (const auto &[index, rows] : shown) {
            show->setCurrentIndex(index);
            QCOMPARE(table->model()->rowCount(), rows);
            QVERIFY2(panel->countText().endsWith(QStringLiteral("; %1 shown").arg(qs(bs::UnitFormat::plain(rows, 0)))),
                     qPrintable(panel->countText()));
        }
        show->setCurrentIndex(2);
        for (int row = 0; row < table->model()->rowCount(); ++row)
            QVERIFY(table->model()->index(row, HistoryStepsModel::Verdict).data().toString().contains(QStringLiteral("worse")));
        // Narrowed to one case by the page's pickers: the count follows.
        QComboBox *cases = child<QComboBox>(page.get(), "casePicker");
        cases->setCurrentIndex(cases->findData(QStringLiteral("c0")));
        QCOMPARE(page->stepsModel()->rowCount(), 299);
        QVERIFY2(panel->countText().startsWith(QStringLiteral("0 change points of 299 steps; 0 shown")), qPrintable(panel->countText()));
        cases->setCurrentIndex(0);
        // Sorted by the change, as numbers: the planted 25% faster first.
        show->setCurrentIndex(0);
        table->sortByColumn(HistoryStepsModel::Change, Qt::AscendingOrder);
        const QModelIndex first = table->model()->index(0, HistoryStepsModel::Change);
        QVERIFY2(first.data(TableRole::SortRole).toDouble() < -20, qPrintable(first.data().toString()));
        for (int row = 1; row < table->model()->rowCount(); ++row) {
            const QVariant here = table->model()->index(row, HistoryStepsModel::Change).data(TableRole::SortRole);
            if (!here.isValid())
                break; // steps without a change last
            QVERIFY(table->model()->index(row - 1, HistoryStepsModel::Change).data(TableRole::SortRole).toDouble() <= here.toDouble());
        }
        // A click on a row opens its step, through the sorted and filtered view.
        QSignalSpy diff(page.get(), &HistoryPage::diffRequested);
        QTest::mouseClick(table->viewport(), Qt::LeftButton, {}, table->visualRect(first).center());
        QCOMPARE(diff.size(), 1);
        QCOMPARE(revisionId(diff.front().at(1).value<HistoryPage::CapturePtr>()), QStringLiteral("r101"));
    }

    // Labels from files are plain text wherever shown; revisions of one
    // name are told apart; the order note of undated captures is shown.
    void labelsFromFilesArePlainText()
    {
        planted::Plan plan = twoSteps();
        plan.participantLabel = "<b>fast</b><img src=x>";
        plan.revisionLabel = "<i>nightly</i>";
        plan.dated = false;
        auto page = plantedPage(plan, 7);
        QVERIFY(page);
        QCOMPARE(child<QLabel>(page.get(), "heading")->textFormat(), Qt::PlainText);
        QLabel *note = child<QLabel>(page.get(), "orderNote");
        QVERIFY(note->isVisibleTo(page.get()));
        QCOMPARE(note->textFormat(), Qt::PlainText);
        QVERIFY2(note->text().contains(QStringLiteral("order unknown: 300 of 300 captures have no date")), qPrintable(note->text()));
        const QString label = QStringLiteral("<b>fast</b><img src=x>");
        // Tool tips: rich text that shows the label as written.
        const QModelIndex step = page->stepsModel()->index(0, HistoryStepsModel::Step);
        const QModelIndex cell = page->model()->index(0, HistoryModel::FirstRevision);
        for (const QString &tip : {step.data(Qt::ToolTipRole).toString(), cell.data(Qt::ToolTipRole).toString(),
                                   child<QListWidget>(page.get(), "revisions")->item(0)->toolTip()}) {
            QVERIFY2(Qt::mightBeRichText(tip) && !tip.contains(QStringLiteral("<i>")) && !tip.contains(QStringLiteral("<b>")),
                     qPrintable(tip));
            QTextDocument shown;
            shown.setHtml(tip);
            QVERIFY2(shown.toPlainText().contains(QStringLiteral("<i>nightly</i>")) || shown.toPlainText().contains(QStringLiteral("r1.json")),
                     qPrintable(shown.toPlainText()));
        }
        QTextDocument cellTip;
        cellTip.setHtml(cell.data(Qt::ToolTipRole).toString());
        QVERIFY2(cellTip.toPlainText().contains(label), qPrintable(cellTip.toPlainText()));
        // Revisions of one name told apart, on the axis and in the table.
        QStringList names;
        for (int r = 0; r < page->model()->revisionCount(); ++r)
            names << page->model()->revisionLabel(r);
        QCOMPARE(QSet<QString>(names.begin(), names.end()).size(), 300);
        QVERIFY2(names.front().startsWith(QStringLiteral("<i>nightly</i>")), qPrintable(names.front()));
        for (QAbstractAxis *a : page->chart()->axes(Qt::Horizontal))
            if (auto *axis = qobject_cast<QCategoryAxis *>(a))
                QVERIFY2(axis->categoriesLabels().front().startsWith(QStringLiteral("&lt;i&gt;nightly")),
                         qPrintable(axis->categoriesLabels().front()));
        // A mark's hover: the label as written, shown as plain text.
        QSignalSpy said(page->chart(), &HistoryChart::pointHovered);
        QScatterSeries *mark = page->chart()->markSeries().front();
        emit mark->hovered(mark->at(0), true);
        QCOMPARE(said.size(), 1);
        QVERIFY2(said.front().front().toString().contains(label), qPrintable(said.front().front().toString()));
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
