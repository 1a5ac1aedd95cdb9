#pragma once

#include "metric.h"
#include "unitformat.h"

#include <cstddef>
#include <string>

namespace bs {

// One column of a Table: the participant, a metric's values (for one case
// in the all-cases table, for one metric in a case's table), the ratio of a
// value column against the baseline, or the number of repetitions.
enum class ColumnKind { Participant, Value, Ratio, Count };

struct TableColumn {
    ColumnKind kind = ColumnKind::Participant;
    std::string name;              // "GET /catalog", "Latency p50", "Against baseline", "n"
    std::string caseId;            // value and ratio columns
    std::size_t caseIndex = 0;     // position of caseId in Capture::cases
    const Metric *metric = nullptr; // value and ratio columns (the capture's own)
    UnitFormat::Scale scale;       // value columns: unit and decimals of every cell
    std::size_t valueColumn = 0;   // ratio columns: the value column they compare

    bool numeric() const { return kind != ColumnKind::Participant; }
    // The header with the unit the column shows: "GET /catalog (ms)",
    // "Memory (MiB)", "Against baseline", "n".
    std::string caption() const;
};

} // namespace bs
