#include "capturecontroller.h"

#include "capturepage.h"
#include "errorbanner.h"
#include "fileio.h"
#include "newcapturedialog.h"
#include "pagestack.h"
#include "plainmessage.h"
#include "runpage.h"
#include "sampledata.h"
#include "settings.h"
#include "sha256.h"

#include <QDir>
#include <QFileInfo>
#include <QMenu>
#include <QTimer>

CaptureController::CaptureController(PageStack *pages, ErrorBanner *banner, Settings *settings, QMenu *menu, QObject *parent)
    : QObject(parent)
    , m_pages(pages)
    , m_banner(banner)
    , m_settings(settings)
    , m_run(new CaptureRun(this))
    , m_ticker(new QTimer(this))
{
    m_confirm = [this](const QString &question) {
        return PlainMessage::question(m_pages->window(), QStringLiteral("Benchscope"), question);
    };
    QAction *create = menu->addAction(QStringLiteral("&New Capture…"), this, &CaptureController::newCapture);
    create->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_R));
    m_againAction = menu->addAction(QStringLiteral("Run &Again"), this, [this] { runAgain(m_pages->currentCapturePage()); });
    m_againAction->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_R));
    m_cancelAction = menu->addAction(QStringLiteral("&Cancel Run"), this, &CaptureController::cancel);
    menu->addSeparator();
    menu->addAction(QStringLiteral("Show &Run Page"), this, [this] { m_pages->showPage(runPage()); });

    m_ticker->setInterval(500);
    connect(m_ticker, &QTimer::timeout, this, [this] { runPage()->setElapsed(m_run->elapsedMs() / 1000.0); });
    connect(m_run, &CaptureRun::progress, this, &CaptureController::onProgress);
    connect(m_run, &CaptureRun::logLine, this, [this](const QString &line) { runPage()->appendLog(line); });
    connect(m_run, &CaptureRun::finished, this, &CaptureController::onFinished);
    connect(pages, &PageStack::currentPageChanged, this, &CaptureController::updateActions);
    updateActions();
}

RunPage *CaptureController::runPage()
{
    if (!m_page) {
        m_page = new RunPage(m_pages);
        m_pages->addPage(m_page, QStringLiteral("&Run"));
        connect(m_page, &RunPage::cancelRequested, this, &CaptureController::cancel);
    }
    return m_page;
}

bool CaptureController::isRunning() const
{
    return m_run->isRunning();
}

void CaptureController::updateActions()
{
    m_cancelAction->setEnabled(isRunning());
    CapturePage *page = m_pages->currentCapturePage();
    m_againAction->setEnabled(page && page->capture()->provenance.conditions.extra.count("suite_file"));
}

// Said about the run under way, so it goes when that run ends.
void CaptureController::refuseSecondRun()
{
    m_banner->dismiss(m_run);
    m_banner->addProblem(QStringLiteral("A capture is already running"),
                         QStringLiteral("wait for it to finish or cancel it (Capture › Cancel Run) before starting another."),
                         m_run);
}

void CaptureController::newCapture()
{
    if (isRunning()) {
        refuseSecondRun();
        m_pages->showPage(runPage());
        return;
    }
    NewCaptureDialog dialog(m_settings->recentSuites(), SampleData::suites(), m_pages->window());
    if (dialog.exec() != QDialog::Accepted)
        return;
    if (m_persistent)
        m_settings->addRecentSuite(dialog.suitePath());
    start(dialog.suitePath(), dialog.options(), dialog.outPath());
}

bool CaptureController::start(const QString &suitePath, const QStringList &options, const QString &outPath, const QString &before)
{
    if (isRunning()) {
        refuseSecondRun();
        return false;
    }
    delete m_outcome; // what the banner said of the last run's outcome is over
    m_diffBefore = before;
    m_openWhenLoaded.clear();
    RunPage *page = runPage();
    page->begin(QStringLiteral("Capturing %1").arg(QFileInfo(suitePath).fileName()),
                CaptureRun::commandLine(QStringLiteral("benchscope-run"), CaptureRun::arguments(suitePath, options, outPath)));
    m_pages->showPage(page);
    const bool started = m_run->start(suitePath, options, outPath);
    if (started)
        m_ticker->start();
    updateActions();
    return started;
}

void CaptureController::cancel()
{
    if (!isRunning())
        return;
    runPage()->appendLog(QStringLiteral("Cancelling: the runner stops its servers and keeps the completed repetitions…"));
    m_run->cancel();
}

