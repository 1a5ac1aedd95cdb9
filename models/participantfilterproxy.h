#pragma once

#include <QSortFilterProxyModel>

// Sorts the result tables by TableRole::SortRole (numbers as numbers; cells
// without a value after every number in either order) and filters rows by
// text over participant label, runtime, version and tags: every word typed
// must appear. Works over any model; rows of a model without
// TableRole::FilterTextRole are always kept.
class ParticipantFilterProxy : public QSortFilterProxyModel {
    Q_OBJECT
public:
    explicit ParticipantFilterProxy(QObject *parent = nullptr);

    void setFilterText(const QString &text);
    QString filterText() const { return m_text; }

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const override;
    bool lessThan(const QModelIndex &left, const QModelIndex &right) const override;

private:
    QString m_text;
    QStringList m_words;
};
