#pragma once

#include "baselineset.h"

#include <QObject>

class MainWindow;
class QAction;
class QMenu;
class Settings;

// Capture › Mark as Suite Baseline (Ctrl+B, also in the capture list's
// context menu): the current capture becomes its suite's baseline, or, when
// it is one, no longer is. Remembered in the settings by suite and capture
// identity; the capture list, the capture pages and the Diff page's default
// pair (baseline → latest) follow.
class BaselineController : public QObject {
    Q_OBJECT
public:
    BaselineController(MainWindow *window, Settings *settings, QMenu *menu);

    const BaselineSet &baselines() const { return m_baselines; }
    QAction *markAction() const { return m_mark; }
    void setBaseline(const bs::Capture &capture, bool baseline);

signals:
    void baselinesChanged();

private:
    // Shows the baselines in the list and on the pages.
    void apply();
    void updateAction();

    MainWindow *m_window;
    Settings *m_settings;
    BaselineSet m_baselines;
    QAction *m_mark;
};
