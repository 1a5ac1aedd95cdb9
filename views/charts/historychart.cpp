#include "historychart.h"

#include "charttext.h"
#include "historymodel.h"
#include "plaintooltip.h"
#include "qs.h"
#include "scaleaxis.h"

#include <QAreaSeries>
#include <QCategoryAxis>
#include <QCursor>
#include <QFontMetricsF>
#include <QLineSeries>
#include <QPen>
#include <QScatterSeries>
#include <QToolTip>

#include <algorithm>
#include <cmath>

namespace {
const QColor kBetter(0x1a, 0x7f, 0x37);
const QColor kWorse(0xc0, 0x30, 0x30);
// Past this many change points their marks alone show them: a dashed rule
// per step would be thousands of graphics items (seconds to lay out).
constexpr int kMostStepRules = 60;
// Past this many revisions the marks are smaller and the values' line
// fainter (it turns at every pixel).
constexpr int kMostLargeMarkRevisions = 200;
// Past this many lines the legend has no room to name them (40 names in
// one row are cut to nothing): a note says how to tell them apart instead.
constexpr int kMostNamedLines = 12;
// Room Qt Charts keeps either side of a category label (its label padding,
// and a little more) within the share of the axis each label gets.
constexpr qreal kLabelGap = 16;
// A revision label longer than this breaks into two lines.
constexpr int kLabelWrap = 14;
// The label strides: every k-th revision.
constexpr int kStrides[] = {1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000, 2500, 5000, 10000};
} // namespace

HistoryChart::HistoryChart(HistoryModel *model, QGraphicsItem *parent)
    : BenchChart(nullptr, parent)
    , m_history(model)
{
    watch(model);
    connect(this, &QChart::plotAreaChanged, this, &HistoryChart::labelRevisions);
    rebuild();
}

QString HistoryChart::fileStem() const
{
    const bs::Metric *metric = m_history ? m_history->metric() : nullptr;
    const auto history = m_history ? m_history->history() : nullptr;
    return QStringLiteral("history-") + (history ? qs(history->suite().id) : QString()) + QLatin1Char('-')
        + (metric ? qs(metric->id) : QString());
}

void HistoryChart::setMessage(const QString &message)
{
    if (message == m_message)
        return;
    m_message = message;
    if (!m_history || !m_history->metric())
        rebuild();
}

