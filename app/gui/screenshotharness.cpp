#include "screenshotharness.h"

#include "asynccaptureloader.h"
#include "capturepage.h"
#include "chartpanel.h"
#include "mainwindow.h"
#include "page.h"

#include <QApplication>
#include <QTabWidget>
#include <QTimer>

#include <cstdio>

ScreenshotHarness::ScreenshotHarness(MainWindow &window, Options options, bool waitForLoading)
    : QObject(&window)
    , m_window(window)
    , m_options(std::move(options))
{
    if (waitForLoading)
        connect(window.loader(), &AsyncCaptureLoader::idle, this, &ScreenshotHarness::shoot);
    else
        QTimer::singleShot(0, this, &ScreenshotHarness::shoot);
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

void ScreenshotHarness::save()
{
    const bool ok = m_window.saveScreenshot(m_options.path);
    if (!ok)
        std::fprintf(stderr, "benchscope: could not write %s\n", qPrintable(m_options.path));
    QApplication::exit(ok ? 0 : 1);
}
