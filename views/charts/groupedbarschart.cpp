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
    const bs::Metric *metric = m_capture->metric(m_metricId);
    if (!metric)
        metric = m_capture->primaryMetric();
    if (!metric)
        return;
    m_metricId = metric->id;
    const std::vector<bs::CaseInfo> cases = bs::CaptureTables::measuredCases(*m_capture, metric->id);
    const std::vector<const bs::Participant *> participants = ChartRows::participants(m_model, *m_capture);
    for (const bs::CaseInfo &k : cases)
        m_caseIds.push_back(k.id);
    for (const bs::Participant *p : participants)
        m_participantIds.push_back(p->id);

    std::vector<double> values;
    for (const bs::Participant *p : participants)
        for (const bs::CaseInfo &k : cases) {
            const bs::Result *r = m_capture->result(p->id, k.id);
            if (ResultCell::value(r, *metric)) {
                const bs::MetricSummary &s = r->summary.at(metric->id);
                values.insert(values.end(), {s.value, s.min, s.max});
            }
        }
    const bs::UnitFormat::Scale scale = bs::UnitFormat::scaleFor(metric->unit, values);
    const double top = values.empty() ? 1 : *std::max_element(values.begin(), values.end()) / scale.divisor;

    QString title = QString::fromStdString(metric->label) + QStringLiteral(" across cases");
    const std::string &suite = m_capture->suite.title.empty() ? m_capture->suite.id : m_capture->suite.title;
    if (!suite.empty())
        title = QString::fromStdString(suite) + QStringLiteral(" — ") + title;
    setTitle(title);

    auto *xAxis = new QBarCategoryAxis;
    for (const bs::CaseInfo &k : cases)
        xAxis->append(QString::fromStdString(k.label.empty() ? k.id : k.label));
    QFont font = xAxis->labelsFont();
    font.setPointSizeF(10);
    xAxis->setLabelsFont(font);
    addAxis(xAxis, Qt::AlignBottom);
    QValueAxis *yAxis = valueAxis(*metric, scale, top, Qt::Vertical);
    addAxis(yAxis, Qt::AlignLeft);

    auto *bars = new QBarSeries;
    bars->setBarWidth(kGroupWidth);
    auto *missing = new QScatterSeries;
    missing->setName(QStringLiteral("no value (see the table)"));
    missing->setMarkerShape(QScatterSeries::MarkerShapeRotatedRectangle);
    missing->setMarkerSize(9);
    std::vector<QLineSeries *> whiskers;
    const int sets = int(participants.size());
    for (int j = 0; j < sets; ++j) {
        auto *set = new QBarSet(ParticipantCell::label(*participants[std::size_t(j)]));
        for (int i = 0; i < int(cases.size()); ++i) {
            const bs::Result *r = m_capture->result(participants[std::size_t(j)]->id, cases[std::size_t(i)].id);
            const std::optional<double> v = ResultCell::value(r, *metric);
            set->append(v ? *v / scale.divisor : 0);
            if (!v) {
                missing->append(barCentre(i, j, sets), 0);
                continue;
            }
            const bs::MetricSummary &s = r->summary.at(metric->id);
            if (s.n > 1) {
                const double x = barCentre(i, j, sets);
                const double w = std::min(0.12, kGroupWidth / sets / 4);
                auto *whisker = new QLineSeries;
                whisker->append({{x - w, s.min / scale.divisor}, {x + w, s.min / scale.divisor}, {x, s.min / scale.divisor},
                                 {x, s.max / scale.divisor}, {x - w, s.max / scale.divisor}, {x + w, s.max / scale.divisor}});
                whiskers.push_back(whisker);
            }
        }
        bars->append(set);
    }
    addSeries(bars);
    bars->attachAxis(xAxis);
    bars->attachAxis(yAxis);
    for (QLegendMarker *marker : legend()->markers(bars))
        marker->setShape(QLegend::MarkerShapeRectangle);
    for (std::size_t i = 0; i < whiskers.size(); ++i) {
        QLineSeries *whisker = whiskers[i];
        whisker->setName(QStringLiteral("[min–max] across repetitions"));
        addSeries(whisker);
        whisker->attachAxis(xAxis);
        whisker->attachAxis(yAxis);
        whisker->setPen(QPen(textColor(), 1.4));
        if (i > 0)
            hideFromLegend(whisker);
    }
    if (missing->count() > 0) {
        addSeries(missing);
        missing->attachAxis(xAxis);
        missing->attachAxis(yAxis);
        missing->setColor(missingColor());
        missing->setBorderColor(missingColor());
    } else {
        delete missing;
    }
}
