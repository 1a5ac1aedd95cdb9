#pragma once

#include "capture.h"
#include "participantcolumn.h"
#include "table.h"
#include "tablesource.h"

#include <QAbstractTableModel>

#include <memory>
#include <vector>

// One case of a capture: participants as rows, the capture's metrics as
// columns (the headline first: bs::CaptureTables::tableMetrics(); one unit
// per metric family), then the number
// of repetitions. A first click on a metric's header sorts best first. Each
// cell is the representative repetition's value (DisplayRole) with
// [min–max] across repetitions (TableRole::RangeRole); cells without a value
// read "—", "missing", "contract failed" or "error" and say why in their
// tool tip. A thin adapter over the core's bs::TableBuilder::caseTable().
class CaseTableModel : public QAbstractTableModel, public TableSource {
    Q_OBJECT
public:
    CaseTableModel(std::shared_ptr<const bs::Capture> capture, const std::string &caseId,
                   QObject *parent = nullptr);

    // Without QAbstractTableModel's virtual rowCount()/columnCount() calls:
    // a sort asks for two indexes per comparison.
    QModelIndex index(int row, int column, const QModelIndex &parent = {}) const override;
    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    const std::string &caseId() const { return m_caseId; }
    const bs::Participant &participantAt(int row) const;
    // The core's table the model shows (columns in the model's order).
    const bs::Table &table() const override { return m_table; }
    // The column showing a metric, or -1.
    int metricColumn(const std::string &metricId) const;
    int repetitionsColumn() const { return int(m_table.columnCount()) - 1; }

private:
    std::shared_ptr<const bs::Capture> m_capture;
    std::string m_caseId;
    bs::Table m_table;
    ParticipantColumn m_participants;
};