void HistoryChart::rebuild()
{
    reset();
    m_lines.clear();
    m_marks.clear();
    m_valueAxis = nullptr;
    m_revisionAxis = nullptr;
    m_stride = 0;
    m_better = m_worse = m_provisional = 0;
    const bs::Metric *metric = m_history ? m_history->metric() : nullptr;
    if (!metric) {
        showEmpty(m_message.isEmpty() ? QStringLiteral("No history yet: open three or more captures of one suite.") : m_message);
        return;
    }
    setTitle(ChartText::elided(m_history->history()->suite().name()).toHtmlEscaped() + QStringLiteral(" — ")
             + ChartText::elided(metric->label).toHtmlEscaped()
             + QStringLiteral(" across %1 revisions").arg(m_history->revisionCount()));
    if (m_history->rowCount() == 0) {
        showEmpty(QStringLiteral("No series is shown: the filter hides them all."));
        return;
    }
    const bs::UnitFormat::Scale &scale = m_history->scale();
    // Every value and segment spread drawn, in the scale's unit: a log axis
    // when they span orders of magnitude (a 2 KiB series beside a 140 KiB one).
    std::vector<double> values;
    for (int row = 0; row < m_history->rowCount(); ++row) {
        const bs::HistorySeries *s = m_history->series(row);
        for (const bs::HistoryPoint &p : s->points)
            if (p.hasValues())
                values.push_back(p.value / scale.divisor);
        for (const bs::HistorySegment &segment : s->segments)
            values.insert(values.end(), {segment.low / scale.divisor, segment.high / scale.divisor});
    }
    QCategoryAxis *x = revisionAxis();
    m_valueAxis = scaleAxis(*metric, scale, values, Qt::Vertical);
    for (int row = 0; row < m_history->rowCount(); ++row)
        addRow(row, scale, x, m_valueAxis);
    for (int row = 0; row < m_history->rowCount(); ++row)
        addLevels(row, scale, x, m_valueAxis);
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

QCategoryAxis *HistoryChart::revisionAxis()
{
    m_revisionAxis = new QCategoryAxis;
    m_revisionAxis->setLabelsPosition(QCategoryAxis::AxisLabelsPositionOnValue);
    const int revisions = m_history->revisionCount();
    m_revisionAxis->setRange(-0.5, std::max(0, revisions - 1) + 0.5);
    m_revisionAxis->setStartValue(-0.5);
    m_revisionAxis->setGridLineVisible(false);
    QFont font = m_revisionAxis->labelsFont();
    font.setPointSizeF(9);
    m_revisionAxis->setLabelsFont(font);
    const QFontMetricsF metrics(font);
    m_labelWidth = 0;
    for (int r = 0; r < revisions; ++r)
        for (const QString &line : wrapped(ChartText::elided(m_history->revisionLabel(r)), kLabelWrap).split(QStringLiteral("<br>")))
            m_labelWidth = std::max(m_labelWidth, metrics.horizontalAdvance(line));
    addAxis(m_revisionAxis, Qt::AlignBottom);
    labelRevisions();
    return m_revisionAxis;
}

// Qt Charts gives each label of a category axis an equal share of its
// width and cuts a longer one to "…": every k-th revision is labelled, k
// the smallest stride whose labels each fit their share.
void HistoryChart::labelRevisions()
{
    if (!m_revisionAxis || !m_history)
        return;
    const int revisions = m_history->revisionCount();
    const qreal width = plotArea().width() > 0 ? plotArea().width() : std::max(400.0, size().width() - 160);
    int stride = kStrides[std::size(kStrides) - 1];
    for (int k : kStrides) {
        const int labels = (revisions + k - 1) / k;
        if (width / (labels + 1) >= m_labelWidth + kLabelGap) {
            stride = k;
            break;
        }
    }
    if (stride == m_stride)
        return;
    m_stride = stride;
    for (const QString &label : m_revisionAxis->categoriesLabels())
        m_revisionAxis->remove(label);
    QStringList taken;
    for (int r = 0; r < revisions; r += stride) {
        const QString label = uniqueLabel(wrapped(ChartText::elided(m_history->revisionLabel(r)), kLabelWrap), taken);
        taken << label;
        m_revisionAxis->append(label, r);
    }
}

ParticipantPalette HistoryChart::participantPalette() const
{
    const auto history = m_history ? m_history->history() : nullptr;
    return history ? ParticipantPalette(history->participants()) : ParticipantPalette();
}

bool HistoryChart::isLog() const
{
    return m_valueAxis && m_valueAxis->isLog();
}

std::vector<QScatterSeries *> HistoryChart::markSeries() const
{
    std::vector<QScatterSeries *> list;
    for (const auto &[series, marks] : m_marks)
        list.push_back(series);
    return list;
}

// A participant's lines are its colour; its cases told apart by the dashes.
QPen HistoryChart::rowPen(int row) const
{
    const bs::HistorySeries *s = m_history->series(row);
    const auto history = m_history->history();
    std::size_t caseIndex = 0;
    while (caseIndex < history->cases().size() && history->cases()[caseIndex].id != s->caseId)
        ++caseIndex;
    QPen pen(participantPalette().color(s->participant), 2.5);
    pen.setStyle(ParticipantPalette::caseStyle(caseIndex));
    return pen;
}

// The revisions' values, faint and solid (a dash pattern over a line that
// turns at every pixel reads as noise), without a mark per revision.
void HistoryChart::addRow(int row, const bs::UnitFormat::Scale &scale, QAbstractAxis *x, ScaleAxis *y)
{
    auto *line = new QLineSeries;
    QList<QPointF> points;
    const bs::HistorySeries *s = m_history->series(row);
    for (std::size_t r = 0; r < s->points.size(); ++r)
        if (s->points[r].hasValues())
            points.append({double(r), y->coordinate(s->points[r].value / scale.divisor)});
    // Attached empty, then given its points in one change: Qt Charts strokes
    // a line's hover shape on adding it and on each axis it is attached to.
    attach(line, x, y);
    hideFromLegend(line);
    line->replace(points);
    QColor color = participantPalette().color(s->participant);
    // Over hundreds of revisions its strokes pile up: fainter, so the levels read.
    const bool dense = m_history->revisionCount() > kMostLargeMarkRevisions;
    color.setAlpha(dense ? (m_dark ? 50 : 35) : (m_dark ? 110 : 90));
    line->setPen(QPen(color, 1)); // after addSeries(): the theme assigns its own colours
    connect(line, &QXYSeries::hovered, this, [this, row](const QPointF &at, bool state) {
        if (!state)
            return QToolTip::hideText();
        say(m_history->pointText(row, std::clamp(int(std::lround(at.x())), 0, m_history->revisionCount() - 1)));
    });
}

// The segments as a step line at their levels over a band of their spread.
void HistoryChart::addLevels(int row, const bs::UnitFormat::Scale &scale, QAbstractAxis *x, ScaleAxis *y)
{
    const bs::HistorySeries *s = m_history->series(row);
    QList<QPointF> level, upper, lower;
    for (const bs::HistorySegment &segment : s->segments) {
        // A segment of one revision still has width.
        const double from = double(segment.first) - (segment.first == segment.last ? 0.3 : 0);
        const double to = double(segment.last) + (segment.first == segment.last ? 0.3 : 0);
        for (double at : {from, to}) {
            level.append({at, y->coordinate(segment.level / scale.divisor)});
            upper.append({at, y->coordinate(segment.high / scale.divisor)});
            lower.append({at, y->coordinate(segment.low / scale.divisor)});
        }
    }
    auto *line = new QLineSeries;
    line->setName(ChartText::elided(m_history->seriesLabel(row)));
    attach(line, x, y);
    line->replace(level);
    line->setPen(rowPen(row));
    if (!upper.isEmpty())
        addBand(upper, lower, line->color(), x, y);
    connect(line, &QXYSeries::hovered, this, [this, row](const QPointF &at, bool state) {
        if (!state)
            return QToolTip::hideText();
        const auto &segments = m_history->series(row)->segments;
        const auto near = std::min_element(segments.begin(), segments.end(), [&at](const auto &a, const auto &b) {
            auto distance = [&at](const bs::HistorySegment &s) {
                return std::max({0.0, double(s.first) - at.x(), at.x() - double(s.last)});
            };
            return distance(a) < distance(b);
        });
        if (near != segments.end())
            say(m_history->segmentText(row, *near));
    });
    m_lines.push_back(line);
}

void HistoryChart::addBand(const QList<QPointF> &upper, const QList<QPointF> &lower, QColor color, QAbstractAxis *x,
                           QAbstractAxis *y)
{
    auto *band = new QAreaSeries;
    auto *top = new QLineSeries(band); // the band does not own its edges
    auto *bottom = new QLineSeries(band);
    top->append(upper);
    bottom->append(lower);
    band->setUpperSeries(top);
    band->setLowerSeries(bottom);
    color.setAlpha(m_dark ? 60 : 45);
    band->setBrush(color);
    band->setPen(Qt::NoPen);
    attach(band, x, y);
    hideFromLegend(band);
}

void HistoryChart::addChangePoints(const bs::UnitFormat::Scale &scale, QAbstractAxis *x, ScaleAxis *y)
{
    const bool large = m_history->revisionCount() <= kMostLargeMarkRevisions;
    auto marks = [&](const QString &name, const QColor &color, QScatterSeries::MarkerShape shape, bool hollow) {
        auto *s = new QScatterSeries;
        s->setName(name);
        s->setMarkerShape(shape);
        s->setMarkerSize(large ? 15 : 11);
        s->setColor(hollow ? backgroundColor() : color);
        s->setBorderColor(color);
        QPen pen = s->pen();
        pen.setWidthF(2);
        pen.setColor(color);
        s->setPen(pen);
        m_marks.push_back({s, {}});
        return m_marks.size() - 1;
    };
    const std::size_t better = marks(QStringLiteral("▲ better"), kBetter, QScatterSeries::MarkerShapeTriangle, false);
    const std::size_t worse = marks(QStringLiteral("◆ worse"), kWorse, QScatterSeries::MarkerShapeRotatedRectangle, false);
    const std::size_t betterSoon = marks(QStringLiteral("▲ better, to confirm"), kBetter, QScatterSeries::MarkerShapeTriangle, true);
    const std::size_t worseSoon = marks(QStringLiteral("◆ worse, to confirm"), kWorse, QScatterSeries::MarkerShapeRotatedRectangle, true);
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
            // On the level of the segment the change point starts, else at the revision's value.
            const auto segment = std::find_if(s->segments.begin(), s->segments.end(),
                                              [&step](const bs::HistorySegment &g) { return g.first == step.to; });
            const double value = segment != s->segments.end() ? segment->level : s->points[step.to].value;
            auto &[series, list] = m_marks[step.provisional ? (up ? betterSoon : worseSoon) : (up ? better : worse)];
            const QPointF at(double(step.to), y->coordinate(value / scale.divisor));
            series->append(at);
            markValue(series, at, m_history->changePointText(row, step)); // the page's hover, as the window's
            list.push_back({row, &step});
            ++(up ? m_better : m_worse);
            m_provisional += step.provisional ? 1 : 0;
            if (changePoints <= kMostStepRules)
                addStepRule(step, x, y);
        }
    }
    m_marks.erase(std::remove_if(m_marks.begin(), m_marks.end(),
                                 [](const auto &m) {
                                     if (m.first->count() > 0)
                                         return false;
                                     delete m.first;
                                     return true;
                                 }),
                  m_marks.end());
    for (const auto &[series, list] : m_marks) {
        attach(series, x, y);
        connectMarks(series);
    }
}

