#pragma once

#include "capture.h"

#include <QString>

#include <optional>
#include <string>
#include <vector>

class QAbstractItemModel;

// One participant of a chart, as the table shows it, with its result for
// one case and metric.
struct ChartRow {
    const bs::Participant *participant = nullptr;
    QString label; // the table's participant cell: "Raw Bun.serve (baseline)"
    const bs::Result *result = nullptr;
    std::optional<double> value; // the representative value, as the table's cell
    double min = 0;
    double max = 0;
    std::size_t n = 0;
    // For a row without a value: "missing", "unsupported", "contract failed",
    // "error", "not measured"; and the reason its result gives.
    QString status;
    QString reason;
};

// Reads the participants a chart shows from the table model the page shows
// (the proxy: its filter and order; TableRole::ParticipantIdRole and the
// display text of column 0), and looks up their results, so a chart and its
// table never disagree about who is in it or what the value is.
class ChartRows {
public:
    static std::vector<ChartRow> read(const QAbstractItemModel *model, const bs::Capture &capture,
                                      const std::string &caseId, const bs::Metric &metric);
    // Rows with a value, best first for the metric's direction, then the
    // rows without one in table order.
    static void sortByValue(std::vector<ChartRow> &rows, bs::Direction direction);
    // Why a result has no value of a metric (the table's status text with its
    // dash spelled out; an ok result without the metric: "not measured").
    static QString status(const bs::Result *result);
    // The participants of the model's rows, in order.
    static std::vector<const bs::Participant *> participants(const QAbstractItemModel *model,
                                                             const bs::Capture &capture);
};
