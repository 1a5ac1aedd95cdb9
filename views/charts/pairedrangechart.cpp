#include "pairedrangechart.h"

#include "charttext.h"
#include "diffmodel.h"
#include "difftable.h"

#include <QCategoryAxis>
#include <QLineSeries>
#include <QPen>
#include <QScatterSeries>
#include <QValueAxis>

#include <algorithm>

namespace {
constexpr double kOffset = 0.19; // before above, after below the row's line
constexpr double kCap = 0.08;    // half height of a bar's end caps
} // namespace

PairedRangeChart::PairedRangeChart(std::shared_ptr<const bs::Capture> before, std::shared_ptr<const bs::Capture> after,
                                   std::string caseId, std::string metricId, QGraphicsItem *parent)
    : BenchChart(after, parent)
    , m_model(new DiffModel(this))
    , m_caseId(std::move(caseId))
    , m_metricId(std::move(metricId))
{
    bs::CaptureDiff::Options options;
    options.metrics = {m_metricId};
    m_model->setCaptures(std::move(before), std::move(after), options);
    rebuild();
}

PairedRangeChart::PairedRangeChart(DiffModel *model, std::string caseId, std::string metricId, QGraphicsItem *parent)
    : BenchChart(model->after(), parent)
    , m_model(model)
    , m_caseId(std::move(caseId))
    , m_metricId(std::move(metricId))
{
    watch(model);
    rebuild();
}

QString PairedRangeChart::fileStem() const
{
    return QStringLiteral("diff-") + QString::fromStdString(m_caseId) + QLatin1Char('-') + QString::fromStdString(m_metricId);
}

QSize PairedRangeChart::reportSize() const
{
    return {1200, int(std::clamp<std::size_t>(190 + 64 * m_rows.size(), 380, 2400))};
}

QString PairedRangeChart::rowLabel(const bs::DiffCell &cell)
{
    // A long name is cut, never the verdict line under it (the axis would
    // cut the two lines together); the whole name is in the table below.
    QString label = ChartText::elided(cell.participantLabel, kMostNameCharacters).toHtmlEscaped() + QStringLiteral("<br>")
        + QString::fromUtf8(bs::verdictSymbol(cell.verdict)) + QLatin1Char(' ')
        + QString::fromUtf8(bs::verdictWord(cell.verdict));
    // Δ only where a change is established: elsewhere it is not a finding.
    if (cell.deltaPct && (cell.verdict == bs::DiffVerdict::Better || cell.verdict == bs::DiffVerdict::Worse))
        label += QStringLiteral(", ") + QString::fromStdString(bs::DiffTable::deltaText(cell.deltaPct));
    return label;
}

