#pragma once

#include "baselineset.h"

#include <QObject>

class PageStack;
class QAction;
class QMenu;
class Settings;

// Capture › Mark as Suite Baseline (Ctrl+B, also in the capture list's
// context menu): the current capture becomes its suite's baseline, or, when
// it is one, no longer is. Remembered in the settings by suite and capture
// identity; the capture pages follow, and the window hands the baselines
// on to the capture list and the Diff page's default pair (baseline →
// latest) when they change.
class BaselineController : public QObject {
    Q_OBJECT
public:
    BaselineController(PageStack *pages, Settings *settings, QMenu *menu, QObject *parent);

    const BaselineSet &baselines() const { return m_baselines; }
    // Marks the pages that are their suite's baseline.
    void apply();
    QAction *markAction() const { return m_mark; }
    void setBaseline(const bs::Capture &capture, bool baseline);

signals:
    void baselinesChanged();

private:
    void updateAction();

    PageStack *m_pages;
    Settings *m_settings;
    BaselineSet m_baselines;
    QAction *m_mark;
};
