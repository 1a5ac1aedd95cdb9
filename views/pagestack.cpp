#include "pagestack.h"

#include "capturepage.h"
#include "page.h"

#include <QAction>
#include <QMenu>

PageStack::PageStack(QWidget *home, QMenu *menu, QWidget *parent)
    : QStackedWidget(parent)
    , m_home(home)
    , m_menu(menu)
{
    addWidget(home);
    connect(this, &QStackedWidget::currentChanged, this, [this] { emit currentPageChanged(currentWidget()); });
}

void PageStack::addPage(Page *page, const QString &menuText)
{
    addWidget(page);
    connect(page, &Page::titleChanged, this, [this, page] {
        if (currentWidget() == page)
            emit currentPageChanged(page);
    });
    connect(page, &Page::closeRequested, this, &PageStack::goBack);
    if (menuText.isEmpty() || !m_menu)
        return;
    QAction *action = m_menu->addAction(menuText, this, [this, page] { showPage(page); });
    connect(page, &QObject::destroyed, action, &QObject::deleteLater);
}

bool PageStack::contains(const QWidget *page) const
{
    return page && indexOf(const_cast<QWidget *>(page)) >= 0;
}

void PageStack::showPage(QWidget *page)
{
    if (!contains(page) || page == currentWidget())
        return;
    m_history.removeAll(page);
    m_history.append(currentWidget());
    if (m_history.size() > 20)
        m_history.removeFirst();
    setCurrentWidget(page);
}

void PageStack::goBack()
{
    QWidget *current = currentWidget();
    while (!m_history.isEmpty()) {
        QWidget *page = m_history.takeLast();
        if (page && page != current && contains(page)) {
            setCurrentWidget(page);
            return;
        }
    }
    const QList<CapturePage *> captures = capturePages();
    if (!captures.isEmpty() && captures.constLast() != current)
        setCurrentWidget(captures.constLast());
}

void PageStack::closePage(QWidget *page)
{
    if (!contains(page) || page == m_home)
        return;
    removeWidget(page);
    page->deleteLater();
    emit pageRemoved(page);
}

void PageStack::showHome()
{
    showPage(m_home);
}

CapturePage *PageStack::currentCapturePage() const
{
    return qobject_cast<CapturePage *>(currentWidget());
}

QList<CapturePage *> PageStack::capturePages() const
{
    QList<CapturePage *> pages;
    for (int i = 0; i < count(); ++i)
        if (auto *page = qobject_cast<CapturePage *>(widget(i)))
            pages << page;
    return pages;
}
