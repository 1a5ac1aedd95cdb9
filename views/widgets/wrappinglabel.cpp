#include "wrappinglabel.h"

WrappingLabel::WrappingLabel(QWidget *parent)
    : WrappingLabel(QString(), parent)
{
}

WrappingLabel::WrappingLabel(const QString &text, QWidget *parent)
    : QLabel(text, parent)
{
    setWordWrap(true);
    // Ignored: the layout neither grows the page to the text's longest line
    // nor keeps it from shrinking; the height follows the width given.
    QSizePolicy policy(QSizePolicy::Ignored, QSizePolicy::Preferred, QSizePolicy::Label);
    policy.setHeightForWidth(true);
    setSizePolicy(policy);
}
