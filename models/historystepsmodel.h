#pragma once

#include "history.h"

#include <QAbstractTableModel>
#include <QPointer>

class HistoryModel;

// Every step of the series a HistoryModel shows, in its rows' order: which
// two revisions, what the history establishes there (better, worse, or why
// nothing: ranges overlap, too few samples, below the minimum change, not
// comparable), the change, its adjusted p and the reason in words. A change
// point with too few revisions after it says it needs more to confirm.
// TableRole::SortRole sorts a column by what it means (the step by its
// revisions, the verdict change points first, the change and p as numbers).
class HistoryStepsModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { Series, Step, Verdict, Change, PValue, Reason, ColumnCount };
    enum Role {
        FromRole = Qt::UserRole + 100, // revision indexes of the step (int)
        ToRole,
        ChangePointRole, // bool
        OutcomeRole,     // bs::StepOutcome as int
    };

    explicit HistoryStepsModel(HistoryModel *history, QObject *parent = nullptr);

    const bs::HistoryStep *step(int row) const;
    const bs::HistorySeries *seriesOf(int row) const;
    // "▼ worse", "▲ better (to confirm)", "= no change established", ...
    static QString verdictText(const bs::HistoryStep &step);
    int changePointCount() const;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    struct Row {
        const bs::HistorySeries *series;
        const bs::HistoryStep *step;
        int seriesRow;
    };
    void rebuild();
    QVariant sortKey(const Row &row, int column) const;

    QPointer<HistoryModel> m_history;
    std::vector<Row> m_rows;
};
