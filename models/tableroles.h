#pragma once

#include <Qt>

// Item data roles shared by the result models, their proxy and delegates.
namespace TableRole {
enum Role {
    // The numeric value to sort by (double), or for a cell without a value
    // its text; the proxy puts such cells after every number.
    SortRole = Qt::UserRole + 1,
    // The lighter text drawn after the value: "[min–max]" across
    // repetitions, or for a baseline ratio its qualifier ("parity").
    RangeRole,
    // The whole cell as the CLI prints it (value and range): what Copy uses.
    CellTextRole,
    // Lower-case text a row is filtered by (participant, runtime, tags); on
    // column 0 only.
    FilterTextRole,
    // Rank of the value in its column (1 = best; ties share a rank).
    RankRole,
    // bs::ResultStatus as int, for cells that belong to a result.
    StatusRole,
    // Header data: the metric id a column shows (to show/hide it by metric).
    MetricIdRole,
    // The participant id of a row, the case id of a cell.
    ParticipantIdRole,
    CaseIdRole,
};
}
