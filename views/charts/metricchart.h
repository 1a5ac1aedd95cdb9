#pragma once

#include "benchchart.h"

#include <QPointer>

#include <string>

class QAbstractItemModel;

// A chart of one metric over the rows of a table model (range plot, box
// plot, grouped bars): it keeps the model it follows and the metric, and
// rebuilds when either changes.
class MetricChart : public BenchChart {
    Q_OBJECT
public:
    void setMetric(const std::string &metricId);
    const std::string &metricId() const { return m_metricId; }

protected:
    // The chosen metric, else the capture's primary one (null if none).
    const bs::Metric *chosenMetric() const;
    // The scale the case's table prints this metric in, so that chart
    // labels read exactly as its cells.
    bs::UnitFormat::Scale tableScale(const bs::Metric &metric) const;

    // Subclasses call rebuild() at the end of their own constructor.
    MetricChart(std::shared_ptr<const bs::Capture> capture, QAbstractItemModel *rows, std::string metricId,
                QGraphicsItem *parent);

    QPointer<QAbstractItemModel> m_model;
    std::string m_metricId;
};
