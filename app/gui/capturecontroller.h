#pragma once

#include "capturerun.h"

#include <QObject>
#include <QPointer>

#include <functional>

class CapturePage;
class MainWindow;
class QAction;
class QMenu;
class QTimer;
class RunPage;
class Settings;

// The Capture menu: New Capture (a dialog, then benchscope-run with the Run
// page following it), Run Again (the suite and overrides a capture records,
// then a diff against it) and Cancel. One run at a time; the finished
// capture opens selected, and failures go to the banner in plain words.
class CaptureController : public QObject {
    Q_OBJECT
public:
    CaptureController(MainWindow *window, Settings *settings);

    void newCapture();
    // `before`: a capture to diff the new one against when it opens.
    bool start(const QString &suitePath, const QStringList &options, const QString &outPath, const QString &before = {});
    void runAgain(CapturePage *page);
    void cancel();
    bool isRunning() const;
    // Asks first while a run goes; then stops it and its servers.
    bool confirmClose();

    RunPage *runPage();
    // The Capture menu, for the window's other capture actions.
    QMenu *menu() const { return m_menu; }
    CaptureRun *run() const { return m_run; }
    // Replaces the yes/no question (for tests).
    void setConfirm(std::function<bool(const QString &)> confirm) { m_confirm = std::move(confirm); }

signals:
    void runFinished(const CaptureRun::Outcome &outcome);

private:
    void onProgress(const bs::ProgressEvent &event);
    void onFinished(const CaptureRun::Outcome &outcome);
    void onCaptureOpened(CapturePage *page);
    void updateActions();
    void problem(const QString &headline, const QString &message);

    MainWindow *m_window;
    Settings *m_settings;
    CaptureRun *m_run;
    QPointer<RunPage> m_page;
    QTimer *m_ticker;
    QMenu *m_menu = nullptr;
    QAction *m_cancelAction = nullptr;
    QAction *m_againAction = nullptr;
    QString m_openWhenLoaded;
    QString m_diffBefore;
    std::function<bool(const QString &)> m_confirm;
};