void PairedRangeChart::rebuild()
{
    reset();
    m_rows.clear();
    m_beforeSeries = m_afterSeries = nullptr;
    if (!m_model)
        return;
    m_capture = m_model->after();
    const bs::CaptureDiff &diff = m_model->diff();
    const bs::Metric *metric = diff.metric(m_metricId);
    if (!metric)
        return;
    for (const bs::DiffCell *c : m_model->cells(m_caseId, m_metricId))
        m_rows.push_back(*c);
    const bs::UnitFormat::Scale scale = m_model->scale(m_metricId);

    double top = 0;
    for (const bs::DiffCell &c : m_rows)
        for (const auto *side : {&c.before, &c.after})
            if (*side)
                top = std::max(top, (*side)->max / scale.divisor);

    const QString caseLabel = ChartText::elided(m_rows.empty() ? m_caseId : m_rows.front().caseLabel);
    setTitle(caseLabel.toHtmlEscaped() + QStringLiteral(" — ") + ChartText::elided(metric->label).toHtmlEscaped()
             + QStringLiteral(", before → after"));

    QValueAxis *xAxis = valueAxis(*metric, scale, top, Qt::Horizontal);
    const int n = int(m_rows.size());
    QCategoryAxis *yAxis = rowAxis(n);

    // Each participant in its colour: after full, before paler; the legend's
    // markers neutral (grey circle before, dark diamond after).
    const QColor beforeColor = m_dark ? QColor(0x9a, 0x9a, 0x9a) : QColor(0x99, 0x99, 0x99);
    const QColor afterColor = textColor();
    const ParticipantPalette palette = participantPalette();
    auto pale = [this](QColor color) {
        color.setAlpha(m_dark ? 120 : 105);
        return color;
    };
    std::vector<QColor> beforeColors, afterColors;
    // Two runs of one revision are named apart (when each was captured).
    QString beforeName = DiffModel::shortName(*m_model->before()), afterName = DiffModel::shortName(*m_model->after());
    if (beforeName == afterName) {
        beforeName = m_model->beforeLabel();
        afterName = m_model->afterLabel();
    }
    m_beforeSeries = new QScatterSeries;
    m_beforeSeries->setName(QStringLiteral("before (") + ChartText::elided(beforeName) + QLatin1Char(')'));
    m_beforeSeries->setMarkerShape(QScatterSeries::MarkerShapeCircle);
    m_beforeSeries->setMarkerSize(11);
    m_afterSeries = new QScatterSeries;
    m_afterSeries->setName(QStringLiteral("after (") + ChartText::elided(afterName) + QLatin1Char(')'));
    m_afterSeries->setMarkerShape(QScatterSeries::MarkerShapeRotatedRectangle);
    m_afterSeries->setMarkerSize(13);

    std::vector<std::pair<QLineSeries *, QColor>> bars;
    // The first participant at the top: y counts down from n-1. Categories
    // are appended bottom up, as QCategoryAxis wants increasing end values.
    for (int i = n - 1; i >= 0; --i) {
        const bs::DiffCell &c = m_rows[std::size_t(i)];
        const double y = n - 1 - i;
        yAxis->append(uniqueLabel(rowLabel(c), yAxis->categoriesLabels()), y);
        const std::pair<const std::optional<bs::DiffSample> *, double> sides[] = {{&c.before, y + kOffset},
                                                                                  {&c.after, y - kOffset}};
        for (const auto &[side, sy] : sides) {
            if (!*side)
                continue;
            const bool isBefore = side == &c.before;
            const QColor color = palette.color(c.participant);
            QScatterSeries *series = isBefore ? m_beforeSeries : m_afterSeries;
            series->append((*side)->median / scale.divisor, sy);
            markValue(series, {(*side)->median / scale.divisor, sy},
                      valueText(QString::fromStdString(c.participantLabel) + (isBefore ? QStringLiteral(" · before (median)")
                                                                                      : QStringLiteral(" · after (median)")),
                                (*side)->median, (*side)->min, (*side)->max, (*side)->n, scale));
            (isBefore ? beforeColors : afterColors).push_back(isBefore ? pale(color) : color);
            if ((*side)->n > 1)
                bars.emplace_back(rangeBar((*side)->min / scale.divisor, (*side)->max / scale.divisor, sy, kCap, Qt::Horizontal),
                                  isBefore ? pale(color) : color);
        }
    }

    for (auto &[bar, color] : bars) {
        bar->setName(QStringLiteral("[min–max]"));
        QPen pen(color, 2.2);
        pen.setCapStyle(Qt::FlatCap);
        bar->setPen(pen);
        attach(bar, xAxis, yAxis);
        hideFromLegend(bar);
    }
    for (QScatterSeries *series : {m_beforeSeries, m_afterSeries}) {
        attach(series, xAxis, yAxis);
        // Colours after addSeries(): the theme assigns its own on adding.
        const QColor color = series == m_beforeSeries ? beforeColor : afterColor;
        series->setColor(color);
        series->setBorderColor(series == m_beforeSeries ? color.darker(130) : color);
        const std::vector<QColor> &colors = series == m_beforeSeries ? beforeColors : afterColors;
        for (int i = 0; i < series->count(); ++i)
            series->setPointConfiguration(i, QXYSeries::PointConfiguration::Color, colors[std::size_t(i)]);
    }
}

ParticipantPalette PairedRangeChart::participantPalette() const
{
    ParticipantPalette palette;
    if (m_model && m_model->after())
        palette.add(m_model->after()->participants);
    if (m_model && m_model->before())
        palette.add(m_model->before()->participants);
    return palette;
}
