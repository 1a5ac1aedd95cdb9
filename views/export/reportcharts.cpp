#include "reportcharts.h"

#include "benchchart.h"
#include "capturemodels.h"
#include "chartexporter.h"
#include "chartfactory.h"
#include "diffmodel.h"
#include "historymodel.h"
#include "participantfilterproxy.h"
#include "qs.h"

#include <algorithm>

ReportCharts::ReportCharts(const bs::ReportContent &content)
    : m_content(content)
{
}

ReportCharts::~ReportCharts() = default;

std::unique_ptr<BenchChart> ReportCharts::create(const bs::ReportChart &chart)
{
    const std::optional<ChartFactory::Kind> kind = ChartFactory::kindFromName(qs(chart.kind));
    if (!kind || chart.capture + chart.count > m_content.captures.size())
        return nullptr;
    const std::shared_ptr<const bs::Capture> &capture = m_content.captures[chart.capture];
    QAbstractItemModel *rows = nullptr;
    switch (*kind) {
    case ChartFactory::Kind::Paired: {
        if (chart.capture + 2 > m_content.captures.size())
            return nullptr;
        std::unique_ptr<DiffModel> &diff = m_diffs[chart.capture];
        if (!diff) {
            diff = std::make_unique<DiffModel>();
            diff->setCaptures(capture, m_content.captures[chart.capture + 1]);
        }
        rows = diff.get();
        break;
    }
    case ChartFactory::Kind::History: {
        if (!chart.history)
            return nullptr;
        std::unique_ptr<HistoryModel> &model = m_histories[{chart.capture, chart.metricId}];
        if (!model) {
            model = std::make_unique<HistoryModel>();
            model->setHistory(chart.history);
            model->setMetric(chart.metricId);
        }
        rows = model.get();
        break;
    }
    default: {
        std::unique_ptr<CaptureModels> &models = m_models[chart.capture];
        if (!models)
            models = std::make_unique<CaptureModels>(capture);
        rows = *kind == ChartFactory::Kind::Bars ? static_cast<QAbstractItemModel *>(models->allCases(chart.metricId))
                                                 : static_cast<QAbstractItemModel *>(models->caseTable(chart.caseId));
    }
    }
    return std::unique_ptr<BenchChart>(ChartFactory::create(*kind, capture, chart.caseId, chart.metricId, rows));
}

void ReportCharts::draw(bs::ReportChart &chart)
{
    chart.svg.clear();
    chart.marks.clear();
    const std::unique_ptr<BenchChart> drawn = create(chart);
    if (!drawn)
        return;
    // Drawn at three quarters of the report's size, at most 1,200 wide: the
    // page shows it at least that wide (its text at least the 9 to 10
    // points it was drawn at) and fits it to a column of about 1,200 px.
    QSize size = drawn->reportSize() * 0.75;
    size.setWidth(std::min(size.width(), 1200));
    chart.svg = ChartExporter::toSvg({drawn.get()}, size).toStdString();
    // Laid out at that size: the marks stand where the SVG draws them.
    for (const BenchChart::ValueMark &m : drawn->valueMarks())
        chart.marks.push_back({m.at.x(), m.at.y(), m.text.toStdString()});
}
