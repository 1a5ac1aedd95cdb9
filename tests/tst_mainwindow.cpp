#include "aboutdialog.h"
#include "allcaseswidget.h"
#include "asynccaptureloader.h"
#include "capturelistpanel.h"
#include "capturelistmodel.h"
#include "capturepage.h"
#include "capturewriter.h"
#include "casegroupwidget.h"
#include "chartfactory.h"
#include "chartpanel.h"
#include "errorbanner.h"
#include "guitestcapture.h"
#include "mainwindow.h"
#include "participantfilterproxy.h"
#include "provenancepanel.h"
#include "repetitionsmodel.h"
#include "resulttableview.h"
#include "settings.h"
#include "version.h"

#include <QComboBox>
#include <QLabel>
#include <QMenuBar>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QtTest>

namespace {
QStringList tabTexts(const QTabWidget *tabs)
{
    QStringList texts;
    for (int i = 0; i < tabs->count(); ++i)
        texts << tabs->tabText(i);
    return texts;
}

QString cell(const QAbstractItemModel *model, int row, int column)
{
    return model->index(row, column).data().toString();
}

// The widgets under `root` that ask for more than `width` pixels while none
// of their children does: what widens a page (a label's long line, a combo
// box sized to its longest item).
QStringList widestLeaves(const QWidget *root, int width)
{
    QStringList found;
    for (const QWidget *w : root->findChildren<QWidget *>()) {
        if (w->minimumSizeHint().width() <= width || w->sizePolicy().horizontalPolicy() == QSizePolicy::Ignored)
            continue;
        const QList<QWidget *> children = w->findChildren<QWidget *>(Qt::FindDirectChildrenOnly);
        if (std::none_of(children.begin(), children.end(), [width](const QWidget *c) { return c->minimumSizeHint().width() > width; }))
            found << QString::fromLatin1(w->metaObject()->className()) + QLatin1Char(' ') + w->objectName() + QLatin1Char(' ')
                    + QString::number(w->minimumSizeHint().width());
    }
    return found;
}
} // namespace

