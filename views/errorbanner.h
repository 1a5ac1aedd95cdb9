#pragma once

#include "loaderror.h"

#include <QFrame>
#include <QList>

class QLabel;

// The one place errors are shown: an inline strip above the content naming
// the file, the place in it and what is wrong. Several failures are listed
// together; the close button dismisses them all. Never a modal box.
//
// A message may be about something (a run, its outcome, a page): it goes
// when that object is destroyed, or when its owner dismisses what is about
// it, so the banner never speaks of what is over.
class ErrorBanner : public QFrame {
    Q_OBJECT
public:
    explicit ErrorBanner(QWidget *parent = nullptr);

    void addError(const bs::LoadError &error);
    // A failure that is not about opening a file: a bold headline, then why.
    void addProblem(const QString &headline, const QString &message, const QObject *about = nullptr);
    // Removes the messages about `about`.
    void dismiss(const QObject *about);
    void clear();
    QStringList messages() const;

private:
    struct Message {
        QString html;
        QString text;
        const QObject *about = nullptr;
    };
    void add(Message message);
    void showMessages();

    QLabel *m_label;
    QList<Message> m_messages;
};
