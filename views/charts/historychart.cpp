#include "historychart.h"

#include "historymodel.h"
#include "qs.h"
#include "scaleaxis.h"

#include <QAreaSeries>
#include <QCategoryAxis>
#include <QCursor>
#include <QLineSeries>
#include <QPen>
#include <QScatterSeries>
#include <QToolTip>

#include <algorithm>
#include <cmath>

namespace {
const QColor kBetter(0x1a, 0x7f, 0x37);
const QColor kWorse(0xc0, 0x30, 0x30);
// Past these, a label per revision and a dashed rule per change point are
// thousands of graphics items (seconds to lay out, unreadable): every k-th
// revision is labelled, and the marks alone show the change points.
constexpr int kMostRevisionLabels = 40;
constexpr int kMostStepRules = 60;
// Past this many revisions the lines are drawn without their points and
// [min–max] bands (painting them took seconds; the Values table has them),
// solid (a dash pattern over a line that turns at every pixel reads as
// noise, and stroking 40 of them took 2.5 of the page's 8 s at 2,000
// revisions), and the change points' marks are smaller.
constexpr int kMostBandedRevisions = 200;
// Past this many lines the legend has no room to name them (40 names in
// one row are cut to nothing): a note says how to tell them apart instead.
constexpr int kMostNamedLines = 12;
} // namespace

HistoryChart::HistoryChart(HistoryModel *model, QGraphicsItem *parent)
    : BenchChart(nullptr, parent)
    , m_history(model)
{
    watch(model);
    rebuild();
}

QString HistoryChart::fileStem() const
{
    const bs::Metric *metric = m_history ? m_history->metric() : nullptr;
    const auto history = m_history ? m_history->history() : nullptr;
    return QStringLiteral("history-") + (history ? qs(history->suite().id) : QString()) + QLatin1Char('-')
        + (metric ? qs(metric->id) : QString());
}

void HistoryChart::rebuild()
{
    reset();
    m_lines.clear();
    m_valueAxis = nullptr;
    m_better = m_worse = m_provisional = 0;
    const bs::Metric *metric = m_history ? m_history->metric() : nullptr;
    if (!metric) {
        showEmpty(QStringLiteral("No history yet: open three or more captures of one suite."));
        return;
    }
    setTitle(qs(m_history->history()->suite().name()).toHtmlEscaped() + QStringLiteral(" — ") + qs(metric->label).toHtmlEscaped()
             + QStringLiteral(" across %1 revisions").arg(m_history->revisionCount()));
    if (m_history->rowCount() == 0) {
        showEmpty(QStringLiteral("No series is shown: the filter hides them all."));
        return;
    }
    const bs::UnitFormat::Scale &scale = m_history->scale();
    // Every value and [min–max] bound drawn, in the scale's unit: a log axis
    // when they span orders of magnitude (a 2 KiB series beside a 140 KiB one).
    std::vector<double> values;
    for (int row = 0; row < m_history->rowCount(); ++row)
        for (int r = 0; r < m_history->revisionCount(); ++r) {
            const QModelIndex cell = m_history->index(row, HistoryModel::FirstRevision + r);
            for (int role : {HistoryModel::ValueRole, HistoryModel::MinRole, HistoryModel::MaxRole})
                if (const QVariant v = cell.data(role); v.isValid())
                    values.push_back(v.toDouble() / scale.divisor);
        }
    QCategoryAxis *x = revisionAxis(m_history->revisionCount());
    m_valueAxis = scaleAxis(*metric, scale, values, Qt::Vertical);
    for (int row = 0; row < m_history->rowCount(); ++row)
        addRow(row, scale, x, m_valueAxis);
    if (m_history->rowCount() > kMostNamedLines) {
        for (QLineSeries *line : m_lines)
            hideFromLegend(line);
        setNote(QStringLiteral("%1 lines, too many to name in a legend (at most %2 are named): pick a "
                               "participant or a case for fewer, or hover a line for its own.")
                    .arg(m_history->rowCount())
                    .arg(kMostNamedLines));
    }
    addChangePoints(scale, x, m_valueAxis);
    if (m_provisional > 0)
        setTitle(title() + QStringLiteral(" — hollow: near the end, to confirm"));
}

