#pragma once

#include <QString>

// A tool tip that holds text from a file. Qt shows a tool tip as rich text
// when it looks like markup (a participant named "<img src=...>" would show
// that image): the text is escaped inside a paragraph that keeps its line
// breaks and spaces, so it always reads as the text it is.
namespace PlainToolTip {

QString of(const QString &text);

} // namespace PlainToolTip
