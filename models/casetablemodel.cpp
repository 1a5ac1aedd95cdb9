#include "casetablemodel.h"

#include "capturetables.h"
#include "columnranking.h"
#include "participantcell.h"
#include "resultcell.h"
#include "resultindex.h"
#include "tableroles.h"

#include <QFont>

CaseTableModel::CaseTableModel(std::shared_ptr<const bs::Capture> capture, const std::string &caseId, QObject *parent)
    : QAbstractTableModel(parent)
    , m_capture(std::move(capture))
    , m_caseId(caseId)
{
    const ResultIndex index(*m_capture);
    const int k = ResultIndex::caseIndex(*m_capture, caseId);
    m_results.reserve(m_capture->participants.size());
    for (std::size_t i = 0; i < m_capture->participants.size(); ++i)
        m_results.push_back(k >= 0 ? index.find(i, std::size_t(k)) : nullptr);
    m_metrics = bs::CaptureTables::tableMetrics(*m_capture);
    m_scales = bs::CaptureTables::metricScales(m_metrics, m_results);
    for (const bs::Metric &m : m_metrics) {
        std::vector<std::optional<double>> values;
        values.reserve(m_results.size());
        for (const bs::Result *r : m_results)
            values.push_back(ResultCell::value(r, m));
        m_ranks.push_back(ColumnRanking::ranks(values, m.direction));
        m_values.push_back(std::move(values));
    }
}

QModelIndex CaseTableModel::index(int row, int column, const QModelIndex &parent) const
{
    const int columns = int(m_metrics.size()) + 2;
    if (parent.isValid() || row < 0 || column < 0 || row >= int(m_results.size()) || column >= columns)
        return {};
    return createIndex(row, column);
}

int CaseTableModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_results.size());
}

int CaseTableModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_metrics.size()) + 2;
}

const bs::Participant &CaseTableModel::participantAt(int row) const
{
    return m_capture->participants.at(std::size_t(row));
}

int CaseTableModel::metricColumn(const std::string &metricId) const
{
    for (std::size_t i = 0; i < m_metrics.size(); ++i)
        if (m_metrics[i].id == metricId)
            return int(i) + 1;
    return -1;
}

QVariant CaseTableModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid))
        return {};
    const std::size_t row = std::size_t(index.row());
    const int col = index.column();
    const bs::Result *r = m_results[row];
    if (role == TableRole::ParticipantIdRole)
        return QString::fromStdString(participantAt(index.row()).id);
    if (role == TableRole::CaseIdRole)
        return QString::fromStdString(m_caseId);
    if (col == 0) {
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
    }
    if (col == repetitionsColumn()) {
        const bool counted = r && r->status == bs::ResultStatus::Ok;
        switch (role) {
        case Qt::DisplayRole:
        case TableRole::CellTextRole:
            return counted ? QString::fromStdString(bs::CaptureTables::nText(*r)) : QString();
        case TableRole::SortRole:
            return counted ? QVariant(double(r->repetitions.size())) : QVariant(QString());
        case Qt::TextAlignmentRole:
            return int(Qt::AlignRight | Qt::AlignVCenter);
        case Qt::ToolTipRole:
            return QStringLiteral("repetitions measured (\"once\": figures measured once for the whole result)");
        }
        return {};
    }
    const std::size_t m = std::size_t(col - 1);
    const bs::Metric &metric = m_metrics[m];
    const bs::UnitFormat::Scale &scale = m_scales[m];
    switch (role) {
    case Qt::DisplayRole:
        return ResultCell::displayText(r, metric, scale);
    case TableRole::RangeRole:
        return ResultCell::rangeText(r, metric, scale);
    case TableRole::CellTextRole:
        return ResultCell::cellText(r, metric, scale);
    case TableRole::SortRole:
        if (m_values[m][row])
            return *m_values[m][row];
        return ResultCell::sortValue(r, metric);
    case TableRole::RankRole:
        return m_ranks[m][row] > 0 ? QVariant(m_ranks[m][row]) : QVariant();
    case TableRole::StatusRole:
        return r ? int(r->status) : int(bs::ResultStatus::Missing);
    case Qt::ToolTipRole:
        return ResultCell::toolTip(*m_capture, r, metric, scale);
    case Qt::ForegroundRole:
        return ResultCell::foreground(r);
    case Qt::TextAlignmentRole:
        return int(Qt::AlignRight | Qt::AlignVCenter);
    case Qt::FontRole:
        if (m_ranks[m][row] == 1 && m_results.size() > 1) {
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
    const bool isMetric = section > 0 && section < repetitionsColumn();
    const bs::Metric *metric = isMetric ? &m_metrics[std::size_t(section - 1)] : nullptr;
    switch (role) {
    case Qt::DisplayRole:
        if (section == 0)
            return QStringLiteral("Participant");
        if (!metric)
            return QStringLiteral("n");
        return ResultCell::header(QString::fromStdString(metric->label), m_scales[std::size_t(section - 1)]);
    case Qt::ToolTipRole:
        if (metric) {
            QString tip = QString::fromStdString(bs::CaptureTables::metricTitle(*metric));
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
