#include "chartfactory.h"

#include "boxplotchart.h"
#include "diffmodel.h"
#include "groupedbarschart.h"
#include "historychart.h"
#include "historymodel.h"
#include "latencypercentilechart.h"
#include "pairedrangechart.h"
#include "rangeplotchart.h"

std::optional<ChartFactory::Kind> ChartFactory::kindFromName(const QString &name)
{
    for (Kind k : {Kind::Range, Kind::Box, Kind::Bars, Kind::Latency, Kind::Paired, Kind::History})
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
    case Kind::Paired: return QStringLiteral("paired");
    case Kind::History: return QStringLiteral("history");
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
    case Kind::Paired: return QStringLiteral("Before/after range plot");
    case Kind::History: return QStringLiteral("History");
    }
    return {};
}

QList<ChartFactory::Kind> ChartFactory::captureKinds()
{
    return {Kind::Range, Kind::Box, Kind::Bars, Kind::Latency};
}

QStringList ChartFactory::names()
{
    QStringList out;
    for (Kind k : captureKinds())
        out << name(k);
    return out;
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
    case Kind::Paired:
    case Kind::History:
        return false;
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
    case Kind::Paired:
        if (auto *diff = qobject_cast<DiffModel *>(rows))
            return new PairedRangeChart(diff, caseId, metricId);
        return nullptr;
    case Kind::History:
        if (auto *history = qobject_cast<HistoryModel *>(rows))
            return new HistoryChart(history);
        return nullptr;
    }
    return nullptr;
}
