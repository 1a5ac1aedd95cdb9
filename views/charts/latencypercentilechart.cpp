#include "latencypercentilechart.h"

#include "chartrows.h"
#include "charttext.h"
#include "participantcell.h"

#include <QAbstractItemModel>
#include <QCategoryAxis>
#include <QFontMetricsF>
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
    connect(this, &QChart::plotAreaChanged, this, &LatencyPercentileChart::fitPercentileLabels);
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
    m_percentiles = nullptr;
    const bs::CaseInfo *caseInfo = m_capture->caseInfo(m_caseId);
    if (!caseInfo)
        return;
    const QString title = ChartText::elided(caseInfo->label).toHtmlEscaped()
        + QStringLiteral(" — latency by percentile");
    setTitle(title);
    QStringList without;
    for (const bs::Participant *p : ChartRows::participants(m_model, *m_capture)) {
        Line line;
        line.label = ChartText::participant(*p);
        line.participantId = p->id;
        if (const bs::Result *r = m_capture->result(p->id, m_caseId))
            line.merged = merged(*r, m_histogram, &line.repetitions);
        if (line.merged.isEmpty())
            without << line.label;
        else
            m_lines.push_back(std::move(line));
    }
    if (m_lines.empty()) {
        showEmpty(without.isEmpty() ? QStringLiteral("No participant is shown: the filter hides them all.")
                                    : QStringLiteral("No latency histogram in this case: its results record none."));
        return;
    }
    if (!without.isEmpty())
        setTitle(title + QStringLiteral("<br><small>no latency histogram: ") + without.join(QStringLiteral(", ")).toHtmlEscaped()
                 + QStringLiteral("</small>"));
    addLines();
}

// One time scale for the chart, fitted to the largest value shown.
void LatencyPercentileChart::addLines()
{
    double largest = 0;
    double xMax = std::log10(2);
    for (const Line &l : m_lines) {
        largest = std::max(largest, double(l.merged.maxValue()) * unitToSeconds(l.merged.unit()));
        xMax = std::max(xMax, std::min(6.0, std::log10(double(l.merged.totalCount()))));
    }
    const bs::UnitFormat::Scale scale = bs::UnitFormat::scaleFor("s", largest);
    QCategoryAxis *xAxis = percentileAxis(xMax);
    std::vector<std::pair<QLineSeries *, QScatterSeries *>> series;
    double top = 0;
    for (const Line &l : m_lines)
        series.push_back(lineSeries(l, scale, top));
    QValueAxis *yAxis = latencyAxis(scale, top);
    const ParticipantPalette palette = participantPalette();
    for (std::size_t i = 0; i < series.size(); ++i) {
        const auto &[line, dots] = series[i];
        attach(line, xAxis, yAxis);
        QPen pen = line->pen();
        pen.setWidthF(2.2);
        pen.setColor(palette.color(m_lines[i].participantId));
        line->setPen(pen);
        attach(dots, xAxis, yAxis);
        dots->setColor(line->color());
        dots->setBorderColor(line->color());
        hideFromLegend(dots);
    }
}

QCategoryAxis *LatencyPercentileChart::percentileAxis(double xMax)
{
    auto *axis = new QCategoryAxis;
    axis->setLabelsPosition(QCategoryAxis::AxisLabelsPositionOnValue);
    axis->setRange(0, xMax);
    axis->setStartValue(0);
    m_percentiles = axis;
    m_xMax = xMax;
    axis->setTitleText(QStringLiteral("Percentile (log scale of 1 in N: 1 / (1 − p))"));
    QFont titleFont = axis->titleFont();
    titleFont.setPointSizeF(10);
    titleFont.setBold(false);
    axis->setTitleFont(titleFont);
    QFont labels = axis->labelsFont();
    labels.setPointSizeF(10);
    axis->setLabelsFont(labels);
    addAxis(axis, Qt::AlignBottom);
    fitPercentileLabels();
    return axis;
}

