#include "chartfactory.h"

#include "boxplotchart.h"
#include "groupedbarschart.h"
#include "latencypercentilechart.h"
#include "rangeplotchart.h"

std::optional<ChartFactory::Kind> ChartFactory::kindFromName(const QString &name)
{
    for (Kind k : {Kind::Range, Kind::Box, Kind::Bars, Kind::Latency})
        if (ChartFactory::name(k) == name)
            return k;
    return std::nullopt;
}

QString ChartFactory::name(Kind kind)
{
    switch (kind) {
    case Kind::Range: return QStringLiteral("range");
    case Kind::Box: return QStringLiteral("box");
    case Kind::Bars: return QStringLiteral("bars");
    case Kind::Latency: return QStringLiteral("latency");
    }
    return {};
}

QString ChartFactory::title(Kind kind)
{
    switch (kind) {
    case Kind::Range: return QStringLiteral("Range plot");
    case Kind::Box: return QStringLiteral("Box plot");
    case Kind::Bars: return QStringLiteral("Bars across cases");
    case Kind::Latency: return QStringLiteral("Latency percentiles");
    }
    return {};
}

QStringList ChartFactory::names()
{
    return {name(Kind::Range), name(Kind::Box), name(Kind::Bars), name(Kind::Latency)};
}

bool ChartFactory::applies(Kind kind, const bs::Capture &capture, const std::string &caseId)
{
    switch (kind) {
    case Kind::Range:
    case Kind::Bars:
        return true;
    case Kind::Box:
        for (const bs::Result &r : capture.results)
            if (r.caseId == caseId && r.repetitions.size() >= BoxPlotChart::kMinimumForBox)
                return true;
        return false;
    case Kind::Latency:
        return LatencyPercentileChart::hasHistograms(capture, caseId);
    }
    return false;
}

BenchChart *ChartFactory::create(Kind kind, std::shared_ptr<const bs::Capture> capture, const std::string &caseId,
                                 const std::string &metricId, QAbstractItemModel *rows)
{
    switch (kind) {
    case Kind::Range: return new RangePlotChart(std::move(capture), caseId, rows, metricId);
    case Kind::Box: return new BoxPlotChart(std::move(capture), caseId, rows, metricId);
    case Kind::Bars: return new GroupedBarsChart(std::move(capture), rows, metricId);
    case Kind::Latency: return new LatencyPercentileChart(std::move(capture), caseId, rows);
    }
    return nullptr;
}
