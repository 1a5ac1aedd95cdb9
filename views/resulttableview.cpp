#include "resulttableview.h"

#include "resultheaderview.h"
#include "tableroles.h"
#include "tablesource.h"
#include "valuerangedelegate.h"

#include <QAbstractProxyModel>
#include <QApplication>
#include <QClipboard>
#include <QHeaderView>
#include <QKeyEvent>
#include <QMenu>
#include <QScrollBar>

#include <algorithm>
#include <map>

namespace {
constexpr int kMaxFirstColumnWidth = 240;
constexpr int kMaxColumnWidth = 420;
} // namespace

ResultTableView::ResultTableView(QWidget *parent)
    : QTableView(parent)
    , m_delegate(new ValueRangeDelegate(this))
    , m_frozen(new QTableView(this))
{
    setHorizontalHeader(new ResultHeaderView(this));
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
    // The sorted column makes room for its arrow.
    connect(horizontalHeader(), &QHeaderView::sortIndicatorChanged, this, [this](int section) {
        if (section < 0)
            return;
        const int wanted = std::max(sizeHintForColumn(section), horizontalHeader()->sectionSizeHint(section));
        if (columnWidth(section) < wanted)
            setColumnWidth(section, wanted);
    });
    setUpFrozenColumn();
}

void ResultTableView::setUpFrozenColumn()
{
    QTableView *f = m_frozen;
    f->setObjectName(QStringLiteral("frozenColumn"));
    f->setHorizontalHeader(new ResultHeaderView(f));
    f->setItemDelegate(new ValueRangeDelegate(f));
    f->setFocusPolicy(Qt::NoFocus);
    f->setFrameShape(QFrame::NoFrame);
    f->setAlternatingRowColors(true);
    f->setWordWrap(false);
    f->setTextElideMode(Qt::ElideRight);
    f->setSelectionBehavior(selectionBehavior());
    f->setSelectionMode(selectionMode());
    f->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    f->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    f->setVerticalScrollMode(verticalScrollMode());
    f->verticalHeader()->hide();
    f->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    f->horizontalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    f->horizontalHeader()->setHighlightSections(false);
    f->horizontalHeader()->setSortIndicatorShown(true);
    f->horizontalHeader()->setDefaultAlignment(Qt::AlignLeft | Qt::AlignVCenter);
    viewport()->stackUnder(f);
    // Clicking the overlay's header sorts the table, as the header under it would.
    connect(f->horizontalHeader(), &QHeaderView::sectionClicked, this, &ResultTableView::sortByFrozenHeader);
    connect(horizontalHeader(), &QHeaderView::sortIndicatorChanged, this, [this](int section, Qt::SortOrder order) {
        m_frozen->horizontalHeader()->setSortIndicator(section == 0 ? 0 : -1, order);
    });
    connect(horizontalHeader(), &QHeaderView::sectionResized, this, [this](int logical, int, int size) {
        if (logical == 0) {
            m_frozen->setColumnWidth(0, size);
            updateFrozenGeometry();
        }
    });
    connect(f->verticalScrollBar(), &QAbstractSlider::valueChanged, verticalScrollBar(), &QAbstractSlider::setValue);
    connect(verticalScrollBar(), &QAbstractSlider::valueChanged, f->verticalScrollBar(), &QAbstractSlider::setValue);
}

void ResultTableView::sortByFrozenHeader()
{
    QHeaderView *h = horizontalHeader();
    const bool again = h->sortIndicatorSection() == 0;
    const Qt::SortOrder first = Qt::SortOrder(
        model() ? model()->headerData(0, Qt::Horizontal, Qt::InitialSortOrderRole).toInt() : Qt::AscendingOrder);
    const Qt::SortOrder flipped = h->sortIndicatorOrder() == Qt::AscendingOrder ? Qt::DescendingOrder : Qt::AscendingOrder;
    sortByColumn(0, again ? flipped : first);
}

