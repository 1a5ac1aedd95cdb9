#include "boxplotchart.h"

#include "absencenote.h"
#include "charttext.h"
#include "participantcell.h"
#include "summarizer.h"

#include <QAbstractItemModel>
#include <QBarCategoryAxis>
#include <QBoxPlotSeries>
#include <QBoxSet>
#include <QPen>
#include <QScatterSeries>
#include <QValueAxis>

#include <algorithm>

BoxPlotChart::BoxPlotChart(std::shared_ptr<const bs::Capture> capture, std::string caseId, QAbstractItemModel *rows,
                           std::string metricId, QGraphicsItem *parent)
    : MetricChart(std::move(capture), rows, std::move(metricId), parent)
    , m_caseId(std::move(caseId))
{
    rebuild();
}

QString BoxPlotChart::fileStem() const
{
    return QStringLiteral("box-") + QString::fromStdString(m_caseId) + QLatin1Char('-') + QString::fromStdString(m_metricId);
}

void BoxPlotChart::quartiles(std::vector<double> values, double &lower, double &median, double &upper)
{
    std::sort(values.begin(), values.end());
    const std::size_t half = values.size() / 2;
    median = bs::Summarizer::median(values);
    lower = bs::Summarizer::median(std::vector<double>(values.begin(), values.begin() + std::ptrdiff_t(half)));
    upper = bs::Summarizer::median(std::vector<double>(values.end() - std::ptrdiff_t(half), values.end()));
}

void BoxPlotChart::rebuild()
{
    reset();
    m_boxes.clear();
    const bs::Metric *metric = chosenMetric();
    const bs::CaseInfo *caseInfo = m_capture->caseInfo(m_caseId);
    if (!metric || !caseInfo)
        return;
    setTitle(ChartText::elided(caseInfo->label).toHtmlEscaped() + QStringLiteral(" — ")
             + ChartText::elided(metric->label).toHtmlEscaped() + QStringLiteral(" over the repetitions"));
    std::vector<ChartRow> rows = ChartRows::read(m_model, *m_capture, m_caseId, *metric);
    ChartRows::sortByValue(rows, metric->direction);
    std::vector<double> all;
    AbsenceNote note;
    for (const ChartRow &r : rows) {
        m_boxes.push_back(boxOf(r, *metric));
        all.insert(all.end(), m_boxes.back().values.begin(), m_boxes.back().values.end());
        if (!r.value)
            note.add(r.label, {}, r.status, r.reason);
    }
    if (all.empty()) {
        showEmpty(rows.empty() ? QStringLiteral("No participant is shown: the filter hides them all.")
                               : QStringLiteral("No repetition of this case recorded %1.").arg(ChartText::elided(metric->label)));
        return;
    }
    const bs::UnitFormat::Scale scale = tableScale(*metric);
    QStringList labels;
    for (const Box &b : m_boxes)
        labels << uniqueLabel(b.label, labels);
    QBarCategoryAxis *xAxis = columnAxis(labels);
    QValueAxis *yAxis = valueAxis(*metric, scale, *std::max_element(all.begin(), all.end()) / scale.divisor, Qt::Vertical);
    addBoxes(labels, scale, xAxis, yAxis);
    setNote(note.html());
}

BoxPlotChart::Box BoxPlotChart::boxOf(const ChartRow &row, const bs::Metric &metric)
{
    Box box;
    box.label = wrapped(row.label);
    box.participantId = row.participant->id;
    if (row.value)
        for (const bs::Repetition &rep : row.result->repetitions)
            if (auto it = rep.metrics.find(metric.id); it != rep.metrics.end())
                box.values.push_back(it->second);
    if (box.values.empty())
        box.label += QStringLiteral("<br>") + (row.value ? QStringLiteral("no repetitions") : row.status);
    else
        box.label += QStringLiteral("<br>n=%1").arg(box.values.size());
    if (!box.values.empty())
        quartiles(box.values, box.lowerQuartile, box.median, box.upperQuartile);
    return box;
}

// A box for each participant with enough repetitions, its points for the
// others; an empty box keeps the categories in step with the axis.
void BoxPlotChart::addBoxes(const QStringList &labels, const bs::UnitFormat::Scale &scale, QBarCategoryAxis *xAxis,
                            QValueAxis *yAxis)
{
    const double divisor = scale.divisor;
    auto *boxes = new QBoxPlotSeries;
    boxes->setName(QStringLiteral("box: quartiles, median; whiskers: min–max"));
    boxes->setBoxWidth(0.4);
    auto *points = new QScatterSeries;
    points->setName(QStringLiteral("each repetition (too few for a box)"));
    points->setMarkerSize(9);
    bool anyBox = false;
    const ParticipantPalette palette = participantPalette();
    std::vector<QColor> pointColors;
    for (std::size_t i = 0; i < m_boxes.size(); ++i) {
        const Box &b = m_boxes[i];
        if (b.values.size() >= kMinimumForBox) {
            const auto [lo, hi] = std::minmax_element(b.values.begin(), b.values.end());
            boxes->append(new QBoxSet(*lo / divisor, b.lowerQuartile / divisor, b.median / divisor,
                                      b.upperQuartile / divisor, *hi / divisor, labels[int(i)]));
            anyBox = true;
        } else {
            boxes->append(new QBoxSet(0, 0, 0, 0, 0, labels[int(i)]));
            for (double v : b.values) {
                points->append(double(i), v / divisor);
                pointColors.push_back(palette.color(b.participantId));
            }
        }
    }
    markBoxes(boxes, points, scale);
    if (anyBox) {
        attach(boxes, xAxis, yAxis);
        // Placeholders drawn with nothing (after addSeries(): the theme sets
        // every box's pen and brush).
        for (std::size_t i = 0; i < m_boxes.size(); ++i) {
            QBoxSet *set = boxes->boxSets()[int(i)];
            if (m_boxes[i].values.size() < kMinimumForBox) {
                set->setPen(Qt::NoPen);
                set->setBrush(Qt::NoBrush);
                continue;
            }
            const QColor color = palette.color(m_boxes[i].participantId);
            set->setBrush(color);
            set->setPen(QPen(color.darker(150), 1.5));
        }
    } else {
        delete boxes;
    }
    if (points->count() > 0) {
        attach(points, xAxis, yAxis);
        points->setColor(mutedColor());
        points->setBorderColor(mutedColor());
        for (int i = 0; i < points->count(); ++i)
            points->setPointConfiguration(i, QXYSeries::PointConfiguration::Color, pointColors[std::size_t(i)]);
    } else {
        delete points;
    }
}

// What a page shows on hover: each box's median with its range, or each
// point of a participant with too few repetitions for a box.
void BoxPlotChart::markBoxes(QAbstractSeries *boxes, QScatterSeries *points, const bs::UnitFormat::Scale &scale)
{
    const double divisor = scale.divisor;
    int point = 0;
    for (std::size_t i = 0; i < m_boxes.size(); ++i) {
        const Box &b = m_boxes[i];
        const bs::Participant *p = m_capture->participant(b.participantId);
        const QString who = p ? ParticipantCell::label(*p) : QString::fromStdString(b.participantId);
        if (b.values.size() >= kMinimumForBox) {
            const auto [lo, hi] = std::minmax_element(b.values.begin(), b.values.end());
            markValue(boxes, {double(i), b.median / divisor},
                      valueText(who + QStringLiteral(" (median of %1)").arg(b.values.size()), b.median, *lo, *hi,
                                b.values.size(), scale));
            continue;
        }
        for (double v : b.values)
            markValue(points, points->at(point++), valueText(who, v, v, v, 1, scale));
    }
}
