#pragma once

#include "capture.h"
#include "texttable.h"
#include "unitformat.h"

#include <string>

namespace bs {

// The tables a capture is read through, as display text: the all-cases
// table (participants × cases, one metric), a per-case table (participants ×
// metrics) and the provenance. Cells show the representative repetition's
// value and, when there is more than one repetition, [min–max]; a dash for
// unsupported, and "missing", "contract failed", "error" spelled out. A
// figure measured once reads "(once)" where its result has repetitions, a
// metric with the same value on every repetition "[all N equal]", and an ok
// result flagged for failures starts with kFlagMark (reason in the notes).
namespace CaptureTables {

// The cases the all-cases table shows for a metric: those where some
// repetition has it, and those with no ok result at all (so a case no
// participant supports is seen, as dashes, not dropped).
std::vector<CaseInfo> measuredCases(const Capture &capture, const std::string &metricId);
TextTable allCases(const Capture &capture, const std::string &metricId);
TextTable caseTable(const Capture &capture, const std::string &caseId);
TextTable provenance(const Capture &capture);

// The text of a cell whose result is not ok ("—", "missing", ...), or
// empty for an ok result. A null result (none recorded) reads "missing".
std::string statusText(const Result *result);
inline constexpr const char *kFlagMark = "⚑";

// "82,481 [80,100–83,000]" (range only when n > 1), or the status text.
std::string cellText(const Result *result, const Metric &metric, const UnitFormat::Scale &scale);
// What stands beside a value: "[min–max]", "[all N equal]", "(once)" for
// a figure measured once in a result that has several repetitions, or
// nothing (n = 1).
std::string spreadText(const MetricSummary &summary, std::size_t repetitions,
                       const UnitFormat::Scale &scale);
// The n column: the number of repetitions, or "once" for once-measured figures only.
std::string nText(const Result &result);
// The scale for a metric over the given results' representative values.
UnitFormat::Scale columnScale(const Metric &metric, const std::vector<const Result *> &results);
// The metrics in the order a per-case table shows them: the primary
// one first, then the others as the capture lists them.
std::vector<Metric> tableMetrics(const Capture &capture);
// Metrics that read in one unit side by side: the same canonical unit
// and the same id stem before the first '_' ("latency_p50",
// "latency_p99").
std::string metricFamily(const Metric &metric);
// A scale per metric for a table of these metrics over these results:
// one unit per family, decimals per column.
std::vector<UnitFormat::Scale> metricScales(const std::vector<Metric> &metrics,
                                            const std::vector<const Result *> &results);
// The scale of each of tableMetrics() in a case's table: what its
// charts and the Repetitions pane print in too.
std::vector<UnitFormat::Scale> caseScales(const Capture &capture, const std::string &caseId);
// The same over each metric's values (values[i] for metrics[i]).
std::vector<UnitFormat::Scale> familyScales(const std::vector<Metric> &metrics,
                                            const std::vector<std::vector<double>> &values);
// A scale per column of one metric over several columns of results
// (the all-cases table): one unit for the table, decimals per column.
std::vector<UnitFormat::Scale> columnScales(const Metric &metric,
                                            const std::vector<std::vector<const Result *>> &columns);
// "Requests/s (req/s, higher is better)"
std::string metricTitle(const Metric &metric);

} // namespace CaptureTables

} // namespace bs
