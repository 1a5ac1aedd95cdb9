#include "plainmessage.h"

#include <QMessageBox>

void PlainMessage::warning(QWidget *parent, const QString &title, const QString &text)
{
    QMessageBox box(QMessageBox::Warning, title, text, QMessageBox::Close, parent);
    box.setTextFormat(Qt::PlainText);
    box.exec();
}

bool PlainMessage::question(QWidget *parent, const QString &title, const QString &text)
{
    QMessageBox box(QMessageBox::Question, title, text, QMessageBox::Yes | QMessageBox::No, parent);
    box.setTextFormat(Qt::PlainText);
    return box.exec() == QMessageBox::Yes;
}
