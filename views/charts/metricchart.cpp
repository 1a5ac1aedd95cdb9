#include "metricchart.h"

#include <QAbstractItemModel>

MetricChart::MetricChart(std::shared_ptr<const bs::Capture> capture, QAbstractItemModel *rows, std::string metricId,
                         QGraphicsItem *parent)
    : BenchChart(std::move(capture), parent)
    , m_model(rows)
    , m_metricId(std::move(metricId))
{
    watch(rows);
}

void MetricChart::setMetric(const std::string &metricId)
{
    m_metricId = metricId;
    rebuild();
}
