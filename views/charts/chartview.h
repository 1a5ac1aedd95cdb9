#pragma once

#include "chartexporter.h"

#include <QChartView>

// A chart on screen: antialiased, and a context menu to export it (PNG at
// a chosen size and pixel ratio, SVG, PDF) or copy it to the clipboard.
// The static functions are what File > Export uses for any chart.
class ChartView : public QChartView {
    Q_OBJECT
public:
    explicit ChartView(QWidget *parent = nullptr);

    // Asks for a file name (and for PNG, the size), then writes the chart.
    static void exportChart(QWidget *parent, QChart *chart, ChartExporter::Format format);
    // The chart as shown, as an image at the screen's pixel ratio.
    static void copyChart(QChart *chart, const QSize &size, qreal pixelRatio);

protected:
    void contextMenuEvent(QContextMenuEvent *event) override;
};
