#pragma once

#include "capture.h"
#include "unitformat.h"

#include <QChart>
#include <QPointer>

#include <memory>
#include <optional>
#include <vector>

class QAbstractItemModel;
class QAbstractSeries;
class QCategoryAxis;
class QValueAxis;

// What every Benchscope chart shares: the capture it plots, the table model
// whose rows (participants, in the table's filter and order) it follows, a
// light or dark look, and a legend under the plot so it never covers data.
// A subclass builds its series in rebuild(), which runs again (coalesced)
// whenever the model changes and right away when called directly (before
// an export).
class BenchChart : public QChart {
    Q_OBJECT
public:
    explicit BenchChart(std::shared_ptr<const bs::Capture> capture, QGraphicsItem *parent = nullptr);

    const std::shared_ptr<const bs::Capture> &capture() const { return m_capture; }

    // Follows the palette: Qt Charts' dark theme on a dark window.
    void setDark(bool dark);
    bool isDark() const { return m_dark; }

    virtual void rebuild() = 0;
    // A file name without extension that says what the chart shows.
    virtual QString fileStem() const = 0;
    // A size that reads well in a report (grows with the number of rows).
    virtual QSize reportSize() const { return {1200, 700}; }

protected:
    // Rebuild (once per event loop turn) when the model's rows change.
    void watch(QAbstractItemModel *model);
    // Removes every series and axis, and sets the theme, fonts and legend.
    void reset();
    // A value axis over [0, max] in the metric's human scale, titled with
    // the metric, its unit and which way is better.
    QValueAxis *valueAxis(const bs::Metric &metric, const bs::UnitFormat::Scale &scale, double maxScaled,
                          Qt::Orientation orientation);
    // A category axis on the left with one row per value 0 … rows-1, labels
    // on the values (for horizontal charts with a row per participant).
    QCategoryAxis *rowAxis(int rows);
    // Hides a series from the legend (whisker segments after the first).
    void hideFromLegend(QAbstractSeries *series);
    QColor backgroundColor() const;
    QColor textColor() const;
    QColor mutedColor() const;
    QColor baselineColor() const;
    QColor missingColor() const;

    std::shared_ptr<const bs::Capture> m_capture;
    bool m_dark = false;

private:
    void scheduleRebuild();
    bool m_pending = false;
};
