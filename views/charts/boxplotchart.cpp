#include "boxplotchart.h"

#include "summarizer.h"

#include <QAbstractItemModel>
#include <QBarCategoryAxis>
#include <QBoxPlotSeries>
#include <QBoxSet>
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
    const bs::Metric *metric = m_capture->metric(m_metricId);
    if (!metric)
        metric = m_capture->primaryMetric();
    const bs::CaseInfo *caseInfo = m_capture->caseInfo(m_caseId);
    if (!metric || !caseInfo)
        return;
    std::vector<ChartRow> rows = ChartRows::read(m_model, *m_capture, m_caseId, *metric);
    ChartRows::sortByValue(rows, metric->direction);

    std::vector<double> all;
    for (const ChartRow &r : rows) {
        Box box;
        box.label = r.label;
        if (r.value)
            for (const bs::Repetition &rep : r.result->repetitions)
                if (auto it = rep.metrics.find(metric->id); it != rep.metrics.end())
                    box.values.push_back(it->second);
        if (box.values.empty())
            box.label += QStringLiteral("\n") + (r.value ? QStringLiteral("no repetitions") : r.status);
        else
            box.label += QStringLiteral("\nn=%1").arg(box.values.size());
        if (!box.values.empty())
            quartiles(box.values, box.lowerQuartile, box.median, box.upperQuartile);
        all.insert(all.end(), box.values.begin(), box.values.end());
        m_boxes.push_back(std::move(box));
    }
    const bs::UnitFormat::Scale scale = bs::UnitFormat::scaleFor(metric->unit, all);
    const double top = all.empty() ? 1 : *std::max_element(all.begin(), all.end()) / scale.divisor;

    setTitle(QString::fromStdString(caseInfo->label.empty() ? caseInfo->id : caseInfo->label) + QStringLiteral(" — ")
             + QString::fromStdString(metric->label) + QStringLiteral(" over the repetitions"));

    auto *xAxis = new QBarCategoryAxis;
    QStringList labels;
    for (const Box &b : m_boxes) {
        QString label = b.label;
        while (labels.contains(label))
            label += QChar(0x200B); // categories must be unique
        labels << label;
    }
    xAxis->append(labels);
    QFont font = xAxis->labelsFont();
    font.setPointSizeF(10);
    xAxis->setLabelsFont(font);
    addAxis(xAxis, Qt::AlignBottom);
    QValueAxis *yAxis = valueAxis(*metric, scale, top, Qt::Vertical);
    addAxis(yAxis, Qt::AlignLeft);

    auto *boxes = new QBoxPlotSeries;
    boxes->setName(QStringLiteral("box: quartiles, median; whiskers: min–max"));
    boxes->setBoxWidth(0.4);
    auto *points = new QScatterSeries;
    points->setName(QStringLiteral("each repetition (too few for a box)"));
    points->setMarkerSize(9);
    for (std::size_t i = 0; i < m_boxes.size(); ++i) {
        const Box &b = m_boxes[i];
        if (b.values.size() >= kMinimumForBox) {
            const auto [lo, hi] = std::minmax_element(b.values.begin(), b.values.end());
            auto *set = new QBoxSet(*lo / scale.divisor, b.lowerQuartile / scale.divisor, b.median / scale.divisor,
                                    b.upperQuartile / scale.divisor, *hi / scale.divisor, labels[int(i)]);
            boxes->append(set);
        } else {
            // An empty box keeps the categories in step with the axis.
            boxes->append(new QBoxSet(0, 0, 0, 0, 0, labels[int(i)]));
            for (double v : b.values)
                points->append(double(i), v / scale.divisor);
        }
    }
    bool anyBox = false;
    for (const Box &b : m_boxes)
        anyBox = anyBox || b.values.size() >= kMinimumForBox;
    if (anyBox) {
        addSeries(boxes);
        boxes->attachAxis(xAxis);
        boxes->attachAxis(yAxis);
        // Placeholders drawn with nothing (after addSeries(): the theme sets
        // every box's pen and brush).
        for (std::size_t i = 0; i < m_boxes.size(); ++i)
            if (m_boxes[i].values.size() < kMinimumForBox) {
                boxes->boxSets()[int(i)]->setPen(Qt::NoPen);
                boxes->boxSets()[int(i)]->setBrush(Qt::NoBrush);
            }
    } else {
        delete boxes;
    }
    if (points->count() > 0) {
        addSeries(points);
        points->attachAxis(xAxis);
        points->attachAxis(yAxis);
    } else {
        delete points;
    }
}
