#pragma once

#include <QList>
#include <QPointer>
#include <QStackedWidget>

class CapturePage;
class Page;
class QMenu;

// The window's pages, one shown at a time: a home widget (the welcome text)
// and the pages added with addPage(). It remembers the pages shown before
// (goBack), says which page is current and when its title changes, and
// lists the capture pages in the order they were added. It knows no page's
// insides, nor who adds them: the window and its controllers share it.
class PageStack : public QStackedWidget {
    Q_OBJECT
public:
    // `menu`: where a page added with a menu text gets an entry that shows it.
    PageStack(QWidget *home, QMenu *menu, QWidget *parent = nullptr);

    // Adds a page: its title is the window's while it is shown, its close
    // request goes back; with `menuText`, the menu offers it.
    void addPage(Page *page, const QString &menuText = {});
    bool contains(const QWidget *page) const;
    void showPage(QWidget *page);
    // Back to the page shown before the current one (View › Back, Alt+Left;
    // Escape or ✕ on a page), else to the last capture's page.
    void goBack();
    // Takes the page out and deletes it (later); the home widget stays.
    void closePage(QWidget *page);
    void showHome();

    CapturePage *currentCapturePage() const;
    QList<CapturePage *> capturePages() const; // in the order they were added

signals:
    // The page shown changed, or the title of the page shown did.
    void currentPageChanged(QWidget *page);
    void pageRemoved(QWidget *page);

private:
    QWidget *m_home;
    QMenu *m_menu;
    QList<QPointer<QWidget>> m_history; // pages shown before, the latest last
};
