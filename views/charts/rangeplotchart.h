#pragma once

#include "metricchart.h"
#include "chartrows.h"

#include <string>
#include <vector>

class QAbstractItemModel;
class QCategoryAxis;
class QLineSeries;
class QValueAxis;

// One case, one metric: each participant as a point (in its colour,
// ParticipantPalette) at its representative value with a bar over its
// [min–max] across repetitions. Horizontal, so long participant names read
// well; best at the top; baselines drawn as diamonds ringed in the baseline
// colour (and, with a single baseline, a dashed line at its value).
// Participants without a value keep their row, labelled with why
// ("missing", "unsupported", ...), rather than being dropped, and the note
// under the legend gives each one's reason.
class RangePlotChart : public MetricChart {
    Q_OBJECT
public:
    // `rows`: the case table as shown (its proxy), for participants and order.
    RangePlotChart(std::shared_ptr<const bs::Capture> capture, std::string caseId, QAbstractItemModel *rows,
                   std::string metricId, QGraphicsItem *parent = nullptr);

    const std::string &caseId() const { return m_caseId; }

    void rebuild() override;
    QString fileStem() const override;
    QSize reportSize() const override;

    // The rows as plotted, top to bottom.
    const std::vector<ChartRow> &rows() const { return m_rows; }

private:
    void addRows(const bs::Metric &metric, const bs::UnitFormat::Scale &scale, QValueAxis *xAxis, QCategoryAxis *yAxis);
    void addRanges(const std::vector<QLineSeries *> &ranges, QValueAxis *xAxis, QCategoryAxis *yAxis);
    void addBaselineLine(double x, QValueAxis *xAxis, QCategoryAxis *yAxis);

    std::string m_caseId;
    std::vector<ChartRow> m_rows;
};
