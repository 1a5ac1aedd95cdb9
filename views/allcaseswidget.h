#pragma once

#include "capture.h"

#include <QWidget>

#include <memory>

class AllCasesModel;
class ParticipantFilterProxy;
class QCheckBox;
class QComboBox;
class QLabel;
class ResultTableView;

// The "All cases" tab: one metric (chosen in a selector) for every case, a
// baseline selector that adds "against baseline" ratio columns, and ranks.
class AllCasesWidget : public QWidget {
    Q_OBJECT
public:
    explicit AllCasesWidget(std::shared_ptr<const bs::Capture> capture, QWidget *parent = nullptr);

    AllCasesModel *model() const { return m_model; }
    ParticipantFilterProxy *proxy() const { return m_proxy; }
    ResultTableView *table() const { return m_table; }
    QComboBox *metricSelector() const { return m_metric; }
    QComboBox *baselineSelector() const { return m_baseline; }
    // The table's caption: the metric, its unit and direction.
    QString title() const;

private:
    void updateNotes();
    void applyBaseline();

    std::shared_ptr<const bs::Capture> m_capture;
    AllCasesModel *m_model;
    ParticipantFilterProxy *m_proxy;
    ResultTableView *m_table;
    QComboBox *m_metric;
    QComboBox *m_baseline;
    QCheckBox *m_ranks;
    QLabel *m_title;
    QLabel *m_notes;
};
