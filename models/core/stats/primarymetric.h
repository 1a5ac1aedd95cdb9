#pragma once

#include "capture.h"

#include <string>
#include <vector>

namespace bs {

// What a capture leads with, from what it measured (docs/capture-format.md,
// "Primary metric"): the one rule every path reads, through the metric it
// marks primary (Capture::primaryMetric) and the representative repetitions
// Summarizer picks by it. In order, the first that applies and was measured:
//
//  1. the metric the capture declares (its conditions' `primary_metric`,
//     kDeclared: its suite's choice);
//  2. a fixed-rate capture: its latency (p99, else p50), not the offered rate;
//  3. a cost suite, where every ok result measures a size: the size;
//  4. a start-up suite, where every ok result with repetitions measures
//     start-up on them (participants restarted per repetition): start-up;
//  5. the metric the writing tool marked primary;
//  6. a command's time (wall_time), then the capture's metrics in order.
//
// A result that does not measure the capture's primary on its repetitions
// (a timed command in a suite of HTTP cases) picks its representative
// repetition by the first of that order it does measure.
class PrimaryMetric {
public:
    // The key of Conditions::extra that declares the primary metric by id.
    static constexpr const char *kDeclared = "primary_metric";

    explicit PrimaryMetric(const Capture &capture);
    // The metric id the capture declares primary, or empty.
    static std::string declared(const Capture &capture);

    // The capture's primary metric, or null for a capture without metrics.
    const Metric *primary() const { return m_primary; }
    // The metric that picks a result's representative repetition (empty:
    // none of its repetitions measures a metric of the capture).
    std::string forResult(const Result &result) const;
    // Marks the rule's metric primary, and no other.
    static void apply(Capture &capture);

private:
    const Capture &m_capture;
    std::vector<const Metric *> m_order; // the rule's candidates, first leads
    const Metric *m_primary = nullptr;
};

} // namespace bs
