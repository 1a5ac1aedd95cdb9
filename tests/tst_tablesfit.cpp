// A capture's tables at a glance (QT_QPA_PLATFORM=offscreen): in a
// 1280×720 window every per-case table of the local set shows its headline
// columns without scrolling sideways, the participant column stays in view
// once scrolled, a margin is not ranked as a best value, the first window
// fits its screen and View hides the provenance panel.
#include "allcaseswidget.h"
#include "capturepage.h"
#include "capturetables.h"
#include "casegroupwidget.h"
#include "casetablemodel.h"
#include "mainwindow.h"
#include "provenancepanel.h"
#include "resulttableview.h"
#include "tableroles.h"

#include <QAction>
#include <QDir>
#include <QHeaderView>
#include <QMenu>
#include <QScreen>
#include <QScrollArea>
#include <QScrollBar>
#include <QStandardPaths>
#include <QTabWidget>
#include <QtTest>

namespace {

QStringList localCaptures()
{
    const QDir dir(qEnvironmentVariable("BENCHSCOPE_SOURCE_DIR") + QStringLiteral("/sample-data/local"));
    QStringList paths;
    for (const QString &name : dir.entryList({QStringLiteral("*.json.gz")}, QDir::Files, QDir::Name))
        paths << dir.filePath(name);
    return paths;
}

// The column of a model showing a metric, or -1.
int columnOf(const QAbstractItemModel *model, const std::string &metricId)
{
    for (int c = 0; c < model->columnCount(); ++c)
        if (model->headerData(c, Qt::Horizontal, TableRole::MetricIdRole).toString().toStdString()
            == metricId)
            return c;
    return -1;
}

void showEveryTab(CapturePage *page)
{
    for (int i = 0; i < page->tabs()->count(); ++i) {
        page->tabs()->setCurrentIndex(i);
        QCoreApplication::processEvents();
    }
}

} // namespace

class TestTablesFit : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("BenchscopeTest"));
        QVERIFY(localCaptures().size() >= 8);
    }

    void firstWindowFitsTheScreen()
    {
        // A first run: nothing saved (QStandardPaths' test mode).
        MainWindow window;
        window.restoreWindowState();
        const QSize room = window.screen()->availableGeometry().size();
        QVERIFY(room.width() < 1400); // the offscreen screen: 800×600, smaller than the default
        QVERIFY2(window.width() <= room.width() && window.height() <= room.height(),
                 qPrintable(QStringLiteral("%1×%2 on %3×%4").arg(window.width()).arg(window.height())
                                .arg(room.width()).arg(room.height())));
    }

    void headlineFitsAt1280();
    void participantStaysInView();
    void provenancePanelHides();
    void marginIsNotBold();

private:
    void open(MainWindow &window, const QStringList &paths)
    {
        window.setPersistent(false);
        window.resize(1280, 720);
        window.show();
        QSignalSpy opened(&window, &MainWindow::captureOpened);
        window.openFiles(paths);
        QTRY_COMPARE_WITH_TIMEOUT(opened.count(), paths.size(), 30000);
    }
};

void TestTablesFit::headlineFitsAt1280()
{
    MainWindow window;
    open(window, localCaptures());
    int tables = 0;
    for (CapturePage *page : window.capturePages()) {
        window.showPage(page);
        showEveryTab(page);
        const bs::Capture &c = *page->capture();
        const std::vector<bs::Metric> headline = bs::CaptureTables::headlineMetrics(c);
        for (CaseGroupWidget *group : page->caseGroups()) {
            page->tabs()->setCurrentWidget(group);
            QCoreApplication::processEvents();
            const QString where = page->path() + QStringLiteral(" / ") + page->tabs()->tabText(page->tabs()->currentIndex());
            for (QScrollArea *area : group->findChildren<QScrollArea *>())
                QVERIFY2(!area->horizontalScrollBar()->isVisible(), qPrintable(where + QStringLiteral(": tab scrolls")));
            for (ResultTableView *table : group->tables()) {
                ++tables;
                QVERIFY(table->isVisible());
                QCOMPARE(table->horizontalScrollBar()->value(), 0);
                const int width = table->viewport()->width();
                for (const bs::Metric &m : headline) {
                    const int column = columnOf(table->model(), m.id);
                    if (column < 0 || table->isColumnHidden(column))
                        continue; // no value in this case (a command's latency)
                    const int right = table->columnViewportPosition(column) + table->columnWidth(column);
                    QVERIFY2(right <= width, qPrintable(where + QStringLiteral(": %1 ends at %2 of %3")
                                                                 .arg(QString::fromStdString(m.label)).arg(right).arg(width)));
                }
                if (table->horizontalHeader()->length() > width)
                    QVERIFY2(table->horizontalScrollBar()->isVisible(), qPrintable(where));
            }
        }
    }
    QVERIFY(tables >= 20);
}

