#include "provenancedelegate.h"

#include "provenancemodel.h"

void ProvenanceDelegate::initStyleOption(QStyleOptionViewItem *option, const QModelIndex &index) const
{
    QStyledItemDelegate::initStyleOption(option, index);
    const bool prose = index.siblingAtColumn(1).data(ProvenanceModel::ProseRole).toBool();
    if (prose && index.column() == 1) {
        option->features |= QStyleOptionViewItem::WrapText;
    } else {
        option->features &= ~QStyleOptionViewItem::WrapText;
        option->textElideMode = Qt::ElideRight;
    }
}
