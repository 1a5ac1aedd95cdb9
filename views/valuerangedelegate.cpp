#include "valuerangedelegate.h"

#include "result.h"
#include "tableroles.h"

#include <QApplication>
#include <QPainter>

#include <vector>

namespace {
constexpr int kMargin = 6; // inside each cell edge
constexpr int kGap = 6;    // between value and range

// A cell whose words may take both lines of a stacked row: a participant
// (the first column), a status ("contract failed") instead of a value.
bool wraps(const QModelIndex &index)
{
    const QVariant status = index.data(TableRole::StatusRole);
    return index.column() == 0 || (status.isValid() && status.toInt() != int(bs::ResultStatus::Ok));
}

// The width a text needs on two lines, broken at the space that balances
// them. Each word is measured once (a 1 MiB name has 100,000 words: measuring
// both halves at every space took minutes); a kerning pair across a space is
// not counted, a pixel at most.
int twoLineWidth(const QFontMetrics &fm, const QString &text)
{
    const int whole = fm.horizontalAdvance(text);
    const int space = fm.horizontalAdvance(QLatin1Char(' '));
    std::vector<int> words;
    int total = 0;
    for (QStringView word : QStringView(text).split(QLatin1Char(' '))) {
        words.push_back(fm.horizontalAdvance(word.toString()));
        total += words.back();
    }
    total += space * int(words.size() - 1);
    int best = whole, left = 0;
    for (std::size_t i = 0; i + 1 < words.size(); ++i) {
        left += words[i] + (i > 0 ? space : 0);
        if (left > 0) // a leading space is no break
            best = qMin(best, qMax(left, total - left - space));
    }
    return best;
}

QColor lighter(const QColor &text, const QColor &base)
{
    // Halfway to the background: readable, yet clearly secondary.
    return QColor((text.red() + base.red()) / 2, (text.green() + base.green()) / 2, (text.blue() + base.blue()) / 2);
}

QFont rangeFont(const QFont &cellFont, bool stacked = false)
{
    QFont f = cellFont;
    f.setBold(false);
    if (stacked) // under the value, a size smaller
        f.setPointSizeF(f.pointSizeF() * 0.85);
    return f;
}
} // namespace

ValueRangeDelegate::ValueRangeDelegate(QObject *parent)
    : QStyledItemDelegate(parent)
{
}

void ValueRangeDelegate::setModel(QAbstractItemModel *model)
{
    if (m_model)
        disconnect(m_model, nullptr, this, nullptr);
    m_model = model;
    m_rangeWidths.clear();
    if (!model)
        return;
    auto clear = [this] { m_rangeWidths.clear(); };
    connect(model, &QAbstractItemModel::modelReset, this, clear);
    connect(model, &QAbstractItemModel::rowsInserted, this, clear);
    connect(model, &QAbstractItemModel::rowsRemoved, this, clear);
    connect(model, &QAbstractItemModel::columnsInserted, this, clear);
    connect(model, &QAbstractItemModel::columnsRemoved, this, clear);
    connect(model, &QAbstractItemModel::dataChanged, this, clear);
    connect(model, &QAbstractItemModel::layoutChanged, this, clear);
}

void ValueRangeDelegate::setStacked(bool stacked)
{
    m_stacked = stacked;
    m_rangeWidths.clear();
}

int ValueRangeDelegate::rangeWidth(const QStyleOptionViewItem &option, const QModelIndex &index) const
{
    const int column = index.column();
    auto it = m_rangeWidths.constFind(column);
    if (it != m_rangeWidths.constEnd())
        return *it;
    const QAbstractItemModel *model = index.model();
    const QFontMetrics fm(rangeFont(option.font, m_stacked));
    int width = 0;
    const int rows = qMin(model->rowCount(index.parent()), kScanRows);
    for (int row = 0; row < rows; ++row) {
        const QString text = model->index(row, column, index.parent()).data(TableRole::RangeRole).toString();
        if (!text.isEmpty())
            width = qMax(width, fm.horizontalAdvance(text));
    }
    m_rangeWidths.insert(column, width);
    return width;
}

int ValueRangeDelegate::rankWidth(const QStyleOptionViewItem &option) const
{
    QFont small = rangeFont(option.font);
    small.setPointSizeF(small.pointSizeF() * 0.8);
    return QFontMetrics(small).horizontalAdvance(QStringLiteral("#00")) + kGap;
}

