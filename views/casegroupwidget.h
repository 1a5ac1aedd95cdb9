#pragma once

#include "capture.h"

#include <QWidget>

#include <memory>
#include <vector>

class CaseTableModel;
class ParticipantFilterProxy;
class ResultTableView;

// One tab of per-case tables: the cases that share a group, one table each
// (participants × metrics), stacked, with the notes that say what the
// brackets are and why a cell has no value.
class CaseGroupWidget : public QWidget {
    Q_OBJECT
public:
    CaseGroupWidget(std::shared_ptr<const bs::Capture> capture, const std::string &group, QWidget *parent = nullptr);

    const std::vector<ResultTableView *> &tables() const { return m_tables; }
    const std::vector<ParticipantFilterProxy *> &proxies() const { return m_proxies; }
    const std::vector<CaseTableModel *> &models() const { return m_models; }

protected:
    void showEvent(QShowEvent *event) override;

private:
    bool m_fitted = false; // columns fitted when the tab is first shown, not for every tab on opening
    std::vector<CaseTableModel *> m_models;
    std::vector<ParticipantFilterProxy *> m_proxies;
    std::vector<ResultTableView *> m_tables;
};