void TestTablesFit::participantStaysInView()
{
    MainWindow window;
    open(window, localCaptures());
    int scrolled = 0;
    for (CapturePage *page : window.capturePages()) {
        window.showPage(page);
        for (CaseGroupWidget *group : page->caseGroups()) {
            page->tabs()->setCurrentWidget(group);
            QCoreApplication::processEvents();
            for (ResultTableView *table : group->tables()) {
                QTableView *frozen = table->frozenColumn();
                QVERIFY(frozen->isVisible());
                QCOMPARE(frozen->columnWidth(0), table->columnWidth(0));
                QScrollBar *bar = table->horizontalScrollBar();
                if (bar->maximum() == 0)
                    continue;
                bar->setValue(bar->maximum());
                QCoreApplication::processEvents();
                ++scrolled;
                // The table's own column 0 went left; the overlay still shows it.
                QVERIFY(table->columnViewportPosition(0) < 0);
                QVERIFY(frozen->geometry().left() <= table->frameWidth() + 1);
                const QModelIndex first = table->model()->index(0, 0);
                const QRect cell = frozen->visualRect(first);
                QVERIFY(frozen->viewport()->rect().contains(cell.center()));
                QCOMPARE(frozen->indexAt(cell.center()), first);
                QVERIFY(!first.data().toString().isEmpty());
                // A cell chosen from the keyboard is not left under the overlay.
                table->scrollTo(table->model()->index(0, 1));
                QVERIFY(table->columnViewportPosition(1) >= table->columnWidth(0));
                // The overlay's header sorts by participant, as the one under it would.
                QHeaderView *header = frozen->horizontalHeader();
                QTest::mouseClick(header->viewport(), Qt::LeftButton, {}, QPoint(5, header->height() / 2));
                QCOMPARE(table->horizontalHeader()->sortIndicatorSection(), 0);
                QCOMPARE(header->sortIndicatorSection(), 0);
                const Qt::SortOrder order = table->horizontalHeader()->sortIndicatorOrder();
                QTest::mouseClick(header->viewport(), Qt::LeftButton, {}, QPoint(5, header->height() / 2));
                QVERIFY(table->horizontalHeader()->sortIndicatorOrder() != order);
            }
        }
    }
    QVERIFY2(scrolled > 0, "no table of the local set scrolls sideways: nothing was tested");
}

void TestTablesFit::provenancePanelHides()
{
    MainWindow window;
    open(window, {localCaptures().front()});
    CapturePage *page = window.currentCapturePage();
    QVERIFY(page && page->provenance()->isVisible());
    QAction *action = window.findChild<QAction *>(QStringLiteral("provenancePanelAction"));
    QVERIFY(action && action->isCheckable() && window.viewMenu()->actions().contains(action));
    const int before = page->allCases()->width();
    action->setChecked(false);
    QCoreApplication::processEvents();
    QVERIFY(!page->provenance()->isVisible());
    QTRY_VERIFY(page->allCases()->width() > before);
    // A capture opened later follows the choice.
    open(window, {localCaptures().back()});
    QVERIFY(!window.currentCapturePage()->provenance()->isVisible());
    action->setChecked(true);
    QVERIFY(window.currentCapturePage()->provenance()->isVisible());
}

void TestTablesFit::marginIsNotBold()
{
    int margins = 0;
    for (const QString &path : localCaptures()) {
        MainWindow window;
        open(window, {path});
        for (CaseGroupWidget *group : window.currentCapturePage()->caseGroups())
            for (CaseTableModel *model : group->models()) {
                const int margin = model->metricColumn("margin");
                if (margin < 0)
                    continue;
                ++margins;
                const int ops = model->metricColumn(window.currentCapturePage()->capture()->primaryMetric()->id);
                bool bestBold = false;
                for (int row = 0; row < model->rowCount(); ++row) {
                    QVERIFY(!model->index(row, margin).data(Qt::FontRole).value<QFont>().bold());
                    QVERIFY(!model->index(row, margin).data(TableRole::RankRole).isValid());
                    bestBold = bestBold || model->index(row, ops).data(Qt::FontRole).value<QFont>().bold();
                }
                QVERIFY(bestBold); // the figure beside it is still ranked
            }
    }
    QVERIFY(margins > 0);
}

QTEST_MAIN(TestTablesFit)
#include "tst_tablesfit.moc"
