#pragma once

#include "capture.h"
#include "texttable.h"

#include <QAbstractTableModel>

// What produced the numbers, as field/value rows: revision, capture time,
// machine, runtimes and tools, conditions (including whether latency is
// coordinated-omission corrected; every key labelled), source hashes, the
// shared contract per participant (passes too, failures in red), caveats and
// reader warnings. The rows are CaptureTables::provenance(), the same as the
// CLI's.
class ProvenanceModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Role {
        // True on rows of sentences that are read in full (caveats, reader
        // warnings, the latency correction): a view wraps them. Other
        // values (hashes, times, versions) are elided, whole in the tool tip.
        ProseRole = Qt::UserRole + 50,
    };

    explicit ProvenanceModel(const bs::Capture &capture, QObject *parent = nullptr);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    bs::TextTable m_table;
};