QCategoryAxis *HistoryChart::revisionAxis(int revisions)
{
    auto *axis = new QCategoryAxis;
    axis->setLabelsPosition(QCategoryAxis::AxisLabelsPositionOnValue);
    axis->setRange(-0.5, std::max(0, revisions - 1) + 0.5);
    axis->setStartValue(-0.5);
    axis->setGridLineVisible(false);
    QStringList taken;
    const int every = (revisions + kMostRevisionLabels - 1) / kMostRevisionLabels;
    for (int r = 0; r < revisions; r += std::max(every, 1)) {
        const QString label = uniqueLabel(wrapped(m_history->revisionLabel(r), 14), taken);
        taken << label;
        axis->append(label, r);
    }
    QFont font = axis->labelsFont();
    font.setPointSizeF(9);
    axis->setLabelsFont(font);
    if (revisions > 8)
        axis->setLabelsAngle(-45);
    addAxis(axis, Qt::AlignBottom);
    return axis;
}

ParticipantPalette HistoryChart::participantPalette() const
{
    const auto history = m_history ? m_history->history() : nullptr;
    return history ? ParticipantPalette(history->participants()) : ParticipantPalette();
}

bool HistoryChart::isDense() const
{
    return m_history->revisionCount() > kMostBandedRevisions;
}

bool HistoryChart::isLog() const
{
    return m_valueAxis && m_valueAxis->isLog();
}

// A participant's lines are its colour; its cases told apart by the dashes.
QPen HistoryChart::rowPen(int row) const
{
    const bs::HistorySeries *s = m_history->series(row);
    const auto history = m_history->history();
    std::size_t caseIndex = 0;
    while (caseIndex < history->cases().size() && history->cases()[caseIndex].id != s->caseId)
        ++caseIndex;
    QPen pen(participantPalette().color(s->participant), 2);
    pen.setStyle(ParticipantPalette::caseStyle(caseIndex));
    return pen;
}

void HistoryChart::addRow(int row, const bs::UnitFormat::Scale &scale, QAbstractAxis *x, ScaleAxis *y)
{
    auto *line = new QLineSeries;
    line->setName(m_history->seriesLabel(row));
    const bool dense = isDense();
    line->setPointsVisible(!dense);
    QList<QPointF> points, upper, lower;
    std::vector<std::pair<QList<QPointF>, QList<QPointF>>> bands; // one per run of points with values
    for (int r = 0; r < m_history->revisionCount(); ++r) {
        const QModelIndex cell = m_history->index(row, HistoryModel::FirstRevision + r);
        const QVariant value = cell.data(HistoryModel::ValueRole);
        if (!value.isValid()) {
            if (!upper.isEmpty())
                bands.emplace_back(std::exchange(upper, {}), std::exchange(lower, {}));
            continue;
        }
        points.append({double(r), y->coordinate(value.toDouble() / scale.divisor)});
        if (dense)
            continue; // no bands are drawn
        upper.append({double(r), y->coordinate(cell.data(HistoryModel::MaxRole).toDouble() / scale.divisor)});
        lower.append({double(r), y->coordinate(cell.data(HistoryModel::MinRole).toDouble() / scale.divisor)});
    }
    if (!upper.isEmpty())
        bands.emplace_back(upper, lower);
    // Attached empty, then given its points in one change: Qt Charts strokes
    // a line's hover shape on adding it and on each axis it is attached to.
    attach(line, x, y);
    line->replace(points);
    QPen pen = rowPen(row);
    if (dense)
        pen.setStyle(Qt::SolidLine);
    line->setPen(pen); // after addSeries(): the theme assigns its own colours
    for (const auto &[high, low] : bands)
        addBand(high, low, line->color(), x, y);
    connect(line, &QXYSeries::hovered, this, [this, row](const QPointF &at, bool state) { hover(row, at, state); });
    m_lines.push_back(line);
}

