#include "casetablemodel.h"

#include "capturetables.h"
#include "participantcell.h"
#include "resultcell.h"
#include "tablebuilder.h"
#include "tableroles.h"

#include <QFont>

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
        switch (role) {
        case Qt::DisplayRole:
        case TableRole::CellTextRole:
            return ParticipantCell::label(participantAt(index.row()));
        case TableRole::SortRole:
            if (m_sortKeys.empty())
                m_sortKeys = ParticipantCell::sortKeys(m_capture->participants);
            return m_sortKeys[row];
        case Qt::ToolTipRole:
            return ParticipantCell::toolTip(participantAt(index.row()));
        case TableRole::FilterTextRole:
            if (m_filterTexts.empty())
                m_filterTexts = ParticipantCell::filterTexts(m_capture->participants);
            return m_filterTexts[row];
        }
        return {};
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
        return metricData(row, col, role);
    }
}

QVariant CaseTableModel::metricData(std::size_t row, std::size_t col, int role) const
{
    const bs::TableColumn &column = m_table.columns[col];
    const bs::Result *r = m_table.result(row, col);
    switch (role) {
    case Qt::DisplayRole:
        return QString::fromStdString(m_table.text(row, col));
    case TableRole::RangeRole:
        return QString::fromStdString(m_table.spread(row, col));
    case TableRole::CellTextRole:
        return QString::fromStdString(m_table.cellText(row, col));
    case TableRole::SortRole:
        if (const auto v = m_table.value(row, col))
            return *v;
        return ResultCell::sortValue(r, *column.metric);
    case TableRole::RankRole: {
        const int rank = m_table.rank(row, col);
        return rank > 0 ? QVariant(rank) : QVariant();
    }
    case TableRole::StatusRole:
        return r ? int(r->status) : int(bs::ResultStatus::Missing);
    case Qt::ToolTipRole:
        return ResultCell::toolTip(*m_capture, r, *column.metric, column.scale);
    case Qt::ForegroundRole:
        return ResultCell::foreground(r);
    case Qt::TextAlignmentRole:
        return int(Qt::AlignRight | Qt::AlignVCenter);
    case Qt::FontRole:
        if (m_table.rank(row, col) == 1 && m_capture->participants.size() > 1) {
            QFont bold;
            bold.setBold(true);
            return bold;
        }
        return {};
    }
    return {};
}

QVariant CaseTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || section < 0 || section >= columnCount())
        return QAbstractTableModel::headerData(section, orientation, role);
    const bs::TableColumn &column = m_table.columns[std::size_t(section)];
    const bs::Metric *metric = column.kind == ColumnKind::Value ? column.metric : nullptr;
    switch (role) {
    case Qt::DisplayRole:
        return QString::fromStdString(column.caption());
    case Qt::ToolTipRole:
        if (metric) {
            QString tip = QString::fromStdString(bs::CaptureTables::metricTitle(*metric, column.scale))
                + QStringLiteral("\nthe median run's value [min–max over the repetitions]");
            if (!metric->description.empty())
                tip += QLatin1Char('\n') + QString::fromStdString(metric->description);
            return tip;
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