void ResultTableView::followModel()
{
    if (!model())
        return;
    for (int c = 1; c < model()->columnCount(); ++c)
        m_frozen->setColumnHidden(c, true);
    m_frozen->setColumnHidden(0, false);
    m_frozen->setColumnWidth(0, columnWidth(0));
    // Two-line rows where some cell has a range to show under its value.
    bool ranges = false;
    const int rows = std::min(model()->rowCount(), ValueRangeDelegate::kScanRows);
    for (int c = 1; c < model()->columnCount() && !ranges; ++c)
        for (int row = 0; row < rows && !ranges; ++row)
            ranges = !model()->index(row, c).data(TableRole::RangeRole).toString().isEmpty();
    m_delegate->setStacked(ranges);
    static_cast<ValueRangeDelegate *>(m_frozen->itemDelegate())->setStacked(ranges);
    static_cast<ResultHeaderView *>(horizontalHeader())->setStacked(ranges);
    static_cast<ResultHeaderView *>(m_frozen->horizontalHeader())->setStacked(ranges);
    const int line = fontMetrics().height();
    const int height = ranges ? 2 * line + 6 : line + 8;
    verticalHeader()->setDefaultSectionSize(height);
    m_frozen->verticalHeader()->setDefaultSectionSize(height);
    updateFrozenGeometry();
}

void ResultTableView::updateGeometries()
{
    QTableView::updateGeometries();
    updateFrozenGeometry();
}

void ResultTableView::updateFrozenGeometry()
{
    if (!m_frozen)
        return;
    m_frozen->horizontalHeader()->setFixedHeight(horizontalHeader()->height());
    m_frozen->setGeometry(frameWidth() + (verticalHeader()->isVisible() ? verticalHeader()->width() : 0), frameWidth(),
                          columnWidth(0), viewport()->height() + horizontalHeader()->height());
}

void ResultTableView::scrollTo(const QModelIndex &index, ScrollHint hint)
{
    QTableView::scrollTo(index, hint);
    // A cell scrolled to must not end up under the participant column.
    if (index.isValid() && index.column() > 0) {
        const int hidden = columnWidth(0) - visualRect(index).left();
        if (hidden > 0)
            horizontalScrollBar()->setValue(horizontalScrollBar()->value() - hidden);
    }
}

void ResultTableView::setModel(QAbstractItemModel *model)
{
    QTableView::setModel(model);
    m_delegate->setModel(model);
    m_frozen->setModel(model);
    static_cast<ValueRangeDelegate *>(m_frozen->itemDelegate())->setModel(model);
    if (!model)
        return;
    m_frozen->setSelectionModel(selectionModel());
    followModel();
    auto reapply = [this] {
        applyColumnVisibility();
        updateGeometry();
    };
    connect(model, &QAbstractItemModel::modelReset, this, [this, reapply] {
        m_hiddenColumns.clear(); // the columns may be others now
        followModel();
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
    // The core's rule (bs::Table::valueless), over the rows shown.
    const auto *proxy = qobject_cast<const QAbstractProxyModel *>(model());
    const auto *source = dynamic_cast<const TableSource *>(proxy ? proxy->sourceModel() : model());
    const int rows = model()->rowCount();
    if (!source || rows == 0)
        return false; // a filter that shows nothing leaves the columns alone
    std::vector<std::size_t> shown;
    shown.reserve(std::size_t(rows));
    for (int row = 0; row < rows; ++row)
        shown.push_back(std::size_t(proxy ? proxy->mapToSource(model()->index(row, 0)).row() : row));
    return source->table().valueless(std::size_t(column), shown);
}

int ResultTableView::sizeHintForColumn(int column) const
{
    if (!model())
        return -1;
    ensurePolished(); // the font the cells are painted in
    QStyleOptionViewItem option;
    initViewItemOption(&option);
    int hint = 0;
    const int rows = std::min(model()->rowCount(), ValueRangeDelegate::kScanRows);
    for (int row = 0; row < rows; ++row) {
        const QModelIndex index = model()->index(row, column);
        hint = std::max(hint, itemDelegateForIndex(index)->sizeHint(option, index).width());
    }
    return hint + (showGrid() ? 1 : 0);
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