void HistoryChart::addBand(const QList<QPointF> &upper, const QList<QPointF> &lower, QColor color, QAbstractAxis *x,
                           QAbstractAxis *y)
{
    // A lone point's band is a whisker: an area needs width.
    QList<QPointF> high = upper, low = lower;
    if (high.size() == 1) {
        high = {high.front() - QPointF(0.06, 0), high.front() + QPointF(0.06, 0)};
        low = {low.front() - QPointF(0.06, 0), low.front() + QPointF(0.06, 0)};
    }
    auto *band = new QAreaSeries;
    auto *top = new QLineSeries(band); // the band does not own its edges
    auto *bottom = new QLineSeries(band);
    top->append(high);
    bottom->append(low);
    band->setUpperSeries(top);
    band->setLowerSeries(bottom);
    color.setAlpha(m_dark ? 70 : 50);
    band->setBrush(color);
    band->setPen(Qt::NoPen);
    attach(band, x, y);
    hideFromLegend(band);
}

void HistoryChart::addChangePoints(const bs::UnitFormat::Scale &scale, QAbstractAxis *x, ScaleAxis *y)
{
    auto marks = [&](const QString &name, const QColor &color, QScatterSeries::MarkerShape shape, bool hollow) {
        auto *s = new QScatterSeries;
        s->setName(name);
        s->setMarkerShape(shape);
        s->setMarkerSize(isDense() ? 9 : 15);
        s->setColor(hollow ? backgroundColor() : color);
        s->setBorderColor(color);
        QPen pen = s->pen();
        pen.setWidthF(2);
        pen.setColor(color);
        s->setPen(pen);
        return s;
    };
    QScatterSeries *better = marks(QStringLiteral("▲ better"), kBetter, QScatterSeries::MarkerShapeTriangle, false);
    QScatterSeries *worse = marks(QStringLiteral("◆ worse"), kWorse, QScatterSeries::MarkerShapeRotatedRectangle, false);
    QScatterSeries *betterSoon = marks(QStringLiteral("▲ better, to confirm"), kBetter, QScatterSeries::MarkerShapeTriangle, true);
    QScatterSeries *worseSoon = marks(QStringLiteral("◆ worse, to confirm"), kWorse, QScatterSeries::MarkerShapeRotatedRectangle, true);
    int changePoints = 0;
    for (int row = 0; row < m_history->rowCount(); ++row)
        for (const bs::HistoryStep &step : m_history->series(row)->steps)
            changePoints += step.isChangePoint() ? 1 : 0;
    for (int row = 0; row < m_history->rowCount(); ++row) {
        const bs::HistorySeries *s = m_history->series(row);
        for (const bs::HistoryStep &step : s->steps) {
            if (!step.isChangePoint())
                continue;
            const bool up = step.outcome == bs::StepOutcome::Better;
            const bs::HistoryPoint &to = s->points[step.to];
            (step.provisional ? (up ? betterSoon : worseSoon) : (up ? better : worse))
                ->append(double(step.to), y->coordinate(to.value / scale.divisor));
            ++(up ? m_better : m_worse);
            m_provisional += step.provisional ? 1 : 0;
            if (changePoints > kMostStepRules)
                continue;
            // The step itself: a dashed line between the two revisions.
            auto *rule = new QLineSeries;
            const double at = (double(step.from) + double(step.to)) / 2;
            rule->append(at, y->min());
            rule->append(at, y->max());
            QPen pen(up ? kBetter : kWorse, 1.2, Qt::DashLine);
            rule->setPen(pen);
            attach(rule, x, y);
            hideFromLegend(rule);
        }
    }
    for (QScatterSeries *s : {better, worse, betterSoon, worseSoon}) {
        if (s->count() == 0) {
            delete s;
            continue;
        }
        attach(s, x, y);
    }
}

void HistoryChart::hover(int row, const QPointF &at, bool state)
{
    if (!state) {
        QToolTip::hideText();
        return;
    }
    const int revision = std::clamp(int(std::lround(at.x())), 0, std::max(0, m_history->revisionCount() - 1));
    const QString text = m_history->revisionLabel(revision) + QLatin1Char('\n')
        + m_history->index(row, HistoryModel::FirstRevision + revision).data(Qt::ToolTipRole).toString();
    QToolTip::showText(QCursor::pos(), text);
    emit pointHovered(text);
}