// The step itself: a dashed line between the two revisions.
void HistoryChart::addStepRule(const bs::HistoryStep &step, QAbstractAxis *x, ScaleAxis *y)
{
    auto *rule = new QLineSeries;
    const double at = (double(step.from) + double(step.to)) / 2;
    rule->append(at, y->min());
    rule->append(at, y->max());
    rule->setPen(QPen(step.outcome == bs::StepOutcome::Better ? kBetter : kWorse, 1.2, Qt::DashLine));
    attach(rule, x, y);
    hideFromLegend(rule);
}

void HistoryChart::connectMarks(QScatterSeries *series)
{
    connect(series, &QXYSeries::hovered, this, [this, series](const QPointF &at, bool state) {
        if (!state)
            return QToolTip::hideText();
        if (const Mark *mark = markAt(series, at))
            say(m_history->changePointText(mark->row, *mark->step)
                + QStringLiteral("\nClick to compare these two revisions on the Diff page."));
    });
    connect(series, &QXYSeries::clicked, this, [this, series](const QPointF &at) {
        if (const Mark *mark = markAt(series, at))
            emit stepClicked(int(mark->step->from), int(mark->step->to));
    });
}

// The mark nearest to `at` (Qt Charts reports the mark's own point).
const HistoryChart::Mark *HistoryChart::markAt(QScatterSeries *series, const QPointF &at) const
{
    const auto found = std::find_if(m_marks.begin(), m_marks.end(), [series](const auto &m) { return m.first == series; });
    if (found == m_marks.end() || series->count() == 0)
        return nullptr;
    int nearest = 0;
    for (int i = 1; i < series->count(); ++i)
        if (std::hypot(series->at(i).x() - at.x(), series->at(i).y() - at.y())
            < std::hypot(series->at(nearest).x() - at.x(), series->at(nearest).y() - at.y()))
            nearest = i;
    return &found->second[std::size_t(nearest)];
}

// A hover's text, as a plain-text tool tip (labels from files are not HTML).
void HistoryChart::say(const QString &text)
{
    QToolTip::showText(QCursor::pos(), PlainToolTip::of(text));
    emit pointHovered(text);
}
