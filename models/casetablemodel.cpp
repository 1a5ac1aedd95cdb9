#include "casetablemodel.h"

#include "capturetables.h"
#include "plaintooltip.h"
#include "resultcell.h"
#include "shorttext.h"
#include "tablebuilder.h"
#include "tableroles.h"

using bs::ColumnKind;

CaseTableModel::CaseTableModel(std::shared_ptr<const bs::Capture> capture, const std::string &caseId, QObject *parent)
    : QAbstractTableModel(parent)
    , m_capture(std::move(capture))
    , m_caseId(caseId)
    , m_table(bs::TableBuilder::caseTable(*m_capture, caseId))
{
}

QModelIndex CaseTableModel::index(int row, int column, const QModelIndex &parent) const
{
    if (parent.isValid() || row < 0 || column < 0 || row >= rowCount() || column >= int(m_table.columnCount()))
        return {};
    return createIndex(row, column);
}

int CaseTableModel::rowCount(const QModelIndex &parent) const
{
    // An unknown case still lists the participants, with nothing recorded.
    return parent.isValid() ? 0 : int(m_capture->participants.size());
}

int CaseTableModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_table.columnCount());
}

const bs::Participant &CaseTableModel::participantAt(int row) const
{
    return m_capture->participants.at(std::size_t(row));
}

int CaseTableModel::metricColumn(const std::string &metricId) const
{
    for (std::size_t i = 0; i < m_table.columnCount(); ++i)
        if (m_table.columns[i].kind == ColumnKind::Value && m_table.columns[i].metric->id == metricId)
            return int(i);
    return -1;
}

QVariant CaseTableModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid))
        return {};
    const std::size_t row = std::size_t(index.row());
    const std::size_t col = std::size_t(index.column());
    if (role == TableRole::ParticipantIdRole)
        return QString::fromStdString(participantAt(index.row()).id);
    if (role == TableRole::CaseIdRole)
        return QString::fromStdString(m_caseId);
    switch (m_table.columns[col].kind) {
    case ColumnKind::Participant:
        return m_participants.data(m_capture->participants, row, role);
    case ColumnKind::Count:
        switch (role) {
        case Qt::DisplayRole:
        case TableRole::CellTextRole:
            return QString::fromStdString(m_table.text(row, col));
        case TableRole::SortRole: {
            const auto n = m_table.value(row, col);
            return n ? QVariant(*n) : QVariant(QString());
        }
        case Qt::TextAlignmentRole:
            return int(Qt::AlignRight | Qt::AlignVCenter);
        case Qt::ToolTipRole:
            return QStringLiteral("repetitions measured (\"once\": figures measured once for the whole result)");
        }
        return {};
    default:
        return ResultCell::data(m_table, row, col, role);
    }
}

QVariant CaseTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || section < 0 || section >= columnCount())
        return QAbstractTableModel::headerData(section, orientation, role);
    const bs::TableColumn &column = m_table.columns[std::size_t(section)];
    const bs::Metric *metric = column.kind == ColumnKind::Value ? column.metric : nullptr;
    switch (role) {
    case Qt::DisplayRole:
        return ShortText::elided(column.caption());
    case TableRole::CellTextRole:
        return QString::fromStdString(column.caption());
    case Qt::ToolTipRole:
        if (metric) {
            QString tip = QString::fromStdString(bs::CaptureTables::metricTitle(*metric, column.scale))
                + QStringLiteral("\nthe median run's value [min–max over the repetitions]");
            if (!metric->description.empty())
                tip += QLatin1Char('\n') + QString::fromStdString(metric->description);
            return PlainToolTip::of(tip);
        }
        return section == 0 ? QStringLiteral("Participant") : QStringLiteral("Repetitions measured");
    case Qt::TextAlignmentRole:
        return int((section == 0 ? Qt::AlignLeft : Qt::AlignRight) | Qt::AlignVCenter);
    case TableRole::MetricIdRole:
        return metric ? QVariant(QString::fromStdString(metric->id)) : QVariant();
    case Qt::InitialSortOrderRole:
        return int(metric ? ResultCell::bestFirst(*metric) : Qt::AscendingOrder);
    }
    return {};
}
