#pragma once

#include "capture.h"

#include <QDialog>

#include <memory>
#include <vector>

class QLabel;
class QListWidget;
class QPushButton;

// File › Publish Page…'s first step: the open captures, each to be
// published when checked (all are, but a partial or failed one, which is
// marked and left out unless checked), and, as the checks change, what the
// page will hold for each suite (ReportContentBuilder::plan: one capture's
// tables, a before/after and in which order, two captures shown apart and
// why, a history).
class PublishPageDialog : public QDialog {
    Q_OBJECT
public:
    using CapturePtr = std::shared_ptr<const bs::Capture>;

    explicit PublishPageDialog(std::vector<CapturePtr> captures, QWidget *parent = nullptr);

    // The checked captures, in the order listed.
    std::vector<CapturePtr> chosen() const;
    // Checks or unchecks the capture at `row` (as a click would).
    void setChecked(int row, bool checked);

private:
    void describe();

    std::vector<CapturePtr> m_captures;
    QListWidget *m_list;
    QLabel *m_plan;
    QPushButton *m_publish;
};
