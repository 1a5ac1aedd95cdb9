#include "participantfilterproxy.h"

#include "tableroles.h"

#include <QAbstractListModel>
#include <QAbstractTableModel>

#include <algorithm>
#include <utility>

namespace {
// The order of two sort values: numbers by value, texts as text, numbers
// before texts whichever way the column is sorted (the descending sort
// compares with the arguments swapped, hence the order test).
bool variantLessThan(const QVariant &l, const QVariant &r, Qt::SortOrder order)
{
    const bool ln = l.typeId() == QMetaType::Double;
    const bool rn = r.typeId() == QMetaType::Double;
    if (ln && rn)
        return l.toDouble() < r.toDouble();
    if (ln != rn)
        return ln == (order == Qt::AscendingOrder);
    return l.toString() < r.toString();
}
} // namespace

ParticipantFilterProxy::ParticipantFilterProxy(QObject *parent)
    : QSortFilterProxyModel(parent)
{
    setSortRole(TableRole::SortRole);
    // A new sort role is set before the re-sort that follows it, and
    // announced after; every sort starts with a layout change.
    connect(this, &QAbstractItemModel::layoutAboutToBeChanged, this, &ParticipantFilterProxy::checkSortRole);
    connect(this, &QSortFilterProxyModel::sortRoleChanged, this, &ParticipantFilterProxy::checkSortRole);
}

void ParticipantFilterProxy::setSourceModel(QAbstractItemModel *model)
{
    if (model == sourceModel())
        return;
    for (const QMetaObject::Connection &c : m_sourceConnections)
        disconnect(c);
    m_sourceConnections.clear();
    dropSortKeys();
    m_flatSource = qobject_cast<QAbstractTableModel *>(model) || qobject_cast<QAbstractListModel *>(model) ? model : nullptr;
    if (model) {
        // Connected before QSortFilterProxyModel connects its own handlers,
        // so the keys are dropped before it re-sorts after a change.
        using M = QAbstractItemModel;
        for (auto signal : {&M::rowsAboutToBeInserted, &M::rowsInserted, &M::rowsAboutToBeRemoved, &M::rowsRemoved,
                            &M::columnsAboutToBeInserted, &M::columnsInserted, &M::columnsAboutToBeRemoved,
                            &M::columnsRemoved})
            m_sourceConnections.push_back(connect(model, signal, this, &ParticipantFilterProxy::dropSortKeys));
        for (auto signal : {&M::rowsAboutToBeMoved, &M::rowsMoved, &M::columnsAboutToBeMoved, &M::columnsMoved})
            m_sourceConnections.push_back(connect(model, signal, this, &ParticipantFilterProxy::dropSortKeys));
        for (auto signal : {&M::layoutAboutToBeChanged, &M::layoutChanged})
            m_sourceConnections.push_back(connect(model, signal, this, &ParticipantFilterProxy::dropSortKeys));
        for (auto signal : {&M::modelAboutToBeReset, &M::modelReset})
            m_sourceConnections.push_back(connect(model, signal, this, &ParticipantFilterProxy::dropSortKeys));
        m_sourceConnections.push_back(connect(model, &M::dataChanged, this, &ParticipantFilterProxy::dropSortKeys));
        m_sourceConnections.push_back(connect(model, &QObject::destroyed, this, [this] {
            m_flatSource = nullptr;
            dropSortKeys();
        }));
    }
    QSortFilterProxyModel::setSourceModel(model);
}

void ParticipantFilterProxy::setFilterText(const QString &text)
{
    if (text == m_text)
        return;
    m_text = text;
    m_words = text.toLower().split(QLatin1Char(' '), Qt::SkipEmptyParts);
    // invalidate() rebuilds the mapping in one pass (a layout change: the
    // selection of rows still shown is kept). invalidateFilter() removes and
    // inserts rows one range at a time, which with the rows of a sorted
    // table interleaved costs seconds at 100,000 rows.
    invalidate();
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

void ParticipantFilterProxy::dropSortKeys()
{
    m_sortKeys.clear();
}

void ParticipantFilterProxy::checkSortRole()
{
    if (sortRole() != m_sortKeysRole)
        dropSortKeys();
}

const std::vector<ParticipantFilterProxy::SortKey> &ParticipantFilterProxy::sortKeys(int column) const
{
    if (std::size_t(column) < m_sortKeys.size() && !m_sortKeys[std::size_t(column)].empty())
        return m_sortKeys[std::size_t(column)];
    if (m_sortKeysRole != sortRole()) {
        m_sortKeys.clear();
        m_sortKeysRole = sortRole();
    }
    if (std::size_t(column) >= m_sortKeys.size())
        m_sortKeys.resize(std::size_t(column) + 1);
    std::vector<SortKey> &keys = m_sortKeys[std::size_t(column)];
    // Each value read once; texts ranked once, so a comparison while
    // sorting is two array reads.
    const int rows = m_flatSource->rowCount();
    keys.resize(std::size_t(rows));
    std::vector<std::pair<QString, int>> texts; // (text, row)
    for (int row = 0; row < rows; ++row) {
        const QVariant v = m_flatSource->index(row, column).data(m_sortKeysRole);
        SortKey &key = keys[std::size_t(row)];
        key.number = v.typeId() == QMetaType::Double;
        key.value = key.number ? v.toDouble() : 0;
        key.textRank = 0;
        if (!key.number)
            texts.emplace_back(v.toString(), row);
    }
    std::sort(texts.begin(), texts.end(), [](const auto &a, const auto &b) { return a.first < b.first; });
    for (std::size_t i = 1; i < texts.size(); ++i)
        keys[std::size_t(texts[i].second)].textRank =
            keys[std::size_t(texts[i - 1].second)].textRank + (texts[i - 1].first < texts[i].first ? 1 : 0);
    return keys;
}

bool ParticipantFilterProxy::lessThan(const QModelIndex &left, const QModelIndex &right) const
{
    // The key cache covers the rows of a flat source model; anything else
    // is compared from its data.
    if (m_flatSource && left.model() == m_flatSource && right.model() == m_flatSource && left.column() == right.column()) {
        const std::vector<SortKey> &keys = sortKeys(left.column());
        if (std::size_t(left.row()) < keys.size() && std::size_t(right.row()) < keys.size()) {
            const SortKey &l = keys[std::size_t(left.row())];
            const SortKey &r = keys[std::size_t(right.row())];
            if (l.number && r.number)
                return l.value < r.value;
            if (l.number != r.number)
                return l.number == (sortOrder() == Qt::AscendingOrder);
            return l.textRank < r.textRank;
        }
    }
    return variantLessThan(left.data(sortRole()), right.data(sortRole()), sortOrder());
}
