#pragma once

#include "capture.h"
#include "unitformat.h"

#include <QAbstractTableModel>

#include <memory>
#include <string>
#include <vector>

// Every repetition of one result: all its metrics, its error counts by kind,
// its flags. The representative repetition (the one the tables show) is
// marked and bold. Empty until a result is chosen.
class RepetitionsModel : public QAbstractTableModel {
    Q_OBJECT
public:
    explicit RepetitionsModel(std::shared_ptr<const bs::Capture> capture, QObject *parent = nullptr);

    void setResult(const std::string &participantId, const std::string &caseId);
    const bs::Result *result() const { return m_result; }

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    enum class Kind { Index, Metric, Error, Flags };
    struct Column {
        Kind kind;
        std::string key; // metric id or error kind
        const bs::Metric *metric = nullptr;
        bs::UnitFormat::Scale scale;
    };
    const bs::Repetition &repetition(int row) const;
    void addMetricColumns();

    std::shared_ptr<const bs::Capture> m_capture;
    const bs::Result *m_result = nullptr;
    std::vector<bs::Metric> m_metrics; // of the metric columns
    std::vector<Column> m_columns;
};
