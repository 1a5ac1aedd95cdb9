#pragma once

#include "capture.h"

#include <string>
#include <vector>

// Whether a report's chart of a metric says something: no chart of a
// metric that is zero in every result (an all-zero "Errors across cases"),
// and one chart, not one per case, of a metric whose figures are the same
// in every case (a start-up time measured once per participant and copied
// into each case). The report says what it left out and why (lines()).
class ChartWorth {
public:
    explicit ChartWorth(const bs::Capture &capture);

    // Bars across cases of the metric.
    bool barsSaySomething(const std::string &metricId) const;
    // A range plot (or a box plot) of the metric in the case.
    bool caseChartSaysSomething(const std::string &metricId, const std::string &caseId) const;
    // One line per metric of `charted` (the metrics the report charts)
    // left out of some charts, saying why and what is left: "Errors: zero
    // in every result; no chart of it (its figures are in the tables)".
    // Empty when nothing is left out.
    std::vector<std::string> lines(const std::vector<std::string> &charted) const;

    // Every figure of the metric in the results of the case (every case
    // when empty) is zero, and there is at least one.
    static bool zeroEverywhere(const bs::Capture &capture, const std::string &metricId, const std::string &caseId = {});
    // Two or more cases measure the metric and each participant's figures
    // (value, min, max, n) are the same in all of them.
    static bool sameInEveryCase(const bs::Capture &capture, const std::string &metricId);

private:
    enum class Verdict { Says, Zero, Same };
    struct Metric {
        std::string id;
        std::string label;
        Verdict verdict = Verdict::Says;
        bool once = false;            // measured once per result
        std::vector<std::string> cases; // that measure it, in the capture's order
        std::vector<std::string> zeroCases; // where it is zero for everyone (Says only)
    };
    const Metric *find(const std::string &metricId) const;

    const bs::Capture &m_capture;
    std::vector<Metric> m_metrics;
};
