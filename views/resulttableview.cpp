#include "resulttableview.h"

#include "tableroles.h"
#include "valuerangedelegate.h"

#include <QApplication>
#include <QClipboard>
#include <QHeaderView>
#include <QKeyEvent>
#include <QMenu>
#include <QScrollBar>

#include <map>

namespace {
constexpr int kMaxFirstColumnWidth = 320;
constexpr int kMaxColumnWidth = 420;
} // namespace

ResultTableView::ResultTableView(QWidget *parent)
    : QTableView(parent)
    , m_delegate(new ValueRangeDelegate(this))
{
    setItemDelegate(m_delegate);
    setSortingEnabled(true);
    setSelectionBehavior(QAbstractItemView::SelectItems);
    setSelectionMode(QAbstractItemView::ExtendedSelection);
    setAlternatingRowColors(true);
    setWordWrap(false);
    setTextElideMode(Qt::ElideRight);
    setHorizontalScrollMode(QAbstractItemView::ScrollPerPixel);
    verticalHeader()->hide();
    verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 8);
    horizontalHeader()->setSectionsMovable(false);
    horizontalHeader()->setHighlightSections(false);
    horizontalHeader()->setContextMenuPolicy(Qt::CustomContextMenu);
    horizontalHeader()->setDefaultAlignment(Qt::AlignRight | Qt::AlignVCenter);
    connect(horizontalHeader(), &QWidget::customContextMenuRequested, this, &ResultTableView::showHeaderMenu);
}

void ResultTableView::setModel(QAbstractItemModel *model)
{
    QTableView::setModel(model);
    m_delegate->setModel(model);
    if (!model)
        return;
    auto reapply = [this] {
        setHiddenMetrics(m_hiddenMetrics);
        updateGeometry();
    };
    connect(model, &QAbstractItemModel::modelReset, this, reapply);
    connect(model, &QAbstractItemModel::rowsInserted, this, &QWidget::updateGeometry);
    connect(model, &QAbstractItemModel::rowsRemoved, this, &QWidget::updateGeometry);
    // ParticipantFilterProxy applies a filter as a layout change.
    connect(model, &QAbstractItemModel::layoutChanged, this, &QWidget::updateGeometry);
    sortByColumn(-1, Qt::AscendingOrder); // source order until a header is clicked
}

void ResultTableView::setFitRowsToContents(bool fit)
{
    m_fitRows = fit;
    setVerticalScrollBarPolicy(fit ? Qt::ScrollBarAlwaysOff : Qt::ScrollBarAsNeeded);
    setSizePolicy(sizePolicy().horizontalPolicy(), fit ? QSizePolicy::Fixed : QSizePolicy::Expanding);
    updateGeometry();
}

int ResultTableView::fittedHeight() const
{
    const int rows = model() ? model()->rowCount() : 0;
    int height = horizontalHeader()->sizeHint().height() + rows * verticalHeader()->defaultSectionSize() + 2 * frameWidth();
    if (horizontalScrollBar()->isVisible() || horizontalHeader()->length() > viewport()->width())
        height += horizontalScrollBar()->sizeHint().height();
    return height;
}

QSize ResultTableView::sizeHint() const
{
    QSize size = QTableView::sizeHint();
    if (m_fitRows)
        size.setHeight(fittedHeight());
    return size;
}

QSize ResultTableView::minimumSizeHint() const
{
    QSize size = QTableView::minimumSizeHint();
    if (m_fitRows)
        size.setHeight(fittedHeight());
    return size;
}

void ResultTableView::setHiddenMetrics(const QSet<QString> &metricIds)
{
    m_hiddenMetrics = metricIds;
    if (!model())
        return;
    for (int c = 0; c < model()->columnCount(); ++c) {
        const QString id = model()->headerData(c, Qt::Horizontal, TableRole::MetricIdRole).toString();
        if (!id.isEmpty())
            setColumnHidden(c, metricIds.contains(id));
    }
}

void ResultTableView::fitColumns()
{
    if (!model())
        return;
    resizeColumnsToContents();
    for (int c = 0; c < model()->columnCount(); ++c) {
        const int cap = c == 0 ? kMaxFirstColumnWidth : kMaxColumnWidth;
        if (columnWidth(c) > cap)
            setColumnWidth(c, cap);
    }
    updateGeometry();
}

void ResultTableView::showHeaderMenu(const QPoint &pos)
{
    if (!model())
        return;
    QMenu menu(this);
    for (int c = 1; c < model()->columnCount(); ++c) {
        QAction *action = menu.addAction(model()->headerData(c, Qt::Horizontal).toString());
        action->setCheckable(true);
        action->setChecked(!isColumnHidden(c));
        const QString metricId = model()->headerData(c, Qt::Horizontal, TableRole::MetricIdRole).toString();
        connect(action, &QAction::toggled, this, [this, c, metricId](bool visible) {
            if (metricId.isEmpty())
                setColumnHidden(c, !visible);
            else
                emit metricVisibilityChanged(metricId, visible);
        });
    }
    menu.exec(horizontalHeader()->mapToGlobal(pos));
}

QString ResultTableView::selectionAsTsv() const
{
    if (!model() || !selectionModel())
        return {};
    // Visual row → visual column → text; the proxy's order is the view's.
    std::map<int, std::map<int, QString>> cells;
    for (const QModelIndex &index : selectionModel()->selectedIndexes()) {
        if (isColumnHidden(index.column()) || isRowHidden(index.row()))
            continue;
        QVariant text = index.data(TableRole::CellTextRole);
        if (!text.isValid())
            text = index.data(Qt::DisplayRole);
        cells[index.row()][horizontalHeader()->visualIndex(index.column())] = text.toString();
    }
    if (cells.empty())
        return {};
    std::map<int, bool> columns;
    for (const auto &row : cells)
        for (const auto &cell : row.second)
            columns[cell.first] = true;
    auto clean = [](QString s) { return s.replace(QLatin1Char('\t'), QLatin1Char(' ')).replace(QLatin1Char('\n'), QLatin1Char(' ')); };
    QStringList lines;
    if (cells.size() > 1) {
        QStringList header;
        for (const auto &column : columns)
            header << clean(model()->headerData(horizontalHeader()->logicalIndex(column.first), Qt::Horizontal).toString());
        lines << header.join(QLatin1Char('\t'));
    }
    for (const auto &row : cells) {
        QStringList fields;
        for (const auto &column : columns) {
            auto it = row.second.find(column.first);
            fields << (it == row.second.end() ? QString() : clean(it->second));
        }
        lines << fields.join(QLatin1Char('\t'));
    }
    return lines.join(QLatin1Char('\n')) + QLatin1Char('\n');
}

void ResultTableView::copySelection() const
{
    const QString tsv = selectionAsTsv();
    if (!tsv.isEmpty())
        QApplication::clipboard()->setText(tsv);
}

void ResultTableView::keyPressEvent(QKeyEvent *event)
{
    if (event == QKeySequence::Copy) {
        copySelection();
        event->accept();
        return;
    }
    QTableView::keyPressEvent(event);
}
