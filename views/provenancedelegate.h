#pragma once

#include <QStyledItemDelegate>

// Draws the provenance rows: sentences (ProvenanceModel::ProseRole) wrap to
// the panel's width; other values stay on one line, elided with "…" at the
// end (the tool tip holds the whole value), never cut mid-token.
class ProvenanceDelegate : public QStyledItemDelegate {
    Q_OBJECT
public:
    using QStyledItemDelegate::QStyledItemDelegate;

protected:
    void initStyleOption(QStyleOptionViewItem *option, const QModelIndex &index) const override;
};
