#include "modeltexttable.h"

#include "tableroles.h"

#include <QAbstractItemModel>

namespace {

std::string cellText(const QModelIndex &index)
{
    QVariant text = index.data(TableRole::CellTextRole);
    if (!text.isValid())
        text = index.data(Qt::DisplayRole);
    return text.toString().toStdString();
}

bool isNumber(const QVariant &v)
{
    switch (v.typeId()) {
    case QMetaType::Double:
    case QMetaType::Float:
    case QMetaType::Int:
    case QMetaType::UInt:
    case QMetaType::LongLong:
    case QMetaType::ULongLong:
        return true;
    default:
        return false;
    }
}

} // namespace

bs::TextTable ModelTextTable::fromModel(const QAbstractItemModel &model, const std::vector<int> &columns,
                                        const QString &title)
{
    std::vector<int> shown = columns;
    if (shown.empty())
        for (int c = 0; c < model.columnCount(); ++c)
            shown.push_back(c);

    bs::TextTable table;
    table.title = title.toStdString();
    table.numeric.assign(shown.size(), false);
    for (int c : shown) { // the whole caption where the header shows it cut (ShortText)
        QVariant caption = model.headerData(c, Qt::Horizontal, TableRole::CellTextRole);
        if (!caption.isValid())
            caption = model.headerData(c, Qt::Horizontal, Qt::DisplayRole);
        table.header.push_back(caption.toString().toStdString());
    }

    bool ranges = false;
    for (int row = 0; row < model.rowCount(); ++row) {
        std::vector<std::string> cells;
        cells.reserve(shown.size());
        for (std::size_t i = 0; i < shown.size(); ++i) {
            const QModelIndex index = model.index(row, shown[i]);
            cells.push_back(cellText(index));
            // A column is right-aligned when its cells sort as numbers.
            if (!table.numeric[i]) {
                QVariant sort = index.data(TableRole::SortRole);
                if (!sort.isValid())
                    sort = index.data(Qt::DisplayRole);
                table.numeric[i] = isNumber(sort);
            }
            if (!ranges && index.data(TableRole::RangeRole).toString().startsWith(QLatin1Char('[')))
                ranges = true;
        }
        table.rows.push_back(std::move(cells));
    }
    if (ranges)
        table.notes.push_back("Brackets are the [min–max] range across all repetitions, not confidence intervals.");
    return table;
}
