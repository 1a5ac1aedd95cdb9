#pragma once

#include "chartfactory.h"

#include <QObject>
#include <QString>
#include <QTemporaryDir>

#include <optional>

class MainWindow;

// `benchscope --screenshot PATH` (docs/gui.md): once the window's files are
// loaded and the page shown has built what it shows (a page busy on a
// worker thread is waited for), shows the asked tab or chart of a capture
// page, renders the window to PATH (PNG) and quits the application (exit
// status 1 when the file cannot be written). Other pictures (`page`): the
// capture page's provenance panel alone, the New Capture dialog or the
// Publish Page dialog (of the open captures) over the window, or the Run
// page once a capture of `suite` has run.

class ScreenshotHarness : public QObject {
    Q_OBJECT
public:
    struct Options {
        QString path;
        std::optional<int> tab;                 // of a capture page, 0 = All cases
        std::optional<ChartFactory::Kind> chart; // the Charts tab with this chart
        QString page;  // empty (the window), or one of pageNames()
        QString suite; // the suite file of "new-capture" and "run"
    };
    static QStringList pageNames(); // provenance, new-capture, run, publish

    // With `waitForLoading`, shoots when the window's loader is idle next;
    // else at once (nothing to open).
    ScreenshotHarness(MainWindow &window, Options options, bool waitForLoading);

private:
    void shoot();
    void showAskedTab();
    void save();
    void startRun();
    QPixmap picture();

    MainWindow &m_window;
    Options m_options;
    QTemporaryDir m_runFolder; // where a "run" capture goes
};