void ValueRangeDelegate::paint(QPainter *painter, const QStyleOptionViewItem &option, const QModelIndex &index) const
{
    if (m_stacked && wraps(index)) { // its words on the two lines
        QStyleOptionViewItem opt(option);
        initStyleOption(&opt, index);
        opt.features |= QStyleOptionViewItem::WrapText;
        const QWidget *widget = opt.widget;
        (widget ? widget->style() : QApplication::style())->drawControl(QStyle::CE_ItemViewItem, &opt, painter, widget);
        return;
    }
    const int rWidth = rangeWidth(option, index);
    const QVariant rank = m_showRanks ? index.data(TableRole::RankRole) : QVariant();
    if (rWidth == 0 && !rank.isValid()) {
        QStyledItemDelegate::paint(painter, option, index);
        return;
    }
    QStyleOptionViewItem opt(option);
    initStyleOption(&opt, index);
    const QString value = opt.text;
    opt.text.clear();
    const QWidget *widget = opt.widget;
    QStyle *style = widget ? widget->style() : QApplication::style();
    style->drawControl(QStyle::CE_ItemViewItem, &opt, painter, widget);

    const bool selected = opt.state & QStyle::State_Selected;
    const QPalette::ColorGroup group = opt.state & QStyle::State_Enabled ? QPalette::Normal : QPalette::Disabled;
    QColor textColor = selected ? opt.palette.color(group, QPalette::HighlightedText) : opt.palette.color(group, QPalette::Text);
    const QVariant foreground = index.data(Qt::ForegroundRole);
    if (!selected && foreground.canConvert<QBrush>())
        textColor = foreground.value<QBrush>().color();
    const QColor background = selected ? opt.palette.color(group, QPalette::Highlight) : opt.palette.color(group, QPalette::Base);
    const QColor secondary = lighter(selected ? textColor : opt.palette.color(group, QPalette::Text), background);

    // Stacked: the value on the upper line, its range under it, both
    // right-aligned. Else the range after the value, in the column's range part.
    const QRect area = opt.rect.adjusted(kMargin, m_stacked ? 1 : 0, -kMargin, m_stacked ? -1 : 0);
    QRect valueRect = area, rangeRect;
    if (m_stacked) {
        valueRect.setHeight(area.height() / 2);
        rangeRect = QRect(area.left(), valueRect.bottom() + 1, area.width(), area.height() - valueRect.height());
    } else if (rWidth > 0) {
        rangeRect = QRect(area.right() - rWidth + 1, area.top(), rWidth, area.height());
        valueRect.setRight(rangeRect.left() - kGap);
    }
    painter->save();
    painter->setClipRect(opt.rect);
    if (rank.isValid()) {
        QFont small = rangeFont(opt.font);
        small.setPointSizeF(small.pointSizeF() * 0.8);
        painter->setFont(small);
        painter->setPen(secondary);
        painter->drawText(m_stacked ? valueRect : area, Qt::AlignLeft | Qt::AlignVCenter,
                          QStringLiteral("#%1").arg(rank.toInt()));
    }
    const QString range = rangeRect.isValid() ? index.data(TableRole::RangeRole).toString() : QString();
    if (!range.isEmpty()) {
        const QFont font = rangeFont(option.font, m_stacked); // the view's, whatever the cell's FontRole
        painter->setFont(font);
        painter->setPen(secondary);
        painter->drawText(rangeRect, (m_stacked ? Qt::AlignRight : Qt::AlignLeft) | Qt::AlignVCenter,
                          QFontMetrics(font).elidedText(range, Qt::ElideRight, rangeRect.width()));
    }
    painter->setFont(opt.font);
    painter->setPen(textColor);
    painter->drawText(valueRect, Qt::AlignRight | Qt::AlignVCenter,
                      opt.fontMetrics.elidedText(value, Qt::ElideRight, valueRect.width()));
    painter->restore();
}

QSize ValueRangeDelegate::sizeHint(const QStyleOptionViewItem &option, const QModelIndex &index) const
{
    QSize size = QStyledItemDelegate::sizeHint(option, index);
    if (m_stacked && wraps(index)) {
        QStyleOptionViewItem opt(option);
        initStyleOption(&opt, index);
        return QSize(2 * kMargin + twoLineWidth(opt.fontMetrics, opt.text), size.height());
    }
    const int rWidth = rangeWidth(option, index);
    const bool ranked = m_showRanks && index.data(TableRole::RankRole).isValid();
    if (rWidth == 0 && !ranked)
        return size;
    QStyleOptionViewItem opt(option);
    initStyleOption(&opt, index);
    const int valueWidth = opt.fontMetrics.horizontalAdvance(opt.text);
    // Two pixels more than the advances: elidedText measures in fractions, they are rounded.
    int width = 2 * kMargin + 2 + (m_stacked ? qMax(valueWidth, rWidth) : valueWidth + (rWidth > 0 ? kGap + rWidth : 0));
    if (m_showRanks)
        width += rankWidth(option);
    size.setWidth(qMax(size.width(), width));
    return size;
}
