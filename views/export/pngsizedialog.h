#pragma once

#include <QDialog>

class QDoubleSpinBox;
class QSpinBox;

// Asks for a PNG's size in logical pixels and its device pixel ratio (2
// gives a sharp image on high-density screens and slides).
class PngSizeDialog : public QDialog {
    Q_OBJECT
public:
    PngSizeDialog(const QSize &size, qreal pixelRatio, QWidget *parent = nullptr);
    QSize chosenSize() const;
    qreal pixelRatio() const;

private:
    QSpinBox *m_width;
    QSpinBox *m_height;
    QDoubleSpinBox *m_ratio;
};
