#include "groupedbarschart.h"

#include "capturetables.h"
#include "chartrows.h"
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
    return {int(std::clamp<std::size_t>(300 + 26 * bars, 1000, 2400)), 720};
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
    QString title = QString::fromStdString(metric->label) + QStringLiteral(" across cases");
    const std::string &suite = m_capture->suite.name();
    setTitle(suite.empty() ? title : QString::fromStdString(suite) + QStringLiteral(" — ") + title);
    const std::vector<bs::CaseInfo> cases = bs::CaptureTables::measuredCases(*m_capture, metric->id);
    const std::vector<const bs::Participant *> participants = ChartRows::participants(m_model, *m_capture);
    for (const bs::CaseInfo &k : cases)
        m_caseIds.push_back(k.id);
    for (const bs::Participant *p : participants)
        m_participantIds.push_back(p->id);
    if (cases.empty() || participants.empty()) {
        showEmpty(participants.empty() ? QStringLiteral("No participant is shown: the filter hides them all.")
                                       : QStringLiteral("No case recorded %1.").arg(QString::fromStdString(metric->label)));
        return;
    }
    std::vector<double> values;
    for (const bs::Participant *p : participants)
        for (const bs::CaseInfo &k : cases)
            if (const bs::Result *r = m_capture->result(p->id, k.id); ResultCell::value(r, *metric)) {
                const bs::MetricSummary &s = r->summary.at(metric->id);
                values.insert(values.end(), {s.value, s.min, s.max});
            }
    const bs::UnitFormat::Scale scale = bs::UnitFormat::scaleFor(metric->unit, values);
    const double top = values.empty() ? 0 : *std::max_element(values.begin(), values.end()) / scale.divisor;
    QStringList labels;
    for (const bs::CaseInfo &k : cases)
        labels << wrapped(QString::fromStdString(k.label), 10);
    QBarCategoryAxis *xAxis = columnAxis(labels);
    QValueAxis *yAxis = valueAxis(*metric, scale, top, Qt::Vertical);
    addBars(participants, *metric, scale.divisor, xAxis, yAxis);
}

// A bar set per participant, a whisker over each [min–max], and a cross on
// the axis where a participant has no value.
void GroupedBarsChart::addBars(const std::vector<const bs::Participant *> &participants, const bs::Metric &metric,
                               double divisor, QBarCategoryAxis *xAxis, QValueAxis *yAxis)
{
    auto *bars = new QBarSeries;
    bars->setBarWidth(kGroupWidth);
    auto *missing = new QScatterSeries;
    std::vector<QLineSeries *> whiskers;
    const int sets = int(participants.size());
    for (int j = 0; j < sets; ++j) {
        auto *set = new QBarSet(ParticipantCell::label(*participants[std::size_t(j)]));
        for (int i = 0; i < int(m_caseIds.size()); ++i) {
            const bs::Result *r = m_capture->result(participants[std::size_t(j)]->id, m_caseIds[std::size_t(i)]);
            const std::optional<double> v = ResultCell::value(r, metric);
            set->append(v ? *v / divisor : 0);
            const double x = barCentre(i, j, sets);
            if (!v)
                missing->append(x, 0);
            else if (const bs::MetricSummary &s = r->summary.at(metric.id); s.n > 1)
                whiskers.push_back(rangeBar(s.min / divisor, s.max / divisor, x, std::min(0.12, kGroupWidth / sets / 4),
                                            Qt::Vertical));
        }
        bars->append(set);
    }
    attach(bars, xAxis, yAxis);
    for (QLegendMarker *marker : legend()->markers(bars))
        marker->setShape(QLegend::MarkerShapeRectangle);
    for (std::size_t i = 0; i < whiskers.size(); ++i) {
        whiskers[i]->setName(QStringLiteral("[min–max] across repetitions"));
        attach(whiskers[i], xAxis, yAxis);
        whiskers[i]->setPen(QPen(textColor(), 1.4));
        if (i > 0)
            hideFromLegend(whiskers[i]);
    }
    addMissing(missing, xAxis, yAxis);
}

void GroupedBarsChart::addMissing(QScatterSeries *missing, QBarCategoryAxis *xAxis, QValueAxis *yAxis)
{
    if (missing->count() == 0) {
        delete missing;
        return;
    }
    missing->setName(QStringLiteral("no value (see the table)"));
    missing->setMarkerShape(QScatterSeries::MarkerShapeRotatedRectangle);
    missing->setMarkerSize(9);
    attach(missing, xAxis, yAxis);
    missing->setColor(missingColor());
    missing->setBorderColor(missingColor());
}
