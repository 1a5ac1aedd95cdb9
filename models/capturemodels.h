#pragma once

#include "capture.h"

#include <QObject>

#include <map>
#include <memory>
#include <string>

class AllCasesModel;
class CaseTableModel;
class ParticipantFilterProxy;

// The item models of one capture as the explorer builds them (each behind a
// ParticipantFilterProxy), for headless use: the CLI's export and the report
// draw charts through these, so they show what the window shows (tables
// they take from bs::TableBuilder, which these models adapt). Models are
// made on first use.
class CaptureModels : public QObject {
    Q_OBJECT
public:
    explicit CaptureModels(std::shared_ptr<const bs::Capture> capture, QObject *parent = nullptr);

    const std::shared_ptr<const bs::Capture> &capture() const { return m_capture; }
    // Null for an unknown case.
    ParticipantFilterProxy *caseTable(const std::string &caseId);
    // The all-cases table for a metric (empty: the primary metric), with
    // ratio columns against the marked baselines as the All cases tab starts.
    ParticipantFilterProxy *allCases(const std::string &metricId = {});

private:
    std::shared_ptr<const bs::Capture> m_capture;
    std::map<std::string, ParticipantFilterProxy *> m_cases;
    std::map<std::string, ParticipantFilterProxy *> m_allCases;
};
