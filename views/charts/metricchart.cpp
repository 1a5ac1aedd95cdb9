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

bs::UnitFormat::Scale MetricChart::tableScale(const bs::Metric &metric, const std::string &caseId) const
{
    // The case table's scale: one unit per metric family, as the table shows it.
    const std::vector<bs::Metric> metrics = bs::CaptureTables::tableMetrics(*m_capture);
    const std::vector<bs::UnitFormat::Scale> scales = bs::CaptureTables::caseScales(*m_capture, caseId);
    for (std::size_t i = 0; i < metrics.size(); ++i)
        if (metrics[i].id == metric.id)
            return scales[i];
    return bs::UnitFormat::scaleFor(metric.unit, 0.0);
}
