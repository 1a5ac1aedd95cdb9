#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <utility>
#include <vector>

namespace bs {

class CaptureBuilder;
struct Repetition;

// One k6 metric as both k6 summaries give it (the JSON documents and the
// console text): its name (with submetric tags in braces), type, what it
// contains and its statistics, times in ms and data in bytes.
struct K6Metric {
    std::string name;
    std::string type;     // trend, counter, rate, gauge
    std::string contains; // time, data, default
    std::map<std::string, double> values;
    std::vector<std::pair<std::string, bool>> thresholds; // expression, passed
};

// A k6 run as one repetition of participant "k6", case "run": what every k6
// importer shares, so that a console summary and a JSON one of the same run
// give the same metric ids. http_req_duration's statistics are the standard
// latency metrics, http_reqs the rps and requests, data_received the bytes;
// other trends `<name>.<stat>`, counters `<name>` and `<name>.per_s`, rates
// `<name>` (ratio), gauges `<name>` and `<name>.max`. Thresholds and checks
// become contract checks; failed requests (http_req_failed) go through the
// failure rule and a failed threshold flags the result.
class K6Run {
public:
    explicit K6Run(CaptureBuilder &b);

    // The metric's values and thresholds; `place` names it in errors (a JSON
    // path: an unknown trend statistic is an error at `place.<stat>`).
    void add(const K6Metric &k, const std::string &place);
    // A threshold of a metric known by name only (the console summary lists
    // them apart from the metrics).
    void threshold(const std::string &metric, const std::string &expression, bool passed);
    // A check; `detail` says what is known of its passes and fails.
    void check(const std::string &name, bool passed, const std::string &detail);
    bool anyThreshold() const { return m_anyThreshold; }
    // The failure rule, the thresholds' flag and the primary metric.
    void finish();

    // "p(99.9)" → 99.9, "med" → 50; -1 otherwise.
    static double percentileOfStat(const std::string &stat);

private:
    CaptureBuilder &m_b;
    std::string m_part;
    std::string m_case;
    Repetition *m_rep;
    std::string m_failedThresholds;
    std::string m_plainTrends; // trends not of times, whose direction is assumed
    bool m_anyThreshold = false;
};

} // namespace bs
