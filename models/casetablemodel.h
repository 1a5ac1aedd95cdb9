#pragma once

#include "capture.h"
#include "unitformat.h"

#include <QAbstractTableModel>

#include <memory>
#include <optional>
#include <vector>

// One case of a capture: participants as rows, the capture's metrics as
// columns (the primary first; one unit per metric family), then the number
// of repetitions. A first click on a metric's header sorts best first. Each cell is the representative
// repetition's value (DisplayRole) with [min–max] across repetitions
// (TableRole::RangeRole); cells without a value read "—", "missing",
// "contract failed" or "error" and say why in their tool tip.
class CaseTableModel : public QAbstractTableModel {
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
    // The column showing a metric, or -1.
    int metricColumn(const std::string &metricId) const;
    int repetitionsColumn() const { return int(m_metrics.size()) + 1; }

private:
    std::shared_ptr<const bs::Capture> m_capture;
    std::string m_caseId;
    std::vector<bs::Metric> m_metrics;                    // per column, the primary first
    std::vector<const bs::Result *> m_results;           // per row
    std::vector<bs::UnitFormat::Scale> m_scales;          // per metric
    std::vector<std::vector<int>> m_ranks;                // per metric, per row
    std::vector<std::vector<std::optional<double>>> m_values; // per metric, per row
    // Per row, made on the first filter or sort by participant.
    mutable std::vector<QString> m_filterTexts;
    mutable std::vector<QString> m_sortKeys; // lower-case labels
};
