#pragma once

#include "captureindex.h"
#include "caseinfo.h"
#include "contractcheck.h"
#include "metric.h"
#include "participant.h"
#include "provenance.h"
#include "result.h"

#include <string>
#include <utility>
#include <vector>

namespace bs {

struct Suite {
    std::string id;
    std::string title; // optional
    const std::string &name() const { return title.empty() ? id : title; }
    bool operator==(const Suite &o) const { return id == o.id && title == o.title; }
};

struct Revision {
    std::string id;
    std::string label; // optional
    std::string date;
    // The id of the revision this one follows, when the capture records it
    // (the runner's after of a before/after pair): the order of two
    // revisions without dates (CaptureOrder).
    std::string parent;
    const std::string &name() const { return label.empty() ? id : label; }
    bool operator==(const Revision &o) const
    {
        return id == o.id && label == o.label && date == o.date && parent == o.parent;
    }
};

// One run of one suite, at one revision, on one machine (format version 1).
struct Capture {
    static constexpr int kFormatMajor = 1;
    static constexpr int kFormatMinor = 1;

    Suite suite;
    Revision revision;
    std::string capturedAt;
    Provenance provenance;
    // Every loaded metric, case and participant has a label (the reader and
    // the importers use the id where a file gives none).
    std::vector<Metric> metrics;
    std::vector<CaseInfo> cases;
    std::vector<Participant> participants;
    std::vector<Result> results;
    std::vector<ContractCheck> contracts;

    // Set by the reader: where it came from, and anything it noticed that is
    // not an error (e.g. a stored summary that disagrees with the repetitions).
    std::string sourcePath;
    std::vector<std::string> warnings;

    // Lookups by id through an index (CaptureIndex): constant time, the
    // first item of an id (of a participant and case) found.
    const Metric *metric(const std::string &id) const { return m_index.metric(*this, id); }
    const Metric *primaryMetric() const;
    const CaseInfo *caseInfo(const std::string &id) const { return m_index.caseInfo(*this, id); }
    const Participant *participant(const std::string &id) const { return m_index.participant(*this, id); }
    const Result *result(const std::string &participantId, const std::string &caseId) const
    {
        return m_index.result(*this, participantId, caseId);
    }
    Result *result(const std::string &participantId, const std::string &caseId)
    {
        return const_cast<Result *>(std::as_const(*this).result(participantId, caseId));
    }
    std::vector<std::string> caseGroups() const; // in first-seen order

    // Equality of the content (not of sourcePath/warnings).
    bool operator==(const Capture &o) const
    {
        return suite == o.suite && revision == o.revision && capturedAt == o.capturedAt
            && provenance == o.provenance && metrics == o.metrics && cases == o.cases
            && participants == o.participants && results == o.results && contracts == o.contracts;
    }

private:
    CaptureIndex m_index;
};

} // namespace bs
