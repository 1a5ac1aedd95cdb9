#pragma once

#include "capture.h"
#include "participantpalette.h"
#include "unitformat.h"

#include <QChart>
#include <QPointer>

#include <memory>
#include <optional>
#include <vector>

class QAbstractAxis;
class QAbstractItemModel;
class QAbstractSeries;
class QBarCategoryAxis;
class QCategoryAxis;
class QGraphicsSimpleTextItem;
class QGraphicsTextItem;
class QLegendMarker;
class QLineSeries;
class QValueAxis;
class ScaleAxis;

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
    // A size that reads well in a report (grows with the number of rows,
    // and with the note under the legend).
    virtual QSize reportSize() const { return roomFor({1200, 700}); }

    // What the chart says instead of drawing empty axes, or empty when it
    // has something to draw.
    QString emptyMessage() const;
    // The note drawn under the legend (why values are absent), as plain
    // text; empty when there is none.
    QString note() const;

    // Each participant's colour in this chart (ParticipantPalette over the
    // capture's participants; charts of several captures over all of theirs).
    virtual ParticipantPalette participantPalette() const;

    // A plotted value and where it stands in the chart as laid out (chart
    // coordinates): what a page shows on hover. The text is plain, from
    // the one formatter, as the table beside it.
    struct ValueMark {
        QPointF at;
        QString text;
    };
    // The chart's values as marks, where the layout puts them now (not
    // const: QChart::mapToPosition is not); empty for a chart that offers none.
    std::vector<ValueMark> valueMarks();

protected:
    // A value a page shows on hover: `value` in the coordinates of `series`
    // (an attached series of this chart), placed when valueMarks() is asked.
    void markValue(QAbstractSeries *series, QPointF value, QString text);
    // "who: 25.1 ms [22.9–52.7 ms]": a value with its range over n
    // repetitions, from the one formatter, as the table beside the chart.
    static QString valueText(const QString &who, double value, double min, double max, std::size_t n,
                             const bs::UnitFormat::Scale &scale);

    // Rebuild (once per event loop turn) when the model's rows change.
    void watch(QAbstractItemModel *model);
    // Removes every series, axis and message, and sets the theme, fonts
    // and legend.
    void reset();
    // No axes, no legend: the message in the middle, saying what is missing.
    void showEmpty(const QString &message);
    // A note (HTML) under the legend, in the image, wrapped to the chart's
    // width, the bottom margin grown to hold it; reset() removes it.
    void setNote(const QString &html);
    void resizeEvent(QGraphicsSceneResizeEvent *event) override;
    // The height the note takes in a chart `width` wide (0 without one).
    int noteHeight(int width) const;
    // `wanted` and the note's height, and no less than the chart's layout
    // needs (a chart laid out smaller would be cut at the bottom).
    QSize roomFor(QSize wanted) const;
    // A value axis over [0, max] in the metric's human scale, titled with
    // the metric, its unit and which way is better; added at the bottom
    // (horizontal) or on the left (vertical).
    QValueAxis *valueAxis(const bs::Metric &metric, const bs::UnitFormat::Scale &scale, double maxScaled,
                          Qt::Orientation orientation);
    // An axis over these values (in the scale's unit) labelled by the one
    // formatter, on a log scale where they span orders of magnitude
    // (ScaleAxis::spansOrders), titled as valueAxis() and saying "log scale".
    ScaleAxis *scaleAxis(const bs::Metric &metric, const bs::UnitFormat::Scale &scale, const std::vector<double> &values,
                         Qt::Orientation orientation);
    // The axis titles' font (10 pt, not bold).
    static void setAxisTitleFont(QAbstractAxis *axis);
    // A value axis's title: the metric, its unit, which way is better.
    static QString axisTitle(const bs::Metric &metric, const bs::UnitFormat::Scale &scale, Qt::Orientation orientation,
                             bool log = false);
    // A category axis on the left with one row per value 0 … rows-1, labels
    // on the values (for horizontal charts with a row per participant).
    QCategoryAxis *rowAxis(int rows);
    // A category axis at the bottom with these labels, one per column.
    QBarCategoryAxis *columnAxis(const QStringList &labels);
    // A [lo–hi] bar with short caps at both ends, as one polyline: along x
    // at height `at` (horizontal), or along y at `at` (vertical).
    static QLineSeries *rangeBar(double lo, double hi, double at, double cap, Qt::Orientation orientation);
    // Adds the series and attaches it to both axes.
    void attach(QAbstractSeries *series, QAbstractAxis *x, QAbstractAxis *y);
    // A label longer than `width` characters as two HTML lines, broken at
    // the space nearest its middle (else a hyphen, slash or underscore), so
    // an axis wraps it rather than cutting it to "hello-w…".
    static QString wrapped(const QString &text, int width = 18);
    // Category labels must be unique: zero-width spaces keep equal ones apart.
    static QString uniqueLabel(QString label, const QStringList &taken);
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
    void placeMessage();
    void placeNote();
    // Run whenever the plot area changes: a title or an axis title that
    // would be cut ("… — hi…") breaks at each " — " instead, and column
    // labels wider than their column turn, and legend entries wrap, so none
    // is cut.
    void fitTexts();
    static QString fitted(const QString &text, const QFont &font, qreal width);
    void turnColumnLabels(QBarCategoryAxis *axis);
    // Legend entries that do not fit in one row under the plot each wrap at
    // their spaces into the width they share, so none is cut to "(3 re…".
    void fitLegend();
    // What an entry stands for: its bar set's label, else its series' name.
    static QString entryName(QLegendMarker *marker);
    // Text as HTML lines no wider than `width`, broken at spaces.
    static QString lines(const QString &text, const QFont &font, qreal width);
    // Adds a row or column axis, its labels in the size the charts share.
    void addCategoryAxis(QAbstractAxis *axis, Qt::Alignment alignment);
    bool m_pending = false;
    bool m_fitting = false;
    bool m_fitPending = false;
    QGraphicsSimpleTextItem *m_message = nullptr;
    QGraphicsTextItem *m_note = nullptr;
    struct PlottedValue {
        QAbstractSeries *series; // owned by the chart; reset() drops the values with the series
        QPointF value;
        QString text;
    };
    std::vector<PlottedValue> m_values;
};
