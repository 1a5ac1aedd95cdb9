#pragma once

#include <QProxyStyle>

// The app's style with a focus ring that reads at a glance: a 2 px ring in
// the palette's highlight colour (made lighter or darker until it stands
// out 3:1 against the window, so light and dark palettes both show it)
// around the focused cell, button or current tab, and around a focused
// table or list as a whole. Installed once on the application (QApplication::setStyle).
class FocusRingStyle : public QProxyStyle {
    Q_OBJECT
public:
    static constexpr int kRingWidth = 2;

    // Over `base` (owned), else the platform's default style.
    explicit FocusRingStyle(QStyle *base = nullptr);

    // The ring's colour in a palette.
    static QColor ringColor(const QPalette &palette);

    void drawPrimitive(PrimitiveElement element, const QStyleOption *option, QPainter *painter,
                       const QWidget *widget = nullptr) const override;
    void drawControl(ControlElement element, const QStyleOption *option, QPainter *painter,
                     const QWidget *widget = nullptr) const override;
    int pixelMetric(PixelMetric metric, const QStyleOption *option = nullptr, const QWidget *widget = nullptr) const override;
    void polish(QWidget *widget) override;
    void unpolish(QWidget *widget) override;
    using QProxyStyle::polish;
    using QProxyStyle::unpolish;

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    static void drawRing(QPainter *painter, const QRect &rect, const QPalette &palette);
};
