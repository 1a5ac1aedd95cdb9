#include "screenshotharness.h"

#include "asynccaptureloader.h"
#include "capturecontroller.h"
#include "capturepage.h"
#include "chartpanel.h"
#include "mainwindow.h"
#include "newcapturedialog.h"
#include "page.h"
#include "provenancepanel.h"
#include "publishpagedialog.h"
#include "runpage.h"
#include "sampledata.h"

#include <QApplication>
#include <QFileInfo>
#include <QPainter>
#include <QTabWidget>
#include <QTimer>

#include <cstdio>
#include <memory>

ScreenshotHarness::ScreenshotHarness(MainWindow &window, Options options, bool waitForLoading)
    : QObject(&window)
    , m_window(window)
    , m_options(std::move(options))
{
    if (m_options.page == QStringLiteral("run"))
        QTimer::singleShot(0, this, &ScreenshotHarness::startRun);
    else if (waitForLoading)
        connect(window.loader(), &AsyncCaptureLoader::idle, this, &ScreenshotHarness::shoot);
    else
        QTimer::singleShot(0, this, &ScreenshotHarness::shoot);
}

QStringList ScreenshotHarness::pageNames()
{
    return {QStringLiteral("provenance"), QStringLiteral("new-capture"), QStringLiteral("run"), QStringLiteral("publish")};
}

void ScreenshotHarness::startRun()
{
    // The Run page as the run left it, once its capture has opened.
    CaptureController *runs = m_window.captureController();
    connect(runs, &CaptureController::runFinished, this, [this, runs] {
        QTimer::singleShot(1000, this, [this, runs] {
            m_window.showPage(runs->runPage());
            QTimer::singleShot(100, this, &ScreenshotHarness::save);
        });
    }, Qt::SingleShotConnection);
    // Absolute: the runner starts in the suite's folder.
    if (!runs->start(QFileInfo(m_options.suite).absoluteFilePath(), {}, m_runFolder.filePath(QStringLiteral("run.json.gz"))))
        QTimer::singleShot(100, this, &ScreenshotHarness::save);
}

void ScreenshotHarness::shoot()
{
    // A page still building on a worker thread (Diff, History): wait for it.
    if (auto *page = qobject_cast<Page *>(m_window.currentPage()); page && page->isBusy()) {
        connect(page, &Page::ready, this, &ScreenshotHarness::shoot, Qt::SingleShotConnection);
        return;
    }
    // One more turn of the event loop so the new pages lay out.
    QTimer::singleShot(50, this, [this] {
        showAskedTab();
        QTimer::singleShot(50, this, &ScreenshotHarness::save);
    });
}

void ScreenshotHarness::showAskedTab()
{
    CapturePage *page = m_window.currentCapturePage();
    if (!page)
        return;
    if (m_options.tab)
        page->tabs()->setCurrentIndex(*m_options.tab);
    if (m_options.chart) {
        page->tabs()->setCurrentWidget(page->chartPanel());
        page->chartPanel()->setKind(*m_options.chart);
    }
}

QPixmap ScreenshotHarness::picture()
{
    CapturePage *page = m_window.currentCapturePage();
    if (m_options.page == QStringLiteral("provenance") && page)
        return page->provenance()->grab();
    QPixmap shot = m_window.grab();
    std::unique_ptr<QDialog> dialog;
    if (m_options.page == QStringLiteral("new-capture")) {
        auto *newCapture = new NewCaptureDialog({}, SampleData::suites(), &m_window);
        if (!m_options.suite.isEmpty())
            newCapture->setSuite(m_options.suite);
        dialog.reset(newCapture);
    } else if (m_options.page == QStringLiteral("publish")) {
        std::vector<std::shared_ptr<const bs::Capture>> captures;
        for (CapturePage *open : m_window.capturePages())
            captures.push_back(open->reportCapture());
        dialog = std::make_unique<PublishPageDialog>(captures, &m_window);
    }
    if (dialog) {
        dialog->resize(dialog->size().boundedTo(shot.size() / shot.devicePixelRatio() - QSize(40, 40)));
        dialog->show();
        QCoreApplication::processEvents();
        const QPixmap over = dialog->grab();
        QPainter painter(&shot);
        const QSize room = shot.deviceIndependentSize().toSize() - over.deviceIndependentSize().toSize();
        const QRect at(QPoint(room.width() / 2, room.height() / 2), over.deviceIndependentSize().toSize());
        painter.drawPixmap(at.topLeft(), over);
        painter.setPen(QPen(m_window.palette().color(QPalette::Mid), 1));
        painter.drawRect(at.adjusted(-1, -1, 0, 0)); // the dialog's edge, which a window manager would draw
    }
    return shot;
}

void ScreenshotHarness::save()
{
    const bool ok = picture().save(m_options.path, "PNG");
    if (!ok)
        std::fprintf(stderr, "benchscope: could not write %s\n", qPrintable(m_options.path));
    QApplication::exit(ok ? 0 : 1);
}
