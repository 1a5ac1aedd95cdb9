#include "focusringstyle.h"

#include <QAbstractItemView>
#include <QEvent>
#include <QPainter>
#include <QStyleOption>
#include <QTabBar>

#include <algorithm>
#include <cmath>

namespace {

double luminance(const QColor &c)
{
    auto channel = [](double v) { return v <= 0.03928 ? v / 12.92 : std::pow((v + 0.055) / 1.055, 2.4); };
    return 0.2126 * channel(c.redF()) + 0.7152 * channel(c.greenF()) + 0.0722 * channel(c.blueF());
}

double contrast(const QColor &a, const QColor &b)
{
    const double la = luminance(a), lb = luminance(b);
    return (std::max(la, lb) + 0.05) / (std::min(la, lb) + 0.05);
}

// A focused table or list: its frame is where the ring goes.
bool isFocusedView(const QStyleOption *option, const QWidget *widget)
{
    return qobject_cast<const QAbstractItemView *>(widget) && (option->state & QStyle::State_HasFocus);
}

} // namespace

FocusRingStyle::FocusRingStyle(QStyle *base)
    : QProxyStyle(base)
{
}

QColor FocusRingStyle::ringColor(const QPalette &palette)
{
    const QColor window = palette.color(QPalette::Active, QPalette::Window);
    QColor ring = palette.color(QPalette::Active, QPalette::Highlight);
    const bool darkWindow = luminance(window) < 0.18;
    for (int i = 0; i < 12 && contrast(ring, window) < 3.0; ++i)
        ring = darkWindow ? ring.lighter(120) : ring.darker(120);
    return ring;
}

void FocusRingStyle::drawRing(QPainter *painter, const QRect &rect, const QPalette &palette)
{
    painter->save();
    painter->setRenderHint(QPainter::Antialiasing, false);
    painter->setPen(Qt::NoPen);
    painter->setBrush(ringColor(palette));
    const QRect &r = rect;
    const int w = std::min({kRingWidth, r.width() / 2, r.height() / 2});
    painter->drawRect(QRect(r.left(), r.top(), r.width(), w));
    painter->drawRect(QRect(r.left(), r.bottom() - w + 1, r.width(), w));
    painter->drawRect(QRect(r.left(), r.top() + w, w, r.height() - 2 * w));
    painter->drawRect(QRect(r.right() - w + 1, r.top() + w, w, r.height() - 2 * w));
    painter->restore();
}

void FocusRingStyle::drawPrimitive(PrimitiveElement element, const QStyleOption *option, QPainter *painter,
                                   const QWidget *widget) const
{
    if (element == PE_FrameFocusRect) {
        drawRing(painter, option->rect, option->palette);
        return;
    }
    QProxyStyle::drawPrimitive(element, option, painter, widget);
}

void FocusRingStyle::drawControl(ControlElement element, const QStyleOption *option, QPainter *painter,
                                 const QWidget *widget) const
{
    QProxyStyle::drawControl(element, option, painter, widget);
    if (element == CE_ShapedFrame && isFocusedView(option, widget))
        drawRing(painter, option->rect, option->palette);
    // The focused tab bar's current tab (styles mark it so), inside its shape.
    if (element == CE_TabBarTabShape && (option->state & State_HasFocus))
        drawRing(painter, option->rect.adjusted(2, 2, -2, -1), option->palette);
}

int FocusRingStyle::pixelMetric(PixelMetric metric, const QStyleOption *option, const QWidget *widget) const
{
    // Room for the ring in a table's frame, so no cell covers it.
    if (metric == PM_DefaultFrameWidth && qobject_cast<const QAbstractItemView *>(widget))
        return std::max(kRingWidth, QProxyStyle::pixelMetric(metric, option, widget));
    return QProxyStyle::pixelMetric(metric, option, widget);
}

void FocusRingStyle::polish(QWidget *widget)
{
    QProxyStyle::polish(widget);
    if (qobject_cast<QAbstractItemView *>(widget) || qobject_cast<QTabBar *>(widget))
        widget->installEventFilter(this);
}

void FocusRingStyle::unpolish(QWidget *widget)
{
    widget->removeEventFilter(this);
    QProxyStyle::unpolish(widget);
}

bool FocusRingStyle::eventFilter(QObject *watched, QEvent *event)
{
    // The frame is drawn by the view itself, outside its viewport: repaint
    // it when focus comes and goes.
    if (event->type() == QEvent::FocusIn || event->type() == QEvent::FocusOut)
        if (auto *w = qobject_cast<QWidget *>(watched))
            w->update();
    return QProxyStyle::eventFilter(watched, event);
}
