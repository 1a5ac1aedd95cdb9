#include "groupedbarschart.h"

#include "capturetables.h"
#include "chartrows.h"
#include "charttext.h"
#include "participantcell.h"
#include "resultcell.h"

#include <QAbstractItemModel>
#include <QBarCategoryAxis>
#include <QBarSeries>
#include <QBarSet>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QScatterSeries>
#include <QValueAxis>

#include <algorithm>
#include <map>

GroupedBarsChart::GroupedBarsChart(std::shared_ptr<const bs::Capture> capture, QAbstractItemModel *rows,
                                   std::string metricId, QGraphicsItem *parent)
    : MetricChart(std::move(capture), rows, std::move(metricId), parent)
{
    rebuild();
}

QString GroupedBarsChart::fileStem() const
{
    return QStringLiteral("bars-") + QString::fromStdString(m_metricId);
}

QSize GroupedBarsChart::reportSize() const
{
    const std::size_t bars = m_caseIds.size() * std::max<std::size_t>(1, m_participantIds.size());
    return roomFor({int(std::clamp<std::size_t>(300 + 26 * bars, 1000, 2400)), 720});
}

double GroupedBarsChart::barCentre(int caseIndex, int set, int sets)
{
    return caseIndex - kGroupWidth / 2 + (set + 0.5) * kGroupWidth / std::max(1, sets);
}

void GroupedBarsChart::rebuild()
{
    reset();
    m_caseIds.clear();
    m_participantIds.clear();
    const bs::Metric *metric = chosenMetric();
    if (!metric)
        return;
    m_metricId = metric->id;
    QString title = ChartText::elided(metric->label).toHtmlEscaped() + QStringLiteral(" across cases");
    const std::string &suite = m_capture->suite.name();
    setTitle(suite.empty() ? title : ChartText::elided(suite).toHtmlEscaped() + QStringLiteral(" — ") + title);
    const std::vector<bs::CaseInfo> cases = bs::CaptureTables::measuredCases(*m_capture, metric->id);
    const std::vector<const bs::Participant *> participants = ChartRows::participants(m_model, *m_capture);
    for (const bs::CaseInfo &k : cases)
        m_caseIds.push_back(k.id);
    for (const bs::Participant *p : participants)
        m_participantIds.push_back(p->id);
    if (cases.empty() || participants.empty()) {
        showEmpty(participants.empty() ? QStringLiteral("No participant is shown: the filter hides them all.")
                                       : QStringLiteral("No case recorded %1.").arg(ChartText::elided(metric->label)));
        return;
    }
    std::vector<double> values;
    for (const bs::Participant *p : participants)
        for (const bs::CaseInfo &k : cases)
            if (const bs::Result *r = m_capture->result(p->id, k.id); ResultCell::value(r, *metric)) {
                const bs::MetricSummary &s = r->summary.at(metric->id);
                values.insert(values.end(), {s.value, s.min, s.max});
            }
    const bs::UnitFormat::Scale scale = tableScale(*metric); // the unit of the table beside it
    m_scale = scale;
    const double top = values.empty() ? 0 : *std::max_element(values.begin(), values.end()) / scale.divisor;
    QStringList labels;
    for (const bs::CaseInfo &k : cases)
        labels << wrapped(ChartText::elided(k.label), 10);
    QBarCategoryAxis *xAxis = columnAxis(labels);
    QValueAxis *yAxis = valueAxis(*metric, scale, top, Qt::Vertical);
    addBars(participants, *metric, scale.divisor, xAxis, yAxis);
}