class TestMainWindow : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;
    QString m_capturePath;

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("BenchscopeTest"));
        QVERIFY(m_dir.isValid());
        m_capturePath = m_dir.filePath(QStringLiteral("web.json.gz"));
        bs::LoadError error;
        QVERIFY2(bs::CaptureWriter::write(guitest::capture(), m_capturePath.toStdString(), error), error.toString().c_str());
        Settings().clearRecentFiles();
    }

    void opensCaptureAsync()
    {
        MainWindow window;
        window.show();
        QSignalSpy opened(&window, &MainWindow::captureOpened);
        window.openFiles({m_capturePath});
        QVERIFY(window.loader()->isBusy());
        QTRY_COMPARE(opened.count(), 1);
        CapturePage *page = window.currentCapturePage();
        QVERIFY(page);
        QCOMPARE(tabTexts(page->tabs()), (guitest::strings({"All cases", "HTTP", "Process", "Charts"})));
        QCOMPARE(window.windowTitle(), QStringLiteral("Web frameworks · v1.0 — Benchscope"));

        // All cases: the primary metric, and the Suku-style ratios by default
        // (participants marked as baselines are present).
        const QAbstractItemModel *all = page->allCases()->table()->model();
        QCOMPARE(cell(all, 0, 1), QStringLiteral("112,000"));
        QCOMPARE(cell(all, 1, 2), QStringLiteral("101%"));
        QCOMPARE(cell(all, 3, 2), QStringLiteral("61%"));
        QCOMPARE(page->allCases()->metricSelector()->count(), 3);

        // The HTTP tab stacks GET / and GET /json.
        CaseGroupWidget *http = page->caseGroups().at(0);
        QCOMPARE(http->tables().size(), std::size_t(2));
        const QAbstractItemModel *plaintext = http->tables()[0]->model();
        QCOMPARE(cell(plaintext, 0, 1), QStringLiteral("112,000"));
        QCOMPARE(plaintext->index(0, 1).data(Qt::UserRole + 2).toString(), QStringLiteral("[110,000–115,000]"));
        QCOMPARE(cell(plaintext, 4, 1), QStringLiteral("contract failed"));
        QCOMPARE(cell(page->caseGroups().at(1)->tables()[0]->model(), 3, 1), QStringLiteral("—"));

        // The capture is listed under its suite, and remembered.
        QCOMPARE(window.captureList()->model()->captureCount(), 1);
        QCOMPARE(Settings().recentFiles().value(0), QFileInfo(m_capturePath).absoluteFilePath());
    }

    void filterSelectionAndCopy()
    {
        MainWindow window;
        window.show();
        QSignalSpy opened(&window, &MainWindow::captureOpened);
        window.openFiles({m_capturePath});
        QTRY_COMPARE(opened.count(), 1);
        CapturePage *page = window.currentCapturePage();

        page->setFilterText(QStringLiteral("bun"));
        QCOMPARE(page->allCases()->table()->model()->rowCount(), 2);
        QCOMPARE(page->caseGroups()[0]->tables()[1]->model()->rowCount(), 2);
        page->setFilterText(QString());

        // Selecting a cell shows that result's repetitions.
        ResultTableView *table = page->caseGroups()[0]->tables()[0];
        table->setCurrentIndex(table->model()->index(1, 1));
        QCOMPARE(page->repetitions()->rowCount(), 3);
        QCOMPARE(QString::fromStdString(page->repetitions()->result()->participant), QStringLiteral("app-bun"));

        table->selectionModel()->select(QItemSelection(table->model()->index(0, 0), table->model()->index(1, 1)),
                                        QItemSelectionModel::ClearAndSelect);
        QCOMPARE(table->selectionAsTsv(),
                 QStringLiteral("Participant\tRequests/s (req/s)\n"
                                "Raw Bun.serve (baseline)\t112,000 [110,000–115,000]\n"
                                "App on Bun\t113,000 [111,000–116,000]\n"));

        // Hiding a metric hides it in every table of the page.
        page->setMetricVisible(QStringLiteral("p99"), false);
        QVERIFY(table->isColumnHidden(2));
        QVERIFY(page->caseGroups()[1]->tables()[0]->isColumnHidden(2));
        page->setMetricVisible(QStringLiteral("p99"), true);
        QVERIFY(!table->isColumnHidden(2));

        // Next/previous tab wrap around.
        page->previousTab();
        QCOMPARE(page->tabs()->currentIndex(), 3);
        page->nextTab();
        QCOMPARE(page->tabs()->currentIndex(), 0);
    }

    // The provenance panel's width is remembered across pages and runs.
    void provenanceWidthRemembered()
    {
        Settings().setProvenanceWidth(420);
        MainWindow window;
        window.resize(1600, 1000);
        window.show();
        QSignalSpy opened(&window, &MainWindow::captureOpened);
        window.openFiles({m_capturePath});
        QTRY_COMPARE(opened.count(), 1);
        CapturePage *page = window.currentCapturePage();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QCOMPARE(page->provenance()->width(), 420);
        emit page->provenanceWidthChanged(333); // as dragging the splitter does
        QCOMPARE(Settings().provenanceWidth(), 333);
    }

    // A participant named by a whole command line (a hyperfine import) does
    // not widen the page: the window keeps its size and the capture list and
    // the provenance panel their widths, on every tab and every chart.
    void longNamesKeepThePanels_data()
    {
        QTest::addColumn<QSize>("size");
        QTest::newRow("1280x720") << QSize(1280, 720);
        QTest::newRow("1600x1000") << QSize(1600, 1000);
    }

    void longNamesKeepThePanels()
    {
        QFETCH(QSize, size);
        Settings().setProvenanceWidth(0); // fresh settings: the page's own width
        MainWindow window;
        window.resize(size);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QSignalSpy opened(&window, &MainWindow::captureOpened);
        window.openFiles({qEnvironmentVariable("BENCHSCOPE_SOURCE_DIR")
                          + QStringLiteral("/tests/data/importers/failures/hyperfine-some-fail.json")});
        QTRY_COMPARE(opened.count(), 1);
        CapturePage *page = window.currentCapturePage();
        QVERIFY(page->allCases()->table()->model()->index(0, 0).data().toString().size() > 100);
        auto *charts = page->findChild<ChartPanel *>();
        QVERIFY(charts);
        for (int tab = 0; tab < page->tabs()->count(); ++tab) {
            page->tabs()->setCurrentIndex(tab);
            for (ChartFactory::Kind kind : {ChartFactory::Kind::Box, ChartFactory::Kind::Latency,
                                            ChartFactory::Kind::Bars, ChartFactory::Kind::Range}) {
                if (page->tabs()->currentWidget() == charts)
                    charts->setKind(kind);
                QCoreApplication::processEvents();
                const QString where = page->tabs()->tabText(tab) + QLatin1Char(' ') + ChartFactory::name(kind) + QStringLiteral(": ")
                    + widestLeaves(page, page->width() - page->provenanceWidth()).join(QStringLiteral(", "));
                QVERIFY2(window.minimumSizeHint().width() <= size.width(), qPrintable(where));
                QCOMPARE(window.width(), size.width());
                QVERIFY2(window.captureList()->width() >= 200, qPrintable(where));
                QVERIFY2(page->provenance()->width() == page->provenanceWidth(), qPrintable(where));
                QVERIFY(page->provenanceWidth() >= 300);
            }
        }
    }

    // Ctrl+H with fewer than three captures of a suite open says what it
    // needs, and shows nothing else.
    void historyShortcutSaysWhatItNeeds()
    {
        MainWindow window;
        window.setPersistent(false);
        window.show();
        QVERIFY(QTest::qWaitForWindowActive(&window));
        QTest::keyClick(&window, Qt::Key_H, Qt::ControlModifier);
        QVERIFY2(window.statusBar()->currentMessage().contains(QStringLiteral("needs three or more captures of one suite open; none is open")),
                 qPrintable(window.statusBar()->currentMessage()));
        QSignalSpy opened(&window, &MainWindow::captureOpened);
        window.openFiles({m_capturePath});
        QTRY_COMPARE(opened.count(), 1);
        CapturePage *page = window.currentCapturePage();
        window.statusBar()->clearMessage();
        QTest::keyClick(page, Qt::Key_H, Qt::ControlModifier);
        QVERIFY2(window.statusBar()->currentMessage().contains(QStringLiteral("“Web frameworks” has one open")),
                 qPrintable(window.statusBar()->currentMessage()));
        QCOMPARE(window.currentPage(), page);
    }

    void badFileShowsBannerAndKeepsOthers()
    {
        MainWindow window;
        window.show();
        QSignalSpy opened(&window, &MainWindow::captureOpened);
        QSignalSpy idle(window.loader(), &AsyncCaptureLoader::idle);
        const QString bad = m_dir.filePath(QStringLiteral("bad.json"));
        QFile file(bad);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("{\"format\": \"benchscope-capture\", \"version\": ");
        file.close();
        window.openFiles({m_capturePath, bad, m_dir.filePath(QStringLiteral("absent.json.gz"))});
        QTRY_COMPARE(idle.count(), 1);
        QCOMPARE(opened.count(), 1);
        QVERIFY(window.errorBanner()->isVisible());
        const QStringList messages = window.errorBanner()->messages();
        QCOMPARE(messages.size(), 2);
        QVERIFY2(messages.join(QLatin1Char('\n')).contains(QStringLiteral("bad.json")), qPrintable(messages.join(QLatin1Char('\n'))));
        QVERIFY(messages.join(QLatin1Char('\n')).contains(QStringLiteral("absent.json.gz")));
        QCOMPARE(window.capturePages().size(), 1);
    }

    void cancelDropsPendingLoads()
    {
        MainWindow window;
        QSignalSpy opened(&window, &MainWindow::captureOpened);
        QSignalSpy idle(window.loader(), &AsyncCaptureLoader::idle);
        window.openFiles({m_capturePath});
        window.loader()->cancel();
        QCOMPARE(idle.count(), 1);
        QTest::qWait(300);
        QCOMPARE(opened.count(), 0);
        QVERIFY(window.capturePages().isEmpty());
    }

    void closeAndReopenReplaces()
    {
        MainWindow window;
        QSignalSpy opened(&window, &MainWindow::captureOpened);
        window.openFiles({m_capturePath});
        QTRY_COMPARE(opened.count(), 1);
        window.openFiles({m_capturePath});
        QTRY_COMPARE(opened.count(), 2);
        QCOMPARE(window.capturePages().size(), 1);
        window.closeCurrentPage();
        QVERIFY(window.capturePages().isEmpty());
        QVERIFY(!window.currentCapturePage());
    }

    // Help > About opens a dialog; the capture's page stays where it was.
    void aboutIsADialog()
    {
        MainWindow window;
        window.show();
        QSignalSpy opened(&window, &MainWindow::captureOpened);
        window.openFiles({m_capturePath});
        QTRY_COMPARE(opened.count(), 1);
        QWidget *page = window.currentPage();
        QAction *about = nullptr;
        for (QAction *menu : window.menuBar()->actions())
            if (menu->text() == QStringLiteral("&Help"))
                about = menu->menu()->actions().value(0);
        QVERIFY(about);
        about->trigger();
        auto *dialog = window.findChild<AboutDialog *>();
        QVERIFY(dialog);
        QTRY_VERIFY(dialog->isVisible());
        QCOMPARE(window.currentPage(), page);
        const QString text = dialog->findChild<QLabel *>(QStringLiteral("aboutText"))->text();
        QVERIFY2(text.contains(QString::fromLatin1(bs::kVersion)) && text.contains(QStringLiteral("MIT License")), qPrintable(text));
        dialog->reject();
        QTRY_VERIFY(!window.findChild<AboutDialog *>());
        QCOMPARE(window.currentPage(), page);
    }

    void recentFilesCapped()
    {
        Settings settings;
        settings.clearRecentFiles();
        for (int i = 0; i < Settings::kMaxRecentFiles + 3; ++i)
            settings.addRecentFile(m_dir.filePath(QStringLiteral("f%1.json").arg(i)));
        settings.addRecentFile(m_dir.filePath(QStringLiteral("f5.json")));
        const QStringList files = settings.recentFiles();
        QCOMPARE(files.size(), Settings::kMaxRecentFiles);
        QVERIFY(files.front().endsWith(QStringLiteral("f5.json")));
        QCOMPARE(files.count(files.front()), 1);
    }

    // The published Suku table, read back as the page prints it.
    void sampleSukuCapture()
    {
        const QString path = QString::fromLocal8Bit(qgetenv("BENCHSCOPE_SOURCE_DIR"))
            + QStringLiteral("/sample-data/published/suku-overhead.json.gz");
        if (!QFileInfo::exists(path))
            QSKIP("sample-data/published/suku-overhead.json.gz is not there");
        MainWindow window;
        QSignalSpy opened(&window, &MainWindow::captureOpened);
        window.openFiles({path});
        QTRY_COMPARE(opened.count(), 1);
        const QAbstractItemModel *all = window.currentCapturePage()->allCases()->table()->model();
        QStringList rows;
        for (int r = 0; r < all->rowCount(); ++r)
            rows << cell(all, r, 0) + QLatin1Char('|') + cell(all, r, 1) + QLatin1Char('|') + cell(all, r, 2)
                    + QLatin1Char('|') + all->index(r, 2).data(Qt::UserRole + 2).toString();
        QCOMPARE(rows, (guitest::strings({"Raw Bun.serve (baseline)|112,000|baseline|", "Suku app on Bun|113,000|101%|parity",
                                    "Raw node:http (baseline)|77,000|baseline|", "Suku app on Node|47,000|61%|"})));
    }
};

QTEST_MAIN(TestMainWindow)
#include "tst_mainwindow.moc"
