#include "asynccaptureloader.h"
#include "baselinecontroller.h"
#include "capturelistmodel.h"
#include "capturelistpanel.h"
#include "capturepairing.h"
#include "capturepage.h"
#include "diffmodel.h"
#include "diffpage.h"
#include "mainwindow.h"
#include "settings.h"

#include <QAction>
#include <QComboBox>
#include <QLabel>
#include <QStandardPaths>
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
        window.showDiffPage();
        DiffPage *diff = window.diffPage();
        QVERIFY(!diff->model()->before());
        QCOMPARE(revisionId(diff->model()->after()), QStringLiteral("orbit-core-0.2.1"));
        const QString warning = child<QLabel>(diff, "warnings")->text();
        QVERIFY2(warning.contains(QStringLiteral("Only one capture of the suite")), qPrintable(warning));

        window.showPage(pageOf(window, m_workersLocal));
        window.showDiffPage();
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
                    QVERIFY(index.data().toString().contains(QStringLiteral("★ baseline")));
                }
            }
            QCOMPARE(marked, 1);

            // From the default-levels page too: baseline → the latest.
            window.showPage(pageOf(window, m_default));
            QVERIFY(!mark->isChecked());
            window.showDiffPage();
            QCOMPARE(revisionId(window.diffPage()->model()->before()), QStringLiteral("fast"));
            QCOMPARE(revisionId(window.diffPage()->model()->after()), QStringLiteral("8b4d8a4fb8adcf9d2d77d022c756d8ef951e52e0"));
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
