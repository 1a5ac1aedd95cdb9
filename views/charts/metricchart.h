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
    // Subclasses call rebuild() at the end of their own constructor.
    MetricChart(std::shared_ptr<const bs::Capture> capture, QAbstractItemModel *rows, std::string metricId,
                QGraphicsItem *parent);

    QPointer<QAbstractItemModel> m_model;
    std::string m_metricId;
};
