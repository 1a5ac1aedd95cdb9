#include "metricchart.h"

#include "capturetables.h"

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

const bs::Metric *MetricChart::chosenMetric() const
{
    const bs::Metric *metric = m_capture->metric(m_metricId);
    return metric ? metric : m_capture->primaryMetric();
}

bs::UnitFormat::Scale MetricChart::tableScale(const bs::Metric &metric) const
{
    // The tables' scale: one unit and precision per metric family over the capture.
    const std::map<std::string, bs::UnitFormat::Scale> scales = bs::CaptureTables::captureScales(*m_capture);
    const auto it = scales.find(metric.id);
    return it != scales.end() ? it->second : bs::UnitFormat::scaleFor(metric.unit, 0.0);
}