QStringList LatencyPercentileChart::fittingMarks(double xMax, qreal width, const QFont &font)
{
    const QFontMetricsF metrics(font);
    const qreal gap = 2 * metrics.averageCharWidth();
    struct Placed {
        qreal centre, half;
    };
    std::vector<Placed> placed;
    QStringList chosen;
    // 50%, 90%, 99%, ... in turn, then 0%: each where it clears every label placed.
    std::vector<const Mark *> order;
    for (const Mark &m : kMarks)
        if (m.p > 0)
            order.push_back(&m);
    order.push_back(&kMarks[0]);
    for (const Mark *m : order) {
        const double x = xForPercentile(m->p);
        if (x > xMax + 1e-9 || xMax <= 0)
            continue;
        const Placed here{x / xMax * width, metrics.horizontalAdvance(QString::fromLatin1(m->label)) / 2};
        const bool clear = std::all_of(placed.begin(), placed.end(), [&](const Placed &o) {
            return std::abs(o.centre - here.centre) >= o.half + here.half + gap;
        });
        if (clear) {
            placed.push_back(here);
            chosen << QString::fromLatin1(m->label);
        }
    }
    return chosen;
}

// The labels that fit the plot's width now, in order along the axis.
void LatencyPercentileChart::fitPercentileLabels()
{
    if (!m_percentiles || plotArea().width() <= 0)
        return;
    const QStringList fit = fittingMarks(m_xMax, plotArea().width(), m_percentiles->labelsFont());
    QStringList shown;
    for (const Mark &m : kMarks)
        if (fit.contains(QString::fromLatin1(m.label)))
            shown << QString::fromLatin1(m.label);
    if (shown == m_percentiles->categoriesLabels())
        return;
    for (const QString &label : m_percentiles->categoriesLabels())
        m_percentiles->remove(label);
    for (const Mark &m : kMarks)
        if (shown.contains(QString::fromLatin1(m.label)))
            m_percentiles->append(QString::fromLatin1(m.label), xForPercentile(m.p));
}

// The y axis, and on a line of its own (so it is never cut) whether the
// tool corrected for coordinated omission.
QValueAxis *LatencyPercentileChart::latencyAxis(const bs::UnitFormat::Scale &scale, double top)
{
    bs::Metric latency;
    latency.id = m_histogram;
    latency.label = "Latency";
    latency.unit = "s";
    latency.direction = bs::Direction::LowerIsBetter;
    QValueAxis *axis = valueAxis(latency, scale, top, Qt::Vertical);
    if (const std::optional<bool> corrected = m_capture->provenance.conditions.latencyCorrected)
        axis->setTitleText(axis->titleText()
                           + (*corrected ? QStringLiteral("<br>corrected for coordinated omission")
                                         : QStringLiteral("<br>not corrected for coordinated omission")));
    return axis;
}

// Percentiles every 0.02 decades of "1 in N", and dots at the marks exactly.
std::pair<QLineSeries *, QScatterSeries *> LatencyPercentileChart::lineSeries(const Line &l, const bs::UnitFormat::Scale &scale,
                                                                              double &top)
{
    const double toUnit = unitToSeconds(l.merged.unit()) / scale.divisor;
    auto *line = new QLineSeries;
    const QString reps = l.repetitions == 1 ? QStringLiteral("1 repetition")
                                            : QStringLiteral("%1 repetitions merged").arg(l.repetitions);
    line->setName(l.label + QStringLiteral(" (") + reps + QLatin1Char(')'));
    const double lineMax = std::min(6.0, std::log10(double(l.merged.totalCount())));
    for (double x = 0; x <= lineMax + 1e-9; x += 0.02) {
        const double y = double(l.merged.valueAtPercentile(100 * (1 - std::pow(10, -x)))) * toUnit;
        line->append(x, y);
        top = std::max(top, y);
    }
    auto *dots = new QScatterSeries;
    dots->setMarkerSize(7);
    for (const Mark &m : kMarks)
        if (m.p > 0 && xForPercentile(m.p) <= lineMax + 1e-9) {
            const QPointF at(xForPercentile(m.p), double(l.merged.valueAtPercentile(m.p)) * toUnit);
            dots->append(at);
            markValue(dots, at, valueText(l.label + QStringLiteral(" · ") + QString::fromLatin1(m.label), at.y() * scale.divisor,
                                          0, 0, 1, scale));
        }
    return {line, dots};
}
