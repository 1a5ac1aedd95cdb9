#include "latencypercentilechart.h"

#include "chartrows.h"
#include "participantcell.h"

#include <QAbstractItemModel>
#include <QCategoryAxis>
#include <QLineSeries>
#include <QScatterSeries>
#include <QValueAxis>

#include <algorithm>
#include <cmath>

namespace {

// Marked percentiles and their axis labels.
struct Mark {
    double p;
    const char *label;
};
constexpr Mark kMarks[] = {{0, "0%"},      {50, "50%"},       {90, "90%"},         {99, "99%"},
                           {99.9, "99.9%"}, {99.99, "99.99%"}, {99.999, "99.999%"}, {99.9999, "99.9999%"}};

double unitToSeconds(const std::string &unit)
{
    if (unit == "ns")
        return 1e-9;
    if (unit == "us" || unit == "µs")
        return 1e-6;
    if (unit == "ms")
        return 1e-3;
    return 1;
}

} // namespace

LatencyPercentileChart::LatencyPercentileChart(std::shared_ptr<const bs::Capture> capture, std::string caseId,
                                               QAbstractItemModel *rows, std::string histogram, QGraphicsItem *parent)
    : BenchChart(std::move(capture), parent)
    , m_caseId(std::move(caseId))
    , m_model(rows)
    , m_histogram(std::move(histogram))
{
    watch(rows);
    rebuild();
}

QString LatencyPercentileChart::fileStem() const
{
    return QStringLiteral("latency-") + QString::fromStdString(m_caseId);
}

bs::Histogram LatencyPercentileChart::merged(const bs::Result &result, const std::string &histogram,
                                             std::size_t *repetitions)
{
    bs::Histogram out;
    std::size_t count = 0;
    for (const bs::Repetition &rep : result.repetitions)
        if (auto it = rep.histograms.find(histogram); it != rep.histograms.end() && !it->second.isEmpty()) {
            if (count == 0)
                out.setUnit(it->second.unit());
            out.merge(it->second);
            ++count;
        }
    if (repetitions)
        *repetitions = count;
    return out;
}

bool LatencyPercentileChart::hasHistograms(const bs::Capture &capture, const std::string &caseId,
                                           const std::string &histogram)
{
    for (const bs::Result &r : capture.results)
        if (r.caseId == caseId)
            for (const bs::Repetition &rep : r.repetitions)
                if (auto it = rep.histograms.find(histogram); it != rep.histograms.end() && !it->second.isEmpty())
                    return true;
    return false;
}

void LatencyPercentileChart::rebuild()
{
    reset();
    m_lines.clear();
    const bs::CaseInfo *caseInfo = m_capture->caseInfo(m_caseId);
    if (!caseInfo)
        return;
    std::vector<QString> without;
    for (const bs::Participant *p : ChartRows::participants(m_model, *m_capture)) {
        const bs::Result *r = m_capture->result(p->id, m_caseId);
        Line line;
        line.label = ParticipantCell::label(*p);
        if (r)
            line.merged = merged(*r, m_histogram, &line.repetitions);
        if (line.merged.isEmpty())
            without.push_back(line.label);
        else
            m_lines.push_back(std::move(line));
    }

    // One time scale for the chart, fitted to the largest value shown.
    double largest = 0;
    double xMax = std::log10(2);
    for (const Line &l : m_lines) {
        const double toSeconds = unitToSeconds(l.merged.unit());
        largest = std::max(largest, double(l.merged.maxValue()) * toSeconds);
        xMax = std::max(xMax, std::min(6.0, std::log10(double(l.merged.totalCount()))));
    }
    const bs::UnitFormat::Scale scale = bs::UnitFormat::scaleFor("s", largest);

    QString title = QString::fromStdString(caseInfo->label.empty() ? caseInfo->id : caseInfo->label)
        + QStringLiteral(" — latency by percentile");
    setTitle(title);

    auto *xAxis = new QCategoryAxis;
    xAxis->setLabelsPosition(QCategoryAxis::AxisLabelsPositionOnValue);
    xAxis->setRange(0, xMax);
    xAxis->setStartValue(0);
    for (const Mark &m : kMarks)
        if (xForPercentile(m.p) <= xMax + 1e-9)
            xAxis->append(QString::fromLatin1(m.label), xForPercentile(m.p));
    xAxis->setTitleText(QStringLiteral("Percentile (log scale of 1 in N: 1 / (1 − p))"));
    QFont titleFont = xAxis->titleFont();
    titleFont.setPointSizeF(10);
    titleFont.setBold(false);
    xAxis->setTitleFont(titleFont);
    addAxis(xAxis, Qt::AlignBottom);

    bs::Metric latency;
    latency.id = m_histogram;
    latency.label = "Latency";
    latency.unit = "s";
    latency.direction = bs::Direction::LowerIsBetter;
    double top = 0;
    std::vector<QLineSeries *> series;
    std::vector<QScatterSeries *> marks;
    for (const Line &l : m_lines) {
        const double toUnit = unitToSeconds(l.merged.unit()) / scale.divisor;
        auto *line = new QLineSeries;
        const QString reps = l.repetitions == 1 ? QStringLiteral("1 repetition")
                                                : QStringLiteral("%1 repetitions merged").arg(l.repetitions);
        line->setName(l.label + QStringLiteral(" (") + reps + QLatin1Char(')'));
        const double lineMax = std::min(6.0, std::log10(double(l.merged.totalCount())));
        // Percentiles every 0.02 decades of "1 in N", and the marks exactly.
        for (double x = 0; x <= lineMax + 1e-9; x += 0.02) {
            const double p = 100 * (1 - std::pow(10, -x));
            const double y = double(l.merged.valueAtPercentile(p)) * toUnit;
            line->append(x, y);
            top = std::max(top, y);
        }
        auto *dots = new QScatterSeries;
        dots->setMarkerSize(7);
        for (const Mark &m : kMarks)
            if (m.p > 0 && xForPercentile(m.p) <= lineMax + 1e-9)
                dots->append(xForPercentile(m.p), double(l.merged.valueAtPercentile(m.p)) * toUnit);
        series.push_back(line);
        marks.push_back(dots);
    }
    QValueAxis *yAxis = valueAxis(latency, scale, top, Qt::Vertical);
    const std::optional<bool> corrected = m_capture->provenance.conditions.latencyCorrected;
    QString yTitle = yAxis->titleText();
    if (corrected.has_value())
        yTitle += *corrected ? QStringLiteral(" · corrected for coordinated omission")
                             : QStringLiteral(" · not corrected for coordinated omission");
    yAxis->setTitleText(yTitle);
    addAxis(yAxis, Qt::AlignLeft);
    for (std::size_t i = 0; i < series.size(); ++i) {
        addSeries(series[i]);
        series[i]->attachAxis(xAxis);
        series[i]->attachAxis(yAxis);
        QPen pen = series[i]->pen();
        pen.setWidthF(2.2);
        series[i]->setPen(pen);
        addSeries(marks[i]);
        marks[i]->attachAxis(xAxis);
        marks[i]->attachAxis(yAxis);
        marks[i]->setColor(series[i]->color());
        marks[i]->setBorderColor(series[i]->color());
        hideFromLegend(marks[i]);
    }
    if (!without.empty()) {
        QStringList names;
        for (const QString &w : without)
            names << w;
        setTitle(title + QStringLiteral("\n(no latency histogram: ") + names.join(QStringLiteral(", ")) + QLatin1Char(')'));
    }
}