bool CaptureController::confirmClose()
{
    if (!isRunning())
        return true;
    if (!m_confirm(QStringLiteral("A capture is running. Stop it (its servers are stopped too) and close?")))
        return false;
    m_run->stopAndWait(30000);
    return true;
}

void CaptureController::onProgress(const bs::ProgressEvent &event)
{
    runPage()->apply(event, m_run->elapsedMs() / 1000.0);
}

void CaptureController::onFinished(const CaptureRun::Outcome &outcome)
{
    m_ticker->stop();
    RunPage *page = runPage();
    page->setElapsed(m_run->elapsedMs() / 1000.0);
    QString summary = QStringLiteral("Failed: no capture was written.");
    if (outcome.captureWritten)
        summary = (outcome.cancelled   ? QStringLiteral("Cancelled: the partial capture %1 opens.")
                   : outcome.complete ? QStringLiteral("Finished: %1 opens.")
                                      : QStringLiteral("Ended early: the partial capture %1 opens."))
                      .arg(QDir::toNativeSeparators(outcome.outPath));
    if (!outcome.problems.isEmpty())
        summary += u' ' + outcome.problems.join(QStringLiteral("; "));
    page->finish(summary, outcome.captureWritten && outcome.problems.isEmpty());
    m_banner->dismiss(m_run); // "already running" is over
    reportOutcome(outcome);
    if (outcome.captureWritten) {
        m_openWhenLoaded = QFileInfo(outcome.outPath).absoluteFilePath();
        emit openRequested({outcome.outPath});
    }
    updateActions();
    emit runFinished(outcome);
}

// What went wrong, about this outcome: it goes when the next run starts, or
// when the capture it speaks of is closed.
void CaptureController::reportOutcome(const CaptureRun::Outcome &outcome)
{
    delete m_outcome;
    m_outcome = new QObject(this);
    const QString headline = !outcome.captureWritten ? QStringLiteral("The capture failed")
        : outcome.cancelled                         ? QStringLiteral("The capture was cancelled")
                                                    : QStringLiteral("The capture has problems");
    for (const QString &p : outcome.problems)
        m_banner->addProblem(headline, p, m_outcome);
    if (outcome.captureWritten && !outcome.complete)
        m_banner->addProblem(QStringLiteral("Partial capture"),
                             QStringLiteral("%1 opens with the repetitions completed before the run was %2; the rest is "
                                            "marked with why in the capture.")
                                 .arg(QFileInfo(outcome.outPath).fileName(),
                                      outcome.cancelled ? QStringLiteral("cancelled") : QStringLiteral("stopped")),
                             m_outcome);
}

void CaptureController::captureOpened(CapturePage *page)
{
    updateActions();
    if (m_openWhenLoaded.isEmpty() || QFileInfo(page->path()).absoluteFilePath() != m_openWhenLoaded)
        return;
    m_openWhenLoaded.clear();
    if (m_outcome)
        connect(page, &QObject::destroyed, m_outcome, &QObject::deleteLater);
    if (!m_diffBefore.isEmpty())
        emit diffRequested(std::exchange(m_diffBefore, QString()), page->path());
}

void CaptureController::runAgain(CapturePage *page)
{
    if (!page)
        return;
    const auto &extra = page->capture()->provenance.conditions.extra;
    const auto file = extra.find("suite_file");
    if (file == extra.end()) {
        m_banner->addProblem(QStringLiteral("Cannot run this capture again"),
                             QStringLiteral("it does not record a suite file (only captures made by benchscope-run do)."),
                             page);
        return;
    }
    const QString suitePath = QString::fromStdString(file->second);
    bs::LoadError error;
    const auto bytes = bs::FileIO::readFile(file->second, error, bs::InputLimits::current().wholeFile());
    if (!bytes) {
        m_banner->addProblem(QStringLiteral("Cannot run this capture again"),
                             QStringLiteral("its suite file cannot be read: ") + QString::fromStdString(error.toString()),
                             page);
        return;
    }
    bs::Sha256 hash;
    hash.update(bytes->data(), bytes->size());
    const auto recorded = extra.find("suite_sha256");
    if (recorded != extra.end() && recorded->second != hash.hexDigest()
        && !m_confirm(QStringLiteral("The suite file %1 has changed since this capture was made. Run the changed suite?")
                          .arg(QDir::toNativeSeparators(suitePath))))
        return;
    const auto overrides = extra.find("overrides");
    const QStringList options = overrides == extra.end() ? QStringList()
                                                         : QProcess::splitCommand(QString::fromStdString(overrides->second));
    const QString out = NewCaptureDialog::defaultOutPath(QString::fromStdString(page->capture()->suite.id), {});
    start(suitePath, options, out, page->path());
}
