#include "rangeplotchart.h"

#include "capturetables.h"

#include <QAbstractItemModel>
#include <QCategoryAxis>
#include <QLineSeries>
#include <QPen>
#include <QScatterSeries>
#include <QValueAxis>

#include <algorithm>

RangePlotChart::RangePlotChart(std::shared_ptr<const bs::Capture> capture, std::string caseId, QAbstractItemModel *rows,
                               std::string metricId, QGraphicsItem *parent)
    : MetricChart(std::move(capture), rows, std::move(metricId), parent)
    , m_caseId(std::move(caseId))
{
    rebuild();
}

QString RangePlotChart::fileStem() const
{
    return QStringLiteral("range-") + QString::fromStdString(m_caseId) + QLatin1Char('-') + QString::fromStdString(m_metricId);
}

QSize RangePlotChart::reportSize() const
{
    return {1200, int(std::clamp<std::size_t>(170 + 52 * m_rows.size(), 380, 2400))};
}

void RangePlotChart::rebuild()
{
    reset();
    m_rows.clear();
    const bs::Metric *metric = m_capture->metric(m_metricId);
    if (!metric)
        metric = m_capture->primaryMetric();
    const bs::CaseInfo *caseInfo = m_capture->caseInfo(m_caseId);
    if (!metric || !caseInfo)
        return;
    m_rows = ChartRows::read(m_model, *m_capture, m_caseId, *metric);
    ChartRows::sortByValue(m_rows, metric->direction);

    std::vector<double> values;
    for (const ChartRow &r : m_rows)
        if (r.value)
            values.insert(values.end(), {*r.value, r.min, r.max});
    const bs::UnitFormat::Scale scale = bs::UnitFormat::scaleFor(metric->unit, values);
    const double top = values.empty() ? 1 : *std::max_element(values.begin(), values.end()) / scale.divisor;

    setTitle(QString::fromStdString(caseInfo->label.empty() ? caseInfo->id : caseInfo->label) + QStringLiteral(" — ")
             + QString::fromStdString(metric->label));

    QValueAxis *xAxis = valueAxis(*metric, scale, top, Qt::Horizontal);
    addAxis(xAxis, Qt::AlignBottom);
    const int n = int(m_rows.size());
    QCategoryAxis *yAxis = rowAxis(n);

    auto *points = new QScatterSeries;
    points->setName(QStringLiteral("representative value"));
    points->setMarkerShape(QScatterSeries::MarkerShapeCircle);
    points->setMarkerSize(11);
    auto *baselines = new QScatterSeries;
    baselines->setName(QStringLiteral("baseline"));
    baselines->setMarkerShape(QScatterSeries::MarkerShapeRotatedRectangle);
    baselines->setMarkerSize(14);
    std::vector<QLineSeries *> ranges;
    std::vector<double> baselineValues;

    // The best row is at the top: y counts down from n-1. Category labels
    // go in ascending order of y, so the rows are walked bottom-up.
    for (int i = n - 1; i >= 0; --i) {
        const ChartRow &r = m_rows[std::size_t(i)];
        const double y = n - 1 - i;
        // The label carries the figures as the table prints them, so the
        // chart reads on its own: "zstd  25.128 [22.870–52.706]".
        QString label = r.label + QStringLiteral("   ");
        label += r.value ? QString::fromStdString(bs::CaptureTables::cellText(r.result, *metric, scale)) : r.status;
        // Category labels must be unique; a zero-width space keeps two
        // equal ones apart.
        while (yAxis->categoriesLabels().contains(label))
            label += QChar(0x200B);
        yAxis->append(label, y);
        if (!r.value)
            continue;
        const double v = *r.value / scale.divisor;
        (r.participant->baseline ? baselines : points)->append(v, y);
        if (r.participant->baseline)
            baselineValues.push_back(v);
        if (r.n > 1) {
            // The bar with short caps at both ends, as one polyline.
            const double lo = r.min / scale.divisor, hi = r.max / scale.divisor, cap = 0.16;
            auto *range = new QLineSeries;
            range->append({{lo, y - cap}, {lo, y + cap}, {lo, y}, {hi, y}, {hi, y + cap}, {hi, y - cap}});
            ranges.push_back(range);
        }
    }

    const QColor rangeColor = mutedColor();
    for (std::size_t i = 0; i < ranges.size(); ++i) {
        QLineSeries *range = ranges[i];
        range->setName(QStringLiteral("[min–max] across repetitions"));
        QPen pen(rangeColor, 2.5);
        pen.setCapStyle(Qt::FlatCap);
        range->setPen(pen);
        addSeries(range);
        range->attachAxis(xAxis);
        range->attachAxis(yAxis);
        if (i > 0)
            hideFromLegend(range);
    }
    if (baselineValues.size() == 1) {
        auto *line = new QLineSeries;
        line->setName(QStringLiteral("baseline value"));
        line->append({{baselineValues[0], -0.6}, {baselineValues[0], n - 1 + 0.6}});
        QPen pen(baselineColor(), 1.2, Qt::DashLine);
        line->setPen(pen);
        addSeries(line);
        line->attachAxis(xAxis);
        line->attachAxis(yAxis);
    }
    for (QScatterSeries *series : {points, baselines}) {
        if (series->count() == 0) {
            delete series;
            continue;
        }
        addSeries(series);
        series->attachAxis(xAxis);
        series->attachAxis(yAxis);
        // Colours after addSeries(): the theme assigns its own on adding.
        if (series == baselines) {
            series->setColor(baselineColor());
            series->setBorderColor(baselineColor());
        }
    }
}
