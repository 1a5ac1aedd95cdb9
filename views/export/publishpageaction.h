#pragma once

#include <QList>
#include <QObject>

#include "capture.h"
#include "pagepublisher.h"

#include <functional>
#include <memory>
#include <optional>
#include <vector>

class QAction;
class QMenu;
class QWidget;

// File › Publish Page…: the open captures chosen in PublishPageDialog (which
// says what each suite's section will be) as a web page (PagePublisher), into
// a folder picked next; then "Open in Browser". File › Publish Page from
// Markdown… does the same for an authored page (`publish --page`): the
// Markdown file's prose around what its blocks place, its captures loaded
// off the GUI thread with progress. A folder that holds something other
// than an earlier page is replaced only when the user says so.
class PublishPageAction : public QObject {
    Q_OBJECT
public:
    // `capturePages`: the open captures' pages (ExportSource::reportCapture).
    PublishPageAction(QMenu *file, std::function<QList<QWidget *>()> capturePages, QWidget *window);

    QAction *action() const { return m_action; }
    QAction *authoredAction() const { return m_authored; }
    // Publishes `captures` into `folder` (asks before replacing what is not
    // a page); the path of index.html, or empty when nothing was written.
    QString publishTo(const QString &folder, const std::vector<std::shared_ptr<const bs::Capture>> &captures);
    // Publishes the authored page `pageFile` (Markdown) into `folder`: reads
    // it, loads the captures its blocks name, then as publishTo; a page or
    // capture that cannot be read is said (file and line) and nothing is
    // written.
    QString publishPageTo(const QString &folder, const QString &pageFile);
    // The captures of the open capture pages, in their order.
    std::vector<std::shared_ptr<const bs::Capture>> openCaptures() const;

private:
    void publish();
    void publishAuthored();
    QString publishWith(PagePublisher::Options options, const std::vector<std::shared_ptr<const bs::Capture>> &captures);
    // The files loaded (off the GUI thread, with a progress dialog), in
    // their order; empty when one failed (said) or the user cancelled.
    std::optional<std::vector<std::shared_ptr<const bs::Capture>>> load(const std::vector<std::string> &files);
    // Asks for a folder, publishes into it, then offers to open the page.
    void publishInto(const std::function<QString(const QString &)> &publishTo);
    void warn(const QString &text);

    std::function<QList<QWidget *>()> m_capturePages;
    QWidget *m_window;
    QAction *m_action;
    QAction *m_authored;
};
