#pragma once

#include <QSortFilterProxyModel>

// The Steps table as shown: a HistoryStepsModel (whose series the page's
// metric, participant, case and tag pickers choose) filtered by what the
// step is, every step, the change points, or those of one direction, and
// sorted by TableRole::SortRole; unsorted, the change points come first.
class HistoryStepsFilter : public QSortFilterProxyModel {
    Q_OBJECT
public:
    enum Show { AllSteps, ChangePoints, Worse, Better };

    explicit HistoryStepsFilter(QObject *parent = nullptr);

    void setShow(Show show);
    Show show() const { return m_show; }

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const override;

private:
    Show m_show = AllSteps;
};
