#pragma once

#include "loaderror.h"

#include <QFrame>

class QLabel;

// The one place errors are shown: an inline strip above the content naming
// the file, the place in it and what is wrong. Several failures are listed
// together; the close button dismisses them all. Never a modal box.
class ErrorBanner : public QFrame {
    Q_OBJECT
public:
    explicit ErrorBanner(QWidget *parent = nullptr);

    void addError(const bs::LoadError &error);
    // A failure that is not about opening a file: a bold headline, then why.
    void addProblem(const QString &headline, const QString &message);
    void clear();
    QStringList messages() const { return m_messages; }

private:
    void appendLine(const QString &line);

    QLabel *m_label;
    QStringList m_messages;
};
