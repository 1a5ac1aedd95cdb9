#include "participantfilterproxy.h"

#include "tableroles.h"

ParticipantFilterProxy::ParticipantFilterProxy(QObject *parent)
    : QSortFilterProxyModel(parent)
{
    setSortRole(TableRole::SortRole);
}

void ParticipantFilterProxy::setFilterText(const QString &text)
{
    if (text == m_text)
        return;
    // Qt 6.4 has no begin/endFilterChange; invalidateFilter() is the API.
    m_text = text;
    m_words = text.toLower().split(QLatin1Char(' '), Qt::SkipEmptyParts);
    invalidateFilter();
}

bool ParticipantFilterProxy::filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const
{
    if (m_words.isEmpty())
        return true;
    const QVariant text = sourceModel()->index(sourceRow, 0, sourceParent).data(TableRole::FilterTextRole);
    if (!text.isValid())
        return true;
    const QString haystack = text.toString();
    for (const QString &word : m_words)
        if (!haystack.contains(word))
            return false;
    return true;
}

bool ParticipantFilterProxy::lessThan(const QModelIndex &left, const QModelIndex &right) const
{
    const QVariant l = left.data(sortRole());
    const QVariant r = right.data(sortRole());
    const bool ln = l.typeId() == QMetaType::Double;
    const bool rn = r.typeId() == QMetaType::Double;
    if (ln && rn)
        return l.toDouble() < r.toDouble();
    // Numbers first whichever way the column is sorted: the descending sort
    // compares with the arguments swapped, hence the order test.
    if (ln != rn)
        return ln == (sortOrder() == Qt::AscendingOrder);
    return l.toString() < r.toString();
}
