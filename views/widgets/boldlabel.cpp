#include "boldlabel.h"

#include <QLabel>

namespace BoldLabel {

void embolden(QWidget *widget, double scale)
{
    QFont font = widget->font();
    font.setBold(true);
    if (scale != 1.0)
        font.setPointSizeF(font.pointSizeF() * scale);
    widget->setFont(font);
}

QLabel *make(const QString &text, QWidget *parent)
{
    auto *label = new QLabel(text, parent);
    embolden(label);
    return label;
}

QLabel *forBuddy(const QString &text, QWidget *buddy, QWidget *parent)
{
    QLabel *label = make(text, parent);
    label->setBuddy(buddy);
    return label;
}

} // namespace BoldLabel
