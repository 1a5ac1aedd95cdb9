#include "rangeplotchart.h"

#include "absencenote.h"
#include "capturetables.h"
#include "charttext.h"

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
    return roomFor({1200, int(std::clamp<std::size_t>(170 + 52 * m_rows.size(), 380, 2400))});
}

void RangePlotChart::rebuild()
{
    reset();
    m_rows.clear();
    const bs::Metric *metric = chosenMetric();
    const bs::CaseInfo *caseInfo = m_capture->caseInfo(m_caseId);
    if (!metric || !caseInfo)
        return;
    setTitle(ChartText::elided(caseInfo->label).toHtmlEscaped() + QStringLiteral(" — ")
             + ChartText::elided(metric->label).toHtmlEscaped());
    m_rows = ChartRows::read(m_model, *m_capture, m_caseId, *metric);
    if (m_rows.empty()) {
        showEmpty(QStringLiteral("No participant is shown: the filter hides them all."));
        return;
    }
    ChartRows::sortByValue(m_rows, metric->direction);
    const bs::UnitFormat::Scale scale = tableScale(*metric);
    double top = 0;
    for (const ChartRow &r : m_rows)
        if (r.value)
            top = std::max({top, *r.value, r.max});
    QValueAxis *xAxis = valueAxis(*metric, scale, top / scale.divisor, Qt::Horizontal);
    QCategoryAxis *yAxis = rowAxis(int(m_rows.size()));
    addRows(*metric, scale, xAxis, yAxis);
}

// The best row is at the top: y counts down from n-1. Category labels go
// in ascending order of y, so the rows are walked bottom-up.
void RangePlotChart::addRows(const bs::Metric &metric, const bs::UnitFormat::Scale &scale, QValueAxis *xAxis,
                             QCategoryAxis *yAxis)
{
    auto *points = new QScatterSeries;
    points->setName(QStringLiteral("representative value"));
    points->setMarkerShape(QScatterSeries::MarkerShapeCircle);
    points->setMarkerSize(11);
    auto *baselines = new QScatterSeries;
    baselines->setName(QStringLiteral("baseline"));
    baselines->setMarkerShape(QScatterSeries::MarkerShapeRotatedRectangle);
    baselines->setMarkerSize(14);
    std::vector<QLineSeries *> ranges;
    std::vector<QColor> pointColors, baselineColors; // in the order of each series' points
    const ParticipantPalette palette = participantPalette();
    AbsenceNote note;
    const int n = int(m_rows.size());
    // Every value 0 on every repetition: the table says so once, not "[all 3 equal]" per row.
    const bool zeroColumn = std::all_of(m_rows.begin(), m_rows.end(),
                                        [](const ChartRow &r) { return !r.value || (*r.value == 0 && r.min == 0 && r.max == 0); });
    for (int i = n - 1; i >= 0; --i) {
        const ChartRow &r = m_rows[std::size_t(i)];
        const double y = n - 1 - i;
        // The label carries the figures exactly as the table's cell prints
        // them, under the name, so the chart reads on its own:
        // "zstd" over "25.128 [22.870–52.706]".
        const QString figures = r.value ? QString::fromStdString(bs::CaptureTables::cellText(r.result, metric, scale, zeroColumn)) : r.status;
        yAxis->append(uniqueLabel(r.label.toHtmlEscaped() + QStringLiteral("<br>") + figures, yAxis->categoriesLabels()), y);
        if (!r.value)
            continue;
        QScatterSeries *series = r.participant->baseline ? baselines : points;
        series->append(*r.value / scale.divisor, y);
        markValue(series, {*r.value / scale.divisor, y}, valueText(r.label, *r.value, r.min, r.max, r.n, scale));
        (r.participant->baseline ? baselineColors : pointColors).push_back(palette.color(r.participant->id));
        if (r.n > 1)
            ranges.push_back(rangeBar(r.min / scale.divisor, r.max / scale.divisor, y, 0.16, Qt::Horizontal));
    }
    for (const ChartRow &r : m_rows)
        if (!r.value)
            note.add(r.label, {}, r.status, r.reason);
    addRanges(ranges, xAxis, yAxis);
    if (baselines->count() == 1)
        addBaselineLine(baselines->at(0).x(), xAxis, yAxis);
    for (QScatterSeries *series : {points, baselines}) {
        if (series->count() == 0) {
            delete series;
            continue;
        }
        attach(series, xAxis, yAxis);
        // Colours after addSeries(): the theme assigns its own on adding.
        // The legend's marker is neutral; each point is its participant's
        // colour, a baseline's diamond ringed in the baseline colour.
        const bool isBaseline = series == baselines;
        series->setColor(isBaseline ? backgroundColor() : mutedColor());
        series->setBorderColor(isBaseline ? baselineColor() : mutedColor());
        QPen pen = series->pen();
        pen.setWidthF(isBaseline ? 2.5 : 1);
        series->setPen(pen);
        const std::vector<QColor> &colors = isBaseline ? baselineColors : pointColors;
        for (int i = 0; i < series->count(); ++i)
            series->setPointConfiguration(i, QXYSeries::PointConfiguration::Color, colors[std::size_t(i)]);
    }
    setNote(note.html());
}

void RangePlotChart::addRanges(const std::vector<QLineSeries *> &ranges, QValueAxis *xAxis, QCategoryAxis *yAxis)
{
    for (std::size_t i = 0; i < ranges.size(); ++i) {
        QLineSeries *range = ranges[i];
        range->setName(QStringLiteral("[min–max] across repetitions"));
        QPen pen(mutedColor(), 2.5);
        pen.setCapStyle(Qt::FlatCap);
        range->setPen(pen);
        attach(range, xAxis, yAxis);
        if (i > 0)
            hideFromLegend(range);
    }
}

void RangePlotChart::addBaselineLine(double x, QValueAxis *xAxis, QCategoryAxis *yAxis)
{
    auto *line = new QLineSeries;
    line->setName(QStringLiteral("baseline value"));
    line->append({{x, yAxis->min()}, {x, yAxis->max()}});
    line->setPen(QPen(baselineColor(), 1.2, Qt::DashLine));
    attach(line, xAxis, yAxis);
}
