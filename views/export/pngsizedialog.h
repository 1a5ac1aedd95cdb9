#pragma once

#include <QDialog>

class QDoubleSpinBox;
class QLabel;
class QSpinBox;

// Asks for a PNG's size in logical pixels per chart and its device pixel
// ratio (2 gives a sharp image on high-density screens and slides), and
// says the size of the file it makes: `charts` stacked, times the ratio,
// as ChartExporter writes it.
class PngSizeDialog : public QDialog {
    Q_OBJECT
public:
    PngSizeDialog(const QSize &size, qreal pixelRatio, int charts = 1, QWidget *parent = nullptr);
    QSize chosenSize() const;
    qreal pixelRatio() const;
    // The image's size in pixels, as the dialog says it.
    QSize fileSize() const;
    QString resultText() const;

private:
    void showResult();

    int m_charts;
    QSpinBox *m_width;
    QSpinBox *m_height;
    QDoubleSpinBox *m_ratio;
    QLabel *m_result;
};
