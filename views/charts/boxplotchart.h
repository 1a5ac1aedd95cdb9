#pragma once

#include "metricchart.h"
#include "chartrows.h"

#include <string>
#include <vector>

class QAbstractItemModel;
class QAbstractSeries;
class QBarCategoryAxis;
class QScatterSeries;
class QValueAxis;

// One case, one metric, from every repetition: a box (quartiles, median,
// whiskers over the full min–max) for each participant with at least
// kMinimumForBox repetitions; fewer repetitions are drawn as their points,
// since a box over three values would suggest a distribution that is not
// there. Participants come in the same best-first order as the range plot,
// each in its colour (ParticipantPalette); the note under the legend says
// why a participant has no value.
class BoxPlotChart : public MetricChart {
    Q_OBJECT
public:
    static constexpr std::size_t kMinimumForBox = 5;

    BoxPlotChart(std::shared_ptr<const bs::Capture> capture, std::string caseId, QAbstractItemModel *rows,
                 std::string metricId, QGraphicsItem *parent = nullptr);

    void rebuild() override;
    QString fileStem() const override;

    struct Box {
        QString label;
        std::string participantId;
        std::vector<double> values; // the repetitions' values, canonical unit
        double lowerQuartile = 0, median = 0, upperQuartile = 0;
    };
    // Left to right; boxes are drawn for those with kMinimumForBox values or more.
    const std::vector<Box> &boxes() const { return m_boxes; }

    // Tukey's hinges: the medians of the lower and upper halves (the
    // middle value excluded when the count is odd).
    static void quartiles(std::vector<double> values, double &lower, double &median, double &upper);

private:
    static Box boxOf(const ChartRow &row, const bs::Metric &metric);
    void addBoxes(const QStringList &labels, const bs::UnitFormat::Scale &scale, QBarCategoryAxis *xAxis,
                  QValueAxis *yAxis);
    void markBoxes(QAbstractSeries *boxes, QScatterSeries *points, const bs::UnitFormat::Scale &scale);

    std::string m_caseId;
    std::vector<Box> m_boxes;
};
