#pragma once

#include "capture.h"
#include "importinput.h"

#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace bs {

// Assembles a Capture for an importer: metric definitions (with the standard
// ids every HTTP importer shares, so captures from different tools line up in
// a diff), participants and cases keyed by label with unique ids, results and
// repetitions, provenance source and hash, and the derived summaries.
class CaptureBuilder {
public:
    // `tool` names the format's tool ("oha"); its version is set by the importer.
    CaptureBuilder(const ImportInput &in, const std::string &tool, const std::string &toolRole);

    Capture &capture() { return m_capture; }
    Provenance &provenance() { return m_capture.provenance; }
    ToolVersion &tool() { return m_capture.provenance.tools.front(); }
    void caveat(const std::string &text);

    void defineMetric(const std::string &id, const std::string &label, const std::string &unit,
                      Direction direction, const std::string &description = {});
    // Standard ids: rps, latency_mean, latency_min, latency_max, latency_stdev,
    // latency_pN (any percentile, from percentileId), transfer_rate, bytes,
    // requests, success_rate. Returns false for an id it does not know.
    bool defineStandard(const std::string &id);
    // ("latency", 99.9) → "latency_p99_9"; ("latency", 50) → "latency_p50".
    static std::string percentileId(const std::string &prefix, double percentile);
    void setPrimary(const std::string &metricId);
    // What one value of a defined metric is when the tool computed it over
    // its own runs (Metric::statistic: "mean", "median", "sum" ...).
    void setStatistic(const std::string &metricId, const std::string &statistic);

    // Ids are made from labels by bs::Slug::id (lower case, [a-z0-9._-]);
    // the same label gives the same id; the path "/" gives "root".
    std::string participant(const std::string &label);
    std::string caseId(const std::string &label, const std::string &group = {});

    Result &result(const std::string &participantId, const std::string &caseId);
    Repetition &addRepetition(const std::string &participantId, const std::string &caseId);
    // Stores a value when present and finite; standard ids are defined on first use.
    void set(Repetition &rep, const std::string &metricId, std::optional<double> value);

    // Stores a figure the tool gives once for the result (a mean over its
    // runs, an aggregate), present and finite only: one sample, never copied
    // onto the repetitions. A metric only ever set this way gets scope "result".
    void setOnce(const std::string &participantId, const std::string &caseId, const std::string &metricId,
                 std::optional<double> value);

    // Marks every participant × case pair without a result `Missing` (or
    // `Unsupported`, where the source says a missing pair cannot run).
    void fillMissing(const std::string &reason, ResultStatus status = ResultStatus::Missing);
    // The same within case groups only: a participant with no result in a
    // group (a JMH class's methods, a criterion group's functions) is not
    // expected in its cases, so those pairs stay absent (shown as missing,
    // without a reason for each).
    void fillMissingWithinGroups(const std::string &reason);

    // What the run measured, for its suite (SuiteIdentity): Go's packages,
    // pytest-benchmark's test modules; without it, the participants' labels.
    void setMeasured(std::vector<std::string> names) { m_measured = std::move(names); }

    // Checks that there is something to show, sets the suite, the scope of
    // once-only metrics and derives the summaries; hands the capture over
    // (called once, last).
    Capture finish();

private:
    Capture m_capture;
    std::map<std::string, std::string> m_participantIds; // label → id
    std::map<std::string, std::string> m_caseIds;
    std::optional<std::vector<std::string>> m_measured;
};

} // namespace bs
