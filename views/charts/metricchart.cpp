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
    std::vector<const bs::Result *> results;
    for (const bs::Participant &p : m_capture->participants)
        results.push_back(m_capture->result(p.id, caseId));
    return bs::CaptureTables::columnScale(metric, results);
}
