#pragma once

#include <QWidget>

// A page of the main window's stack. The window knows pages only by this:
// each says its own title (and when it changes), whether it is still
// working on a worker thread, and when it asks to be left. The window adds
// a page with MainWindow::addPage and connects these; it knows no page's
// insides.
class Page : public QWidget {
    Q_OBJECT
public:
    using QWidget::QWidget;

    // The window's title while the page is shown: "Diff: r1 → r2".
    virtual QString title() const = 0;
    // Still building what it shows (a worker thread); ready() follows.
    virtual bool isBusy() const { return false; }

signals:
    void titleChanged();
    void ready();
    // Escape or a close button: the window goes back to the page before.
    void closeRequested();
};
