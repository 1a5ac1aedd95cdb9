#include "historystepsfilter.h"

#include "historyseries.h"
#include "historystepsmodel.h"
#include "tableroles.h"

HistoryStepsFilter::HistoryStepsFilter(QObject *parent)
    : QSortFilterProxyModel(parent)
{
    setSortRole(TableRole::SortRole);
}

void HistoryStepsFilter::setShow(Show show)
{
    if (show == m_show)
        return;
    m_show = show;
    invalidateRowsFilter();
}

bool HistoryStepsFilter::filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const
{
    if (m_show == AllSteps)
        return true;
    const QModelIndex index = sourceModel()->index(sourceRow, 0, sourceParent);
    switch (m_show) {
    case ChangePoints:
        return index.data(HistoryStepsModel::ChangePointRole).toBool();
    case Worse:
        return index.data(HistoryStepsModel::OutcomeRole).toInt() == int(bs::StepOutcome::Worse);
    case Better:
        return index.data(HistoryStepsModel::OutcomeRole).toInt() == int(bs::StepOutcome::Better);
    case AllSteps:
        break;
    }
    return true;
}
