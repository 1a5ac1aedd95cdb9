#pragma once

#include "capture.h"
#include "participantcolumn.h"
#include "table.h"
#include "tablesource.h"

#include <QAbstractTableModel>

#include <memory>
#include <vector>

// Every case at once for one metric: participants as rows, cases as columns,
// so a participant that wins one case and loses another shows at a glance.
// The best value per column is bold and every value has a rank. With a
// baseline, each case gets a ratio column beside it ("against raw"). A thin
// adapter over the core's bs::TableBuilder::allCases(): its columns, units
// and texts are the CLI's.
class AllCasesModel : public QAbstractTableModel, public TableSource {
    Q_OBJECT
public:
    using BaselineMode = bs::TableBaseline::Mode;

    // Starts with the primary metric and bs::TableBaseline::defaultFor().
    explicit AllCasesModel(std::shared_ptr<const bs::Capture> capture, QObject *parent = nullptr);

    // Without QAbstractTableModel's virtual rowCount()/columnCount() calls:
    // a sort asks for two indexes per comparison.
    QModelIndex index(int row, int column, const QModelIndex &parent = {}) const override;
    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    // Empty id: the primary metric.
    void setMetric(const std::string &metricId);
    const std::string &metricId() const { return m_metricId; }
    void setBaseline(BaselineMode mode, const std::string &participantId = {});
    BaselineMode baselineMode() const { return m_table.baseline().mode; }

    // The core's table the model shows (columns in the model's order).
    const bs::Table &table() const override { return m_table; }
    bool isRatioColumn(int column) const;
    // The case (position in Capture::cases) a value or ratio column belongs to, or -1.
    int caseIndex(int column) const;
    // The participant a row is compared with, or null.
    const bs::Participant *baselineFor(int row) const;

private:
    QVariant ratioData(int row, int column, int role) const;

    std::shared_ptr<const bs::Capture> m_capture;
    std::string m_metricId;
    bs::Table m_table;
    ParticipantColumn m_participants;
};
