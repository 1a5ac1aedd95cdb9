#include "liveratechart.h"

#include "charttext.h"
#include "scaleaxis.h"

#include <QLineSeries>
#include <QPen>
#include <QValueAxis>

#include <algorithm>
#include <cmath>

namespace {

bs::Metric rateMetric()
{
    bs::Metric m;
    m.id = "rps";
    m.label = "Requests/s";
    m.unit = "req/s";
    m.direction = bs::Direction::HigherIsBetter;
    return m;
}

} // namespace

LiveRateChart::LiveRateChart(QGraphicsItem *parent)
    : BenchChart(nullptr, parent)
{
    rebuild();
}

void LiveRateChart::clear()
{
    m_lines.clear();
    m_rates.clear();
    m_cases.clear();
    m_palette = ParticipantPalette();
    m_lastSeconds = 0;
    rebuild();
}

bool LiveRateChart::isLog() const
{
    return m_rate && m_rate->isLog();
}

void LiveRateChart::add(const std::string &participant, const std::string &caseId, double atSeconds, double rate)
{
    const QString name = QString::fromStdString(participant) + QStringLiteral(" · ") + QString::fromStdString(caseId);
    auto line = std::find_if(m_lines.begin(), m_lines.end(), [&](const Line &l) { return l.name == name; });
    m_palette.add(participant);
    m_rates.push_back(rate);
    m_lastSeconds = std::max(m_lastSeconds, atSeconds);
    if (line == m_lines.end()) {
        const std::size_t caseIndex = std::size_t(std::find(m_cases.begin(), m_cases.end(), caseId) - m_cases.begin());
        if (caseIndex == m_cases.size())
            m_cases.push_back(caseId);
        m_lines.push_back({name, participant, caseIndex, {{atSeconds, rate}}, nullptr});
        rebuild();
        return;
    }
    line->points.append({atSeconds, rate});
    if (!fitAxes(m_lastSeconds) || !line->series) {
        rebuild();
        return;
    }
    line->series->append(atSeconds, m_rate->coordinate(rate));
}

bool LiveRateChart::fitAxes(double atSeconds)
{
    m_time->setRange(0, std::max(10.0, std::ceil(atSeconds * 1.1)));
    m_time->applyNiceNumbers(); // whole seconds at round steps, not "3" for 2.5
    const bool log = ScaleAxis::spansOrders(m_rates);
    const double top = m_rates.empty() ? 100 : std::max(100.0, *std::max_element(m_rates.begin(), m_rates.end()) * 1.15);
    const double bottom = m_rates.empty() ? 1 : *std::min_element(m_rates.begin(), m_rates.end());
    const bool wasLog = m_rate->isLog();
    m_rate->setScale(log, bottom, top, bs::UnitFormat::scaleFor("req/s", top));
    // The unit alone: the chart's title names the metric, and a low chart
    // has little height for a turned title.
    m_rate->setTitleText(m_rate->isLog() ? QStringLiteral("req/s (log)") : QStringLiteral("req/s"));
    return wasLog == m_rate->isLog();
}

void LiveRateChart::rebuild()
{
    reset();
    setTitle(QStringLiteral("Requests/s, over the last second"));
    m_time = new QValueAxis;
    m_time->setTitleText(QStringLiteral("seconds since start"));
    m_time->setLabelFormat(QStringLiteral("%.0f"));
    setAxisTitleFont(m_time);
    addAxis(m_time, Qt::AlignBottom);
    const bs::Metric metric = rateMetric();
    m_rate = scaleAxis(metric, bs::UnitFormat::scaleFor(metric.unit, 100.0), {}, Qt::Vertical);
    fitAxes(m_lastSeconds);
    for (Line &line : m_lines) {
        line.series = new QLineSeries;
        line.series->setName(ChartText::elided(line.name));
        for (const QPointF &p : line.points)
            line.series->append(p.x(), m_rate->coordinate(p.y()));
        attach(line.series, m_time, m_rate);
        QPen pen(m_palette.color(line.participant), 2);
        pen.setStyle(ParticipantPalette::caseStyle(line.caseIndex));
        line.series->setPen(pen); // after addSeries(): the theme assigns its own colours
    }
}
