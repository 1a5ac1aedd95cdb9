#pragma once

#include "capture.h"

#include <QString>
#include <QStringList>

#include <memory>
#include <optional>
#include <string>

class BenchChart;
class QAbstractItemModel;

// The chart kinds by name, as the CLI, the chart panel and the report
// choose them, and whether a kind has anything to show for a case.
class ChartFactory {
public:
    enum class Kind { Range, Box, Bars, Latency };

    static std::optional<Kind> kindFromName(const QString &name); // "range", "box", "bars", "latency"
    static QString name(Kind kind);
    static QString title(Kind kind); // "Range plot", ...
    static QStringList names();

    // Box: some result of the case has BoxPlotChart::kMinimumForBox
    // repetitions or more; latency: some result has a latency histogram.
    static bool applies(Kind kind, const bs::Capture &capture, const std::string &caseId);

    // `rows`: the table the chart follows (a case table for range, box and
    // latency; the all-cases table for bars), as shown.
    static BenchChart *create(Kind kind, std::shared_ptr<const bs::Capture> capture, const std::string &caseId,
                              const std::string &metricId, QAbstractItemModel *rows);
};
