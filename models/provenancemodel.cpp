#include "provenancemodel.h"

#include "capturetables.h"
#include "plaintooltip.h"
#include "shorttext.h"
#include "tableroles.h"

#include <QColor>
#include <QFont>

ProvenanceModel::ProvenanceModel(const bs::Capture &capture, QObject *parent)
    : QAbstractTableModel(parent)
    , m_table(bs::CaptureTables::provenance(capture))
{
}

int ProvenanceModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_table.rows.size());
}

int ProvenanceModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_table.header.size());
}

QVariant ProvenanceModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid))
        return {};
    const auto &row = m_table.rows[std::size_t(index.row())];
    const std::string &field = row[0];
    const QString text = QString::fromStdString(row[std::size_t(index.column())]);
    // A reader warning, or a participant that failed the shared contract.
    const bool warning = field == "Reader warning"
        || (field.rfind("Contract (", 0) == 0 && row[1].find(" failed, ") != std::string::npos);
    // Caveats and the latency correction change how the numbers may be read.
    const bool notable = warning || field == "Caveat" || field == "Latency";
    const bool contract = field.rfind("Contract (", 0) == 0; // read in full too
    switch (role) {
    case Qt::DisplayRole:
        return ShortText::elided(text, 4 * ShortText::kShown);
    case TableRole::CellTextRole:
    case TableRole::SortRole:
        return text;
    case Qt::ToolTipRole:
        return PlainToolTip::of(text);
    case Qt::FontRole:
        if (index.column() == 0) {
            QFont font;
            font.setBold(notable);
            return font;
        }
        return {};
    case Qt::ForegroundRole:
        if (warning)
            return QColor(0xb0, 0x20, 0x20);
        return index.column() == 0 && !notable ? QVariant(QColor(0x60, 0x60, 0x60)) : QVariant();
    case Qt::TextAlignmentRole:
        return int(Qt::AlignLeft | Qt::AlignTop);
    case ProseRole:
        return notable || contract;
    }
    return {};
}

QVariant ProvenanceModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation == Qt::Horizontal && role == Qt::DisplayRole && section >= 0 && section < columnCount())
        return QString::fromStdString(m_table.header[std::size_t(section)]);
    return QAbstractTableModel::headerData(section, orientation, role);
}