// A bar set per participant in its colour, a whisker over each [min–max],
// and a mark on the axis where a participant has no value, its shape
// saying why (the reasons in the note under the legend).
void GroupedBarsChart::addBars(const std::vector<const bs::Participant *> &participants, const bs::Metric &metric,
                               double divisor, QBarCategoryAxis *xAxis, QValueAxis *yAxis)
{
    auto *bars = new QBarSeries;
    bars->setBarWidth(kGroupWidth);
    std::map<AbsenceNote::Kind, QScatterSeries *> absent;
    AbsenceNote note;
    std::vector<QLineSeries *> whiskers;
    const int sets = int(participants.size());
    for (int j = 0; j < sets; ++j) {
        const bs::Participant &p = *participants[std::size_t(j)];
        auto *set = new QBarSet(ChartText::participant(p));
        for (int i = 0; i < int(m_caseIds.size()); ++i) {
            const bs::Result *r = m_capture->result(p.id, m_caseIds[std::size_t(i)]);
            const std::optional<double> v = ResultCell::value(r, metric);
            set->append(v ? *v / divisor : 0);
            const double x = barCentre(i, j, sets);
            if (!v) {
                const QString status = ChartRows::status(r);
                QScatterSeries *&marks = absent[AbsenceNote::kindOf(status)];
                if (!marks)
                    marks = new QScatterSeries;
                marks->append(x, 0);
                const bs::CaseInfo *k = m_capture->caseInfo(m_caseIds[std::size_t(i)]);
                note.add(set->label(), k ? ChartText::elided(k->label) : QString(), status,
                         r ? ChartText::elided(r->reason, AbsenceNote::kMaxReason) : QString());
                continue;
            }
            const bs::MetricSummary &s = r->summary.at(metric.id);
            const bs::CaseInfo *k = m_capture->caseInfo(m_caseIds[std::size_t(i)]);
            markValue(bars, {x, *v / divisor},
                      valueText(ParticipantCell::label(p) + QStringLiteral(" · ")
                                    + QString::fromStdString(k ? k->label : m_caseIds[std::size_t(i)]),
                                s.value, s.min, s.max, s.n, m_scale));
            if (s.n > 1)
                whiskers.push_back(rangeBar(s.min / divisor, s.max / divisor, x, std::min(0.12, kGroupWidth / sets / 4),
                                            Qt::Vertical));
        }
        bars->append(set);
    }
    attach(bars, xAxis, yAxis);
    // Colours after addSeries(): the theme assigns its own on adding.
    const ParticipantPalette palette = participantPalette();
    for (int j = 0; j < sets; ++j) {
        const QColor color = palette.color(participants[std::size_t(j)]->id);
        bars->barSets()[j]->setColor(color);
        bars->barSets()[j]->setBorderColor(color.darker(125));
    }
    for (QLegendMarker *marker : legend()->markers(bars))
        marker->setShape(QLegend::MarkerShapeRectangle);
    for (std::size_t i = 0; i < whiskers.size(); ++i) {
        whiskers[i]->setName(QStringLiteral("[min–max] across repetitions"));
        attach(whiskers[i], xAxis, yAxis);
        whiskers[i]->setPen(QPen(textColor(), 1.4));
        if (i > 0)
            hideFromLegend(whiskers[i]);
    }
    for (const auto &[kind, marks] : absent)
        addAbsent(kind, marks, xAxis, yAxis);
    setNote(note.html());
}

// Unsupported: a grey square (the table's dash); missing: a red diamond;
// failed: a red triangle; not measured: a grey circle.
void GroupedBarsChart::addAbsent(AbsenceNote::Kind kind, QScatterSeries *marks, QBarCategoryAxis *xAxis, QValueAxis *yAxis)
{
    using Kind = AbsenceNote::Kind;
    marks->setName(AbsenceNote::legendName(kind));
    marks->setMarkerShape(kind == Kind::Unsupported ? QScatterSeries::MarkerShapeRectangle
                          : kind == Kind::Missing   ? QScatterSeries::MarkerShapeRotatedRectangle
                          : kind == Kind::Failed    ? QScatterSeries::MarkerShapeTriangle
                                                    : QScatterSeries::MarkerShapeCircle);
    marks->setMarkerSize(10);
    attach(marks, xAxis, yAxis);
    const QColor color = kind == Kind::Missing || kind == Kind::Failed ? missingColor() : mutedColor();
    marks->setColor(color);
    marks->setBorderColor(color);
}
