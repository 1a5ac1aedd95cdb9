#pragma once

#include "capturerun.h"

#include <QObject>
#include <QPointer>

#include <functional>

class CapturePage;
class ErrorBanner;
class PageStack;
class QAction;
class QMenu;
class QTimer;
class RunPage;
class Settings;

// The Capture menu: New Capture (a dialog, then benchscope-run with the Run
// page following it), Run Again (the suite and overrides a capture records,
// then a diff against it) and Cancel. One run at a time; the finished
// capture is asked to open (openRequested), and failures go to the banner
// in plain words, each about what it concerns: "already running" about the
// run under way (it goes when that run ends), the outcome of a run about
// that outcome (it goes when the next run starts or its capture closes).
// It knows the window only through the page stack, the banner and its
// signals.
class CaptureController : public QObject {
    Q_OBJECT
public:
    // Fills `menu` (the window's Capture menu).
    CaptureController(PageStack *pages, ErrorBanner *banner, Settings *settings, QMenu *menu, QObject *parent);

    void newCapture();
    // `before`: a capture to diff the new one against when it opens.
    bool start(const QString &suitePath, const QStringList &options, const QString &outPath, const QString &before = {});
    void runAgain(CapturePage *page);
    void cancel();
    bool isRunning() const;
    // Asks first while a run goes; then stops it and its servers.
    bool confirmClose();
    // Remembers the suites run in the settings (off for screenshots).
    void setPersistent(bool persistent) { m_persistent = persistent; }
    // A capture page opened: the run's own capture shows its diff.
    void captureOpened(CapturePage *page);

    RunPage *runPage();
    CaptureRun *run() const { return m_run; }
    // Replaces the yes/no question (for tests).
    void setConfirm(std::function<bool(const QString &)> confirm) { m_confirm = std::move(confirm); }

signals:
    void runFinished(const CaptureRun::Outcome &outcome);
    // The run wrote a capture: open it.
    void openRequested(const QStringList &paths);
    // Run Again's capture opened: compare it with the capture run again.
    void diffRequested(const QString &beforePath, const QString &afterPath);

private:
    void onProgress(const bs::ProgressEvent &event);
    void onFinished(const CaptureRun::Outcome &outcome);
    void reportOutcome(const CaptureRun::Outcome &outcome);
    void updateActions();
    void refuseSecondRun();

    PageStack *m_pages;
    ErrorBanner *m_banner;
    Settings *m_settings;
    CaptureRun *m_run;
    QPointer<RunPage> m_page;
    // What the banner's messages about the last run's outcome are about.
    QPointer<QObject> m_outcome;
    QTimer *m_ticker;
    QAction *m_cancelAction = nullptr;
    QAction *m_againAction = nullptr;
    QString m_openWhenLoaded;
    QString m_diffBefore;
    bool m_persistent = true;
    std::function<bool(const QString &)> m_confirm;
};
