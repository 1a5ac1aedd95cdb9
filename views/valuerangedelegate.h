#pragma once

#include <QHash>
#include <QPointer>
#include <QStyledItemDelegate>

// Draws a value right-aligned and its TableRole::RangeRole text ("[min–max]")
// in a lighter colour: stacked, on a second line under the value (so a
// column is as wide as its widest figure), else after it, the range part of
// a column as wide as its widest range, so values and brackets line up down
// the column. With ranks shown, TableRole::RankRole is drawn small at the
// left ("#1").
class ValueRangeDelegate : public QStyledItemDelegate {
    Q_OBJECT
public:
    explicit ValueRangeDelegate(QObject *parent = nullptr);

    // The model whose columns the cached range widths describe.
    void setModel(QAbstractItemModel *model);
    void setShowRanks(bool show) { m_showRanks = show; }
    bool showRanks() const { return m_showRanks; }
    // Ranges on a second line (the rows are two lines high).
    void setStacked(bool stacked);
    bool stacked() const { return m_stacked; }

    void paint(QPainter *painter, const QStyleOptionViewItem &option, const QModelIndex &index) const override;
    QSize sizeHint(const QStyleOptionViewItem &option, const QModelIndex &index) const override;

    // Rows scanned for a column's widest range: enough for any real capture,
    // bounded for the 100,000-row case.
    static constexpr int kScanRows = 2000;

private:
    int rangeWidth(const QStyleOptionViewItem &option, const QModelIndex &index) const;
    int rankWidth(const QStyleOptionViewItem &option) const;

    QPointer<QAbstractItemModel> m_model;
    mutable QHash<int, int> m_rangeWidths; // column → pixels
    bool m_showRanks = false;
    bool m_stacked = false;
};
