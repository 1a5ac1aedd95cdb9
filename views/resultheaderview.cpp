#include "resultheaderview.h"

#include <QStyleOptionHeader>

ResultHeaderView::ResultHeaderView(QWidget *parent)
    : QHeaderView(Qt::Horizontal, parent)
{
    setSectionsClickable(true); // as QTableView's own header: a click sorts
}

void ResultHeaderView::setStacked(bool stacked)
{
    m_stacked = stacked;
    updateGeometries();
    viewport()->update();
}

QString ResultHeaderView::stacked(const QString &caption)
{
    const qsizetype open = caption.lastIndexOf(QStringLiteral(" ("));
    if (open <= 0 || !caption.endsWith(QLatin1Char(')')))
        return caption;
    return caption.left(open) + QLatin1Char('\n') + caption.mid(open + 1);
}

void ResultHeaderView::initStyleOptionForIndex(QStyleOptionHeader *option, int logicalIndex) const
{
    QHeaderView::initStyleOptionForIndex(option, logicalIndex);
    if (m_stacked)
        option->text = stacked(option->text);
}

QSize ResultHeaderView::sectionSizeFromContents(int logicalIndex) const
{
    if (!model())
        return {};
    QStyleOptionHeader opt;
    initStyleOption(&opt);
    initStyleOptionForIndex(&opt, logicalIndex);
    opt.sortIndicator = QStyleOptionHeader::None; // room for it is added below, where it is drawn
    QSize size = style()->sizeFromContents(QStyle::CT_HeaderSection, &opt, QSize(), this);
    if (isSortIndicatorShown() && sortIndicatorSection() == logicalIndex)
        size.rwidth() += fontMetrics().height() + style()->pixelMetric(QStyle::PM_HeaderMargin, &opt, this);
    return size;
}
