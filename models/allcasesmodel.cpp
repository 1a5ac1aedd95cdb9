#include "allcasesmodel.h"

#include "participantcell.h"
#include "plaintooltip.h"
#include "resultcell.h"
#include "shorttext.h"
#include "tablebuilder.h"
#include "tableroles.h"

#include <QColor>

using bs::ColumnKind;

AllCasesModel::AllCasesModel(std::shared_ptr<const bs::Capture> capture, QObject *parent)
    : QAbstractTableModel(parent)
    , m_capture(std::move(capture))
    , m_table(bs::TableBuilder::allCases(*m_capture, {}))
{
    if (const bs::Metric *m = m_capture->primaryMetric())
        m_metricId = m->id;
}

void AllCasesModel::setMetric(const std::string &metricId)
{
    beginResetModel();
    const bs::TableBaseline baseline = m_table.baseline();
    m_table = bs::TableBuilder::allCases(*m_capture, metricId, baseline);
    const bs::Metric *m = metricId.empty() ? m_capture->primaryMetric() : m_capture->metric(metricId);
    m_metricId = m ? m->id : metricId;
    endResetModel();
}

void AllCasesModel::setBaseline(BaselineMode mode, const std::string &participantId)
{
    beginResetModel();
    m_table.setBaseline({mode, participantId});
    endResetModel();
}

QModelIndex AllCasesModel::index(int row, int column, const QModelIndex &parent) const
{
    if (parent.isValid() || row < 0 || column < 0 || row >= int(m_table.rowCount())
        || column >= int(m_table.columnCount()))
        return {};
    return createIndex(row, column);
}

int AllCasesModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_table.rowCount());
}

int AllCasesModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_table.columnCount());
}

bool AllCasesModel::isRatioColumn(int column) const
{
    return column >= 0 && column < int(m_table.columnCount())
        && m_table.columns[std::size_t(column)].kind == ColumnKind::Ratio;
}

int AllCasesModel::caseIndex(int column) const
{
    if (column < 0 || column >= int(m_table.columnCount()))
        return -1;
    const bs::TableColumn &c = m_table.columns[std::size_t(column)];
    return c.kind == ColumnKind::Value || c.kind == ColumnKind::Ratio ? int(c.caseIndex) : -1;
}

const bs::Participant *AllCasesModel::baselineFor(int row) const
{
    if (row < 0)
        return nullptr;
    const auto base = m_table.baselineRow(std::size_t(row));
    return base ? &m_capture->participants[*base] : nullptr;
}

QVariant AllCasesModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid))
        return {};
    const int row = index.row();
    const bs::TableColumn &column = m_table.columns[std::size_t(index.column())];
    if (role == TableRole::ParticipantIdRole)
        return QString::fromStdString(m_capture->participants[std::size_t(row)].id);
    if (column.kind == ColumnKind::Participant)
        return m_participants.data(m_capture->participants, std::size_t(row), role);
    if (role == TableRole::CaseIdRole)
        return QString::fromStdString(column.caseId);
    if (role == Qt::TextAlignmentRole)
        return int(Qt::AlignRight | Qt::AlignVCenter);
    return column.kind == ColumnKind::Ratio ? ratioData(row, index.column(), role)
                                            : ResultCell::data(m_table, std::size_t(row), std::size_t(index.column()), role);
}

QVariant AllCasesModel::ratioData(int row, int col, int role) const
{
    const std::size_t r = std::size_t(row), c = std::size_t(col);
    if (role == TableRole::SortRole) {
        // Called for every comparison of a sort: the ratio alone.
        const auto base = m_table.baselineRow(r);
        if (base && *base == r)
            return 1.0;
        const auto q = m_table.value(r, c);
        return q ? QVariant(*q) : QVariant(QString());
    }
    const bs::TableCell cell = m_table.cell(r, c);
    switch (role) {
    case Qt::ForegroundRole:
        return cell.baseline || !cell.value ? QVariant(QColor(0x70, 0x70, 0x70)) : QVariant();
    case Qt::DisplayRole:
        return QString::fromStdString(m_table.text(r, c));
    case TableRole::RangeRole:
        return QString::fromStdString(m_table.spread(r, c));
    case TableRole::CellTextRole:
        return QString::fromStdString(m_table.cellText(r, c));
    case Qt::ToolTipRole: {
        if (cell.noBaseline)
            return QStringLiteral("no baseline on this participant's runtime");
        if (cell.baseline)
            return QStringLiteral("the baseline other rows are compared with");
        const QString baseLabel = ParticipantCell::label(*baselineFor(row));
        if (!cell.value)
            return PlainToolTip::of(QStringLiteral("no value to compare with ") + baseLabel);
        QString tip = QStringLiteral("%1 of %2's %3 (median runs)")
                          .arg(QString::fromStdString(m_table.text(r, c)), baseLabel,
                               QString::fromStdString(bs::labelWithStatistic(*m_table.columns[c].metric)));
        if (cell.parity)
            tip += QStringLiteral("\nparity: within %1% of the baseline").arg(bs::Table::kParityTolerance * 100);
        else if (cell.overlap)
            tip += QStringLiteral("\nthe [min–max] ranges overlap, though the figures are %1% apart or more: "
                                  "not parity, and not shown to differ either")
                       .arg(bs::Table::kParityTolerance * 100);
        return PlainToolTip::of(tip);
    }
    }
    return {};
}

QVariant AllCasesModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || section < 0 || section >= columnCount())
        return QAbstractTableModel::headerData(section, orientation, role);
    const bs::TableColumn &column = m_table.columns[std::size_t(section)];
    if (column.kind == ColumnKind::Participant) {
        if (role == Qt::DisplayRole)
            return ShortText::elided(column.caption());
        if (role == TableRole::CellTextRole)
            return QString::fromStdString(column.caption());
        if (role == Qt::TextAlignmentRole)
            return int(Qt::AlignLeft | Qt::AlignVCenter);
        return {};
    }
    const bs::CaseInfo &k = m_capture->cases[column.caseIndex];
    switch (role) {
    case Qt::DisplayRole:
        return ShortText::elided(column.caption());
    case TableRole::CellTextRole:
        return QString::fromStdString(column.caption());
    case Qt::ToolTipRole: {
        QString tip = QString::fromStdString(k.label);
        if (!k.group.empty())
            tip += QStringLiteral(" · ") + QString::fromStdString(k.group);
        tip += QLatin1Char('\n') + QString::fromStdString(m_table.title);
        if (column.kind == ColumnKind::Ratio)
            tip += QStringLiteral("\nas a percentage of the baseline's value");
        else
            tip += QStringLiteral("\nthe median run's value [min–max over the repetitions]");
        if (!k.description.empty())
            tip += QLatin1Char('\n') + QString::fromStdString(k.description);
        return PlainToolTip::of(tip);
    }
    case Qt::TextAlignmentRole:
        return int(Qt::AlignRight | Qt::AlignVCenter);
    case TableRole::CaseIdRole:
        return QString::fromStdString(k.id);
    case Qt::InitialSortOrderRole:
        return int(ResultCell::bestFirst(*column.metric));
    }
    return {};
}
