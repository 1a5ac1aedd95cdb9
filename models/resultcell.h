#pragma once

#include "capture.h"
#include "unitformat.h"

#include <QString>
#include <QVariant>

#include <optional>

// How one result reads in one metric column: the roles the per-case and
// all-cases models share beyond the core's texts (bs::Table), which the
// GUI and the CLI print alike.
namespace ResultCell {

// The representative value, or nothing for a result without one.
std::optional<double> value(const bs::Result *result, const bs::Metric &metric);
// The value, or the status text for cells without a value.
QVariant sortValue(const bs::Result *result, const bs::Metric &metric);
// Why a cell has no value (status, reason, failed contract checks), or
// where its value comes from (representative repetition, median, n).
QString toolTip(const bs::Capture &capture, const bs::Result *result,
                const bs::Metric &metric, const bs::UnitFormat::Scale &scale);
// Grey for a dash or "missing", red for contract failures and errors,
// amber for an ok result flagged for failures.
QVariant foreground(const bs::Result *result);
// The order that puts the best value on top: a metric column's first
// sort (Qt::InitialSortOrderRole).
Qt::SortOrder bestFirst(const bs::Metric &metric);
// "Requests/s (req/s)"; the header of a metric column.
QString header(const QString &name, const bs::UnitFormat::Scale &scale);

} // namespace ResultCell
