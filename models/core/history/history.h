#pragma once

#include "capture.h"
#include "changepoints.h"
#include "historyseries.h"

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace bs {

// One capture's place in a history.
struct HistoryRevision {
    std::size_t input = 0; // index into the captures given to History::build
    Revision revision;
    std::string capturedAt;
    std::string sourcePath;
};

// The history of one suite over several captures (its revisions): for every
// metric, one series per participant × case with a point per revision and
// the change points between them. Participants, cases and metrics are
// matched by id, as in CaptureDiff. See docs/history.md.
class History {
public:
    struct Options {
        // The metrics to follow; empty means every metric of any capture.
        std::vector<std::string> metrics;
        // A user order: each index into the captures exactly once. Empty:
        // dateOrder().
        std::vector<std::size_t> order;
        // How the captures were given, for the note on an order that dates
        // cannot set ("the order of the arguments", "by file name").
        std::string givenAs = "as given";
        ChangePoints::Options changePoints;
    };

    // The history, or nothing with `error` set: no captures, captures of
    // different suites (naming them), an order that is not a permutation.
    static std::optional<History> build(const std::vector<const Capture *> &captures, const Options &options,
                                        std::string &error);
    // The default order: by revision date (the capture time where a
    // revision has no date), then capture time, then as given. ISO-8601
    // texts are compared as text. When any capture has neither date (text
    // outputs of Go, benchstat, wrk ...), dates cannot place it: all stay
    // as given, never sorted by name (notes() says so).
    static std::vector<std::size_t> dateOrder(const std::vector<const Capture *> &captures);
    // The captures with neither a revision date nor a capture time.
    static std::vector<std::size_t> undated(const std::vector<const Capture *> &captures);

    // What a reader must know about the revisions: captures that were one
    // run given twice (SameRun: counted once), an order no date set.
    const std::vector<std::string> &notes() const { return m_notes; }

    const Suite &suite() const { return m_suite; } // of the last revision
    const std::vector<HistoryRevision> &revisions() const { return m_revisions; } // in order
    // "rev 3" (its label, else id), "#3" when the revision has neither.
    std::string revisionName(std::size_t index) const;
    // Every participant, case and followed metric, first seen first (a
    // metric as the last revision defining it says).
    const std::vector<Participant> &participants() const { return m_participants; }
    const std::vector<CaseInfo> &cases() const { return m_cases; }
    const std::vector<Metric> &metrics() const { return m_metrics; }
    const Metric *metric(const std::string &id) const;
    // The settings the change points were found with.
    const ChangePoints::Options &changePointOptions() const { return m_changePoints; }

    // Every series: by metric, then case, then participant; a
    // participant × case with no result in any revision has none.
    const std::vector<HistorySeries> &series() const { return m_series; }
    std::vector<const HistorySeries *> seriesOf(const std::string &metricId) const;
    const HistorySeries *find(const std::string &metricId, const std::string &participant,
                              const std::string &caseId) const;

private:
    std::vector<std::size_t> orderOf(const std::vector<const Capture *> &captures, const std::vector<std::size_t> &kept,
                                     const Options &options);
    // The series and their points (their steps are found for all series at once).
    void addSeries(const std::vector<const Capture *> &ordered);

    Suite m_suite;
    std::vector<HistoryRevision> m_revisions;
    std::vector<Participant> m_participants;
    std::vector<CaseInfo> m_cases;
    std::vector<Metric> m_metrics;
    std::vector<HistorySeries> m_series;
    ChangePoints::Options m_changePoints;
    std::vector<std::string> m_notes;
};

} // namespace bs
