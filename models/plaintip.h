#pragma once

#include <QString>
#include <QTextDocument>

// A tool tip of plain text (file strings in it) as the rich text Qt shows
// verbatim: a tip that merely looks like HTML ("<b>fast</b>") would
// otherwise be rendered as HTML (Qt::mightBeRichText).
inline QString plainTip(const QString &text)
{
    return text.isEmpty() ? text : Qt::convertFromPlainText(text, Qt::WhiteSpaceNormal);
}
