#pragma once

#include <QString>

class QWidget;

// Message boxes whose text is shown as plain text. QMessageBox's static
// helpers guess rich text (Qt::AutoText), and an error quotes file names:
// a file named "<img src=/tmp/x.png>.json" would show that image.
namespace PlainMessage {

void warning(QWidget *parent, const QString &title, const QString &text);
// True when the user answers Yes.
bool question(QWidget *parent, const QString &title, const QString &text);

} // namespace PlainMessage
