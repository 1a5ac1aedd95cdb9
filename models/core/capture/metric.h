#pragma once

#include <string>


namespace bs {

enum class Direction { HigherIsBetter, LowerIsBetter };

// How often a metric is measured: on every repetition (the default), or once
// for a whole result or participant (a tool's mean over its runs, a start-up,
// a published best-of figure). A once-measured figure is one sample, however
// many repetitions its result has; it is stored in Result::once.
enum class MetricScope { Repetition, Result, Participant };

const char *scopeName(MetricScope s); // "repetition", "result", "participant"

// The statistics a Metric::statistic may name.
bool isStatistic(const std::string &name);

struct Metric;
// The label with what a value is, where the metric says (Metric::statistic)
// and the label does not already: "Time/op (mean, as the tool gives it)".
std::string labelWithStatistic(const Metric &m);
// Whether two captures' values of a metric are different statistics, both
// stated ("min" in asv before 0.3, "median" since): such figures are not
// compared, as figures of different units are not.
bool statisticsDiffer(const Metric &a, const Metric &b);

// A quantity measured per repetition or, by `scope`, once. Values are stored in the canonical unit
// named by `unit` (see docs/capture-format.md: "s", "B", "req/s", "ops/s",
// "B/s", "count", "ratio", "%"); views choose a human scale when displaying.
struct Metric {
    std::string id;
    std::string label;
    std::string unit;
    Direction direction = Direction::HigherIsBetter;
    bool primary = false;
    std::string description;
    MetricScope scope = MetricScope::Repetition;
    // The source states that the metric is measured on every repetition (a
    // capture's explicit `"scope": "repetition"`, or an importer that knows
    // its tool measures it on every run). Only then does a diff take equal
    // values on every repetition as real samples (docs/diff.md).
    bool scopeDeclared = false;
    // What one stored value is when the source computed it over its own
    // runs (a once-measured figure): "mean", "median", "min", "max", "sum",
    // "stddev", "error" (a margin of error) or "percentile"; empty when each
    // value is one measurement. Every table, page and diff says it beside the
    // figure (statisticText), so a tool's mean is never read as a median.
    std::string statistic;

    bool operator==(const Metric &o) const
    {
        return id == o.id && label == o.label && unit == o.unit && direction == o.direction
            && primary == o.primary && description == o.description && scope == o.scope
            && scopeDeclared == o.scopeDeclared && statistic == o.statistic;
    }
};

} // namespace bs
