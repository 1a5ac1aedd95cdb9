#include "resulttableview.h"

#include "result.h"
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
    setTabKeyNavigation(false);
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
        applyColumnVisibility();
        updateGeometry();
    };
    connect(model, &QAbstractItemModel::modelReset, this, [this, reapply] {
        m_hiddenColumns.clear(); // the columns may be others now
        reapply();
    });
    connect(model, &QAbstractItemModel::rowsInserted, this, reapply);
    connect(model, &QAbstractItemModel::rowsRemoved, this, reapply);
    // ParticipantFilterProxy applies a filter as a layout change.
    connect(model, &QAbstractItemModel::layoutChanged, this, reapply);
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
    applyColumnVisibility();
}

void ResultTableView::setHideEmptyColumns(bool hide)
{
    m_hideEmpty = hide;
    applyColumnVisibility();
}

void ResultTableView::applyColumnVisibility()
{
    if (!model())
        return;
    for (int c = 1; c < model()->columnCount(); ++c) {
        const QString id = model()->headerData(c, Qt::Horizontal, TableRole::MetricIdRole).toString();
        const bool chosen = id.isEmpty() ? m_hiddenColumns.contains(c) : m_hiddenMetrics.contains(id);
        if (!id.isEmpty() || m_hideEmpty)
            setColumnHidden(c, chosen || (m_hideEmpty && isEmptyColumn(c)));
    }
}

bool ResultTableView::isEmptyColumn(int column) const
{
    const int rows = model()->rowCount();
    if (rows == 0)
        return false; // a filter that shows nothing leaves the columns alone
    // As the CLI's all-cases table drops a case: no value, and some result
    // that is ok (so the blanks are "n/a", not dashes worth seeing).
    bool anyOk = false;
    for (int row = 0; row < rows; ++row) {
        const QModelIndex index = model()->index(row, column);
        if (index.data(TableRole::SortRole).typeId() == QMetaType::Double)
            return false;
        const QVariant status = index.data(TableRole::StatusRole);
        anyOk = anyOk || !status.isValid() || status.toInt() == int(bs::ResultStatus::Ok);
    }
    return anyOk;
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
        const bool empty = m_hideEmpty && isEmptyColumn(c);
        QAction *action = menu.addAction(model()->headerData(c, Qt::Horizontal).toString()
                                         + (empty ? QStringLiteral(" (no values here)") : QString()));
        action->setCheckable(true);
        action->setChecked(!isColumnHidden(c));
        action->setEnabled(!empty);
        const QString metricId = model()->headerData(c, Qt::Horizontal, TableRole::MetricIdRole).toString();
        connect(action, &QAction::toggled, this, [this, c, metricId](bool visible) {
            if (!metricId.isEmpty()) {
                emit metricVisibilityChanged(metricId, visible);
                return;
            }
            if (visible)
                m_hiddenColumns.remove(c);
            else
                m_hiddenColumns.insert(c);
            setColumnHidden(c, !visible);
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
