#pragma once

#include "capture.h"

#include <QList>
#include <QString>
#include <QStringList>

#include <memory>
#include <optional>
#include <string>

class BenchChart;
class QAbstractItemModel;

// The chart kinds by name, as the CLI, the chart panel, the report and the
// published page choose them, and whether a kind has anything to show for
// a case. Every chart is made here: the four of one capture, the paired
// before/after range plot and the history chart.
class ChartFactory {
public:
    enum class Kind { Range, Box, Bars, Latency, Paired, History };

    // "range", "box", "bars", "latency", "paired", "history"
    static std::optional<Kind> kindFromName(const QString &name);
    static QString name(Kind kind);
    static QString title(Kind kind); // "Range plot", ...
    // The kinds drawn from one capture (the chart panel's), and their names.
    static QList<Kind> captureKinds();
    static QStringList names();

    // Box: some result of the case has BoxPlotChart::kMinimumForBox
    // repetitions or more; latency: some result has a latency histogram.
    // Paired and history charts are of two or more captures: false here.
    static bool applies(Kind kind, const bs::Capture &capture, const std::string &caseId);

    // `rows`: the model the chart follows, as shown: a case table for
    // range, box and latency; the all-cases table for bars; a DiffModel for
    // paired (of `caseId` and `metricId`; `capture` unused); a HistoryModel
    // for history (its metric and filter; the rest unused). Null when
    // `rows` is not the model the kind follows.
    static BenchChart *create(Kind kind, std::shared_ptr<const bs::Capture> capture, const std::string &caseId,
                              const std::string &metricId, QAbstractItemModel *rows);
};
