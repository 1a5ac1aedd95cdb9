#pragma once

#include <QList>
#include <QObject>

#include "capture.h"

#include <functional>
#include <memory>
#include <vector>

class QAction;
class QMenu;
class QWidget;

// File › Publish Page…: the open captures chosen in PublishPageDialog (which
// says what each suite's section will be) as a web page (PagePublisher), into
// a folder picked next; then "Open in Browser". A folder that holds
// something other than an earlier page is replaced only when the user says so.
class PublishPageAction : public QObject {
    Q_OBJECT
public:
    // `capturePages`: the open captures' pages (ExportSource::reportCapture).
    PublishPageAction(QMenu *file, std::function<QList<QWidget *>()> capturePages, QWidget *window);

    QAction *action() const { return m_action; }
    // Publishes `captures` into `folder` (asks before replacing what is not
    // a page); the path of index.html, or empty when nothing was written.
    QString publishTo(const QString &folder, const std::vector<std::shared_ptr<const bs::Capture>> &captures);
    // The captures of the open capture pages, in their order.
    std::vector<std::shared_ptr<const bs::Capture>> openCaptures() const;

private:
    void publish();

    std::function<QList<QWidget *>()> m_capturePages;
    QWidget *m_window;
    QAction *m_action;
};
