#include "repetitionsmodel.h"

#include "capturetables.h"
#include "plaintooltip.h"
#include "resultcell.h"
#include "shorttext.h"
#include "tableroles.h"

#include <QColor>
#include <QFont>
#include <QStringList>

#include <algorithm>
#include <set>

RepetitionsModel::RepetitionsModel(std::shared_ptr<const bs::Capture> capture, QObject *parent)
    : QAbstractTableModel(parent)
    , m_capture(std::move(capture))
{
}

void RepetitionsModel::setResult(const std::string &participantId, const std::string &caseId)
{
    beginResetModel();
    m_result = m_capture->result(participantId, caseId);
    m_columns = {Column{Kind::Index, {}, nullptr, {}}};
    if (m_result) {
        addMetricColumns();
        std::set<std::string> kinds;
        bool flags = false;
        for (const bs::Repetition &rep : m_result->repetitions) {
            for (const auto &e : rep.errors)
                kinds.insert(e.first);
            flags = flags || !rep.flags.empty();
        }
        for (const std::string &kind : kinds)
            m_columns.push_back({Kind::Error, kind, nullptr, {}});
        if (flags)
            m_columns.push_back({Kind::Flags, {}, nullptr, {}});
    }
    endResetModel();
}

void RepetitionsModel::addMetricColumns()
{
    // The metrics measured, the primary first, in the tables' scales
    // (a repetition reads as the table's range prints it).
    const std::vector<bs::Metric> all = bs::CaptureTables::tableMetrics(*m_capture);
    const std::map<std::string, bs::UnitFormat::Scale> scales = bs::CaptureTables::captureScales(*m_capture);
    std::vector<bs::UnitFormat::Scale> shown;
    m_metrics.clear();
    for (std::size_t i = 0; i < all.size(); ++i)
        if (std::any_of(m_result->repetitions.begin(), m_result->repetitions.end(),
                        [&id = all[i].id](const bs::Repetition &rep) { return rep.metrics.count(id) > 0; })) {
            m_metrics.push_back(all[i]);
            shown.push_back(scales.at(all[i].id));
        }
    for (std::size_t i = 0; i < m_metrics.size(); ++i)
        m_columns.push_back({Kind::Metric, m_metrics[i].id, &m_metrics[i], shown[i]});
}

int RepetitionsModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() || !m_result ? 0 : int(m_result->repetitions.size());
}

int RepetitionsModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_columns.size());
}

const bs::Repetition &RepetitionsModel::repetition(int row) const
{
    return m_result->repetitions.at(std::size_t(row));
}

QVariant RepetitionsModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid))
        return {};
    const bs::Repetition &rep = repetition(index.row());
    const bool representative = index.row() == m_result->representative;
    const Column &column = m_columns[std::size_t(index.column())];
    if (role == Qt::FontRole && representative) {
        QFont bold;
        bold.setBold(true);
        return bold;
    }
    if (role == Qt::TextAlignmentRole)
        return int((column.kind == Kind::Flags ? Qt::AlignLeft : Qt::AlignRight) | Qt::AlignVCenter);
    switch (column.kind) {
    case Kind::Index:
        if (role == Qt::DisplayRole || role == TableRole::CellTextRole)
            return representative ? QStringLiteral("%1 ★").arg(index.row() + 1) : QString::number(index.row() + 1);
        if (role == TableRole::SortRole)
            return double(index.row() + 1);
        if (role == Qt::ToolTipRole)
            return representative ? QStringLiteral("the representative repetition: its values are the ones the tables show")
                                  : QVariant();
        return {};
    case Kind::Metric: {
        auto it = rep.metrics.find(column.key);
        if (role == Qt::DisplayRole || role == TableRole::CellTextRole)
            return it == rep.metrics.end() ? QStringLiteral("n/a")
                                           : QString::fromStdString(bs::UnitFormat::number(it->second, column.scale));
        if (role == TableRole::SortRole)
            return it == rep.metrics.end() ? QVariant(QStringLiteral("n/a")) : QVariant(it->second);
        if (role == Qt::ToolTipRole)
            return PlainToolTip::of(QString::fromStdString(bs::CaptureTables::metricTitle(*column.metric, column.scale)));
        return {};
    }
    case Kind::Error: {
        auto it = rep.errors.find(column.key);
        const double count = it == rep.errors.end() ? 0 : double(it->second);
        if (role == Qt::DisplayRole || role == TableRole::CellTextRole)
            return QString::fromStdString(bs::UnitFormat::plain(count));
        if (role == TableRole::SortRole)
            return count;
        if (role == Qt::ForegroundRole && count > 0)
            return QColor(0xb0, 0x20, 0x20);
        return {};
    }
    case Kind::Flags:
        if (role == Qt::DisplayRole || role == TableRole::CellTextRole || role == TableRole::SortRole) {
            QStringList flags;
            for (const std::string &f : rep.flags)
                flags << QString::fromStdString(f);
            return flags.join(QStringLiteral(", "));
        }
        return {};
    }
    return {};
}

QVariant RepetitionsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || section < 0 || section >= columnCount())
        return QAbstractTableModel::headerData(section, orientation, role);
    const Column &column = m_columns[std::size_t(section)];
    if (role == Qt::TextAlignmentRole)
        return int((column.kind == Kind::Flags ? Qt::AlignLeft : Qt::AlignRight) | Qt::AlignVCenter);
    if (role == TableRole::MetricIdRole && column.kind == Kind::Metric)
        return QString::fromStdString(column.key);
    if (role == Qt::InitialSortOrderRole && column.kind == Kind::Metric)
        return int(ResultCell::bestFirst(*column.metric));
    if (role != Qt::DisplayRole && role != Qt::ToolTipRole)
        return {};
    switch (column.kind) {
    case Kind::Index: return QStringLiteral("Repetition");
    case Kind::Metric:
        return role == Qt::ToolTipRole ? PlainToolTip::of(QString::fromStdString(bs::CaptureTables::metricTitle(*column.metric, column.scale)))
                                       : ResultCell::header(ShortText::elided(bs::labelWithStatistic(*column.metric)), column.scale);
    case Kind::Error: return QString(QStringLiteral("Errors: ") + QString::fromStdString(column.key));
    case Kind::Flags: return QStringLiteral("Flags");
    }
    return {};
}
