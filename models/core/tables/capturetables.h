#pragma once

#include "capture.h"
#include "texttable.h"
#include "unitformat.h"

#include <map>
#include <string>
#include <vector>

namespace bs {

// What the capture's tables share (TableBuilder builds them): the cases
// a metric's table shows, cell and status texts, the unit and decimals of
// each metric, titles, and the provenance table. Cells show the
// representative repetition's value and, when there is more than one
// repetition, [min–max]; a dash for unsupported, and "missing", "contract
// failed", "error" spelled out. A figure measured once reads "(once)" where
// its result has repetitions, a metric with the same value on every
// repetition "[all N equal]", and an ok result flagged for failures starts
// with kFlagMark (reason in the notes).
namespace CaptureTables {

// The cases the all-cases table shows for a metric: those where some
// repetition has it, and those with no ok result at all (so a case no
// participant supports is seen, as dashes, not dropped).
std::vector<CaseInfo> measuredCases(const Capture &capture, const std::string &metricId);
TextTable provenance(const Capture &capture);

// The text of a cell whose result is not ok ("—", "missing", ...), or
// empty for an ok result. A null result (none recorded) reads "missing".
std::string statusText(const Result *result);
inline constexpr const char *kFlagMark = "⚑";

// "82,481 [80,100–83,000]" (range only when n > 1), or the status text;
// without the spread in a column of zeros (said once under the table).
std::string cellText(const Result *result, const Metric &metric, const UnitFormat::Scale &scale,
                     bool zeroColumn = false);
// What stands beside a value: "[min–max]", "[all N equal]", "(once)" for
// a figure measured once in a result that has several repetitions, or
// nothing (n = 1).
std::string spreadText(const MetricSummary &summary, std::size_t repetitions,
                       const UnitFormat::Scale &scale);
// The n column: the number of repetitions, or "once" for once-measured figures only.
std::string nText(const Result &result);
// What a case's table leads with: the primary metric's family (latency
// p50…p99 together), then the figures read beside it (throughput beside
// latency, a command's costs beside its time, first response and shutdown
// beside start-up), each as the capture lists them.
std::vector<Metric> headlineMetrics(const Capture &capture);
// The metrics in the order a per-case table shows them: the headline, then
// the others as the capture lists them.
std::vector<Metric> tableMetrics(const Capture &capture);
// Metrics that read in one unit side by side: the same canonical unit
// and the same id stem before the first '_' ("latency_p50",
// "latency_p99").
std::string metricFamily(const Metric &metric);
// The scale of every metric of the capture (by id), one per family over
// every result's representative value and range (UnitFormat::scaleFor's
// precision rule): the unit and decimals every table, chart and pane of
// the capture prints the metric in.
std::map<std::string, UnitFormat::Scale> captureScales(const Capture &capture);
// The same rule over given figures (figures[i] for metrics[i]), one scale
// per family: the diff's tables.
std::vector<UnitFormat::Scale> familyScales(const std::vector<Metric> &metrics,
                                            const std::vector<std::vector<UnitFormat::Figures>> &figures);
// "Requests/s (req/s, higher is better)", with the unit the scale shows
// ("Latency p50 (ms, lower is better)").
std::string metricTitle(const Metric &metric, const UnitFormat::Scale &scale);

} // namespace CaptureTables

} // namespace bs
