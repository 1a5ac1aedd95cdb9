#include "allcasesmodel.h"

#include "capturetables.h"
#include "columnranking.h"
#include "participantcell.h"
#include "resultcell.h"
#include "resultindex.h"
#include "tableroles.h"

#include <QColor>
#include <QFont>

#include <cmath>
#include <string_view>
#include <unordered_map>

AllCasesModel::AllCasesModel(std::shared_ptr<const bs::Capture> capture, QObject *parent)
    : QAbstractTableModel(parent)
    , m_capture(std::move(capture))
{
    const ResultIndex index(*m_capture);
    for (std::size_t k = 0; k < m_capture->cases.size(); ++k) {
        std::vector<const bs::Result *> column;
        column.reserve(m_capture->participants.size());
        for (std::size_t i = 0; i < m_capture->participants.size(); ++i)
            column.push_back(index.find(i, k));
        m_results.push_back(std::move(column));
    }
    rebuildValues();
    rebuildBaseline();
}

void AllCasesModel::setMetric(const std::string &metricId)
{
    beginResetModel();
    m_metricId = metricId;
    rebuildValues();
    rebuildBaseline();
    endResetModel();
}

void AllCasesModel::setBaseline(BaselineMode mode, const std::string &participantId)
{
    beginResetModel();
    m_baselineMode = mode;
    m_baselineId = participantId;
    rebuildBaseline();
    endResetModel();
}

void AllCasesModel::rebuildValues()
{
    m_metric = m_metricId.empty() ? m_capture->primaryMetric() : m_capture->metric(m_metricId);
    if (m_metric)
        m_metricId = m_metric->id;
    m_values.clear();
    m_ranks.clear();
    m_scales.clear();
    for (std::size_t k = 0; k < m_capture->cases.size(); ++k) {
        std::vector<std::optional<double>> values;
        values.reserve(m_results[k].size());
        for (const bs::Result *r : m_results[k])
            values.push_back(m_metric ? ResultCell::value(r, *m_metric) : std::nullopt);
        m_ranks.push_back(ColumnRanking::ranks(values, m_metric ? m_metric->direction : bs::Direction::HigherIsBetter));
        m_values.push_back(std::move(values));
    }
    // One unit for every case: the columns compare at a glance.
    m_scales = m_metric ? bs::CaptureTables::columnScales(*m_metric, m_results)
                        : std::vector<bs::UnitFormat::Scale>(m_capture->cases.size());
}

void AllCasesModel::rebuildBaseline()
{
    const auto &participants = m_capture->participants;
    m_baselineRows.assign(participants.size(), -1);
    if (m_baselineMode == BaselineMode::Participant) {
        int row = -1;
        for (std::size_t i = 0; i < participants.size() && row < 0; ++i)
            if (participants[i].id == m_baselineId)
                row = int(i);
        m_baselineRows.assign(participants.size(), row);
    } else if (m_baselineMode == BaselineMode::MarkedSameRuntime) {
        // The first marked baseline on each runtime, else the first marked.
        int firstMarked = -1;
        std::unordered_map<std::string_view, int> markedOnRuntime;
        for (std::size_t j = 0; j < participants.size(); ++j)
            if (participants[j].baseline) {
                if (firstMarked < 0)
                    firstMarked = int(j);
                markedOnRuntime.emplace(participants[j].runtime, int(j));
            }
        for (std::size_t i = 0; i < participants.size(); ++i) {
            const auto it = markedOnRuntime.find(participants[i].runtime);
            m_baselineRows[i] = it == markedOnRuntime.end() ? firstMarked : it->second;
        }
    }
    const bool withRatios = std::any_of(m_baselineRows.begin(), m_baselineRows.end(), [](int b) { return b >= 0; });
    m_columns = {Column{}};
    for (std::size_t k = 0; k < m_capture->cases.size(); ++k) {
        m_columns.push_back({int(k), false});
        if (withRatios)
            m_columns.push_back({int(k), true});
    }
}

QModelIndex AllCasesModel::index(int row, int column, const QModelIndex &parent) const
{
    const int rows = m_metric ? int(m_capture->participants.size()) : 0;
    if (parent.isValid() || row < 0 || column < 0 || row >= rows || column >= int(m_columns.size()))
        return {};
    return createIndex(row, column);
}

int AllCasesModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() || !m_metric ? 0 : int(m_capture->participants.size());
}

int AllCasesModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_columns.size());
}

bool AllCasesModel::isRatioColumn(int column) const
{
    return column >= 0 && column < int(m_columns.size()) && m_columns[std::size_t(column)].ratio;
}

int AllCasesModel::caseIndex(int column) const
{
    return column >= 0 && column < int(m_columns.size()) ? m_columns[std::size_t(column)].caseIndex : -1;
}

const bs::Participant *AllCasesModel::baselineFor(int row) const
{
    if (row < 0 || row >= int(m_baselineRows.size()) || m_baselineRows[std::size_t(row)] < 0)
        return nullptr;
    return &m_capture->participants[std::size_t(m_baselineRows[std::size_t(row)])];
}

const bs::Result *AllCasesModel::result(int row, int caseIndex) const
{
    return m_results[std::size_t(caseIndex)][std::size_t(row)];
}

std::optional<double> AllCasesModel::ratio(int row, int caseIndex) const
{
    const int base = m_baselineRows[std::size_t(row)];
    if (base < 0)
        return std::nullopt;
    const auto &values = m_values[std::size_t(caseIndex)];
    const auto &v = values[std::size_t(row)];
    const auto &b = values[std::size_t(base)];
    if (!v || !b || *b == 0)
        return std::nullopt;
    return *v / *b;
}

bool AllCasesModel::parity(int row, int caseIndex) const
{
    const auto q = ratio(row, caseIndex);
    if (!q)
        return false;
    const bs::Result *r = result(row, caseIndex);
    const bs::Result *b = result(m_baselineRows[std::size_t(row)], caseIndex);
    const bs::MetricSummary &rs = r->summary.at(m_metricId);
    const bs::MetricSummary &bsum = b->summary.at(m_metricId);
    if (rs.n > 1 && bsum.n > 1)
        return rs.min <= bsum.max && bsum.min <= rs.max;
    return std::fabs(*q - 1) < kParityTolerance;
}

QVariant AllCasesModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid))
        return {};
    const int row = index.row();
    const Column &column = m_columns[std::size_t(index.column())];
    const bs::Participant &p = m_capture->participants[std::size_t(row)];
    if (role == TableRole::ParticipantIdRole)
        return QString::fromStdString(p.id);
    if (column.caseIndex < 0) {
        switch (role) {
        case Qt::DisplayRole:
        case TableRole::CellTextRole:
            return ParticipantCell::label(p);
        case TableRole::SortRole:
            if (m_sortKeys.empty())
                m_sortKeys = ParticipantCell::sortKeys(m_capture->participants);
            return m_sortKeys[std::size_t(row)];
        case Qt::ToolTipRole:
            return ParticipantCell::toolTip(p);
        case TableRole::FilterTextRole:
            if (m_filterTexts.empty())
                m_filterTexts = ParticipantCell::filterTexts(m_capture->participants);
            return m_filterTexts[std::size_t(row)];
        }
        return {};
    }
    if (role == TableRole::CaseIdRole)
        return QString::fromStdString(m_capture->cases[std::size_t(column.caseIndex)].id);
    if (role == Qt::TextAlignmentRole)
        return int(Qt::AlignRight | Qt::AlignVCenter);
    return column.ratio ? ratioData(row, column, role) : valueData(row, column, role);
}

QVariant AllCasesModel::valueData(int row, const Column &column, int role) const
{
    const std::size_t k = std::size_t(column.caseIndex);
    const bs::Result *r = result(row, column.caseIndex);
    const bs::UnitFormat::Scale &scale = m_scales[k];
    const int rank = m_ranks[k][std::size_t(row)];
    switch (role) {
    case Qt::DisplayRole:
        return ResultCell::displayText(r, *m_metric, scale);
    case TableRole::RangeRole:
        return ResultCell::rangeText(r, *m_metric, scale);
    case TableRole::CellTextRole:
        return ResultCell::cellText(r, *m_metric, scale);
    case TableRole::SortRole:
        if (const auto &v = m_values[k][std::size_t(row)])
            return *v;
        return ResultCell::sortValue(r, *m_metric);
    case TableRole::RankRole:
        return rank > 0 ? QVariant(rank) : QVariant();
    case TableRole::StatusRole:
        return r ? int(r->status) : int(bs::ResultStatus::Missing);
    case Qt::ToolTipRole: {
        QString tip = ResultCell::toolTip(*m_capture, r, *m_metric, scale);
        if (rank > 0) {
            const auto ranked = std::count_if(m_ranks[k].begin(), m_ranks[k].end(), [](int x) { return x > 0; });
            tip += QStringLiteral("\nrank %1 of %2 in this case").arg(rank).arg(ranked);
        }
        return tip;
    }
    case Qt::ForegroundRole:
        return ResultCell::foreground(r);
    case Qt::FontRole:
        if (rank == 1 && m_capture->participants.size() > 1) {
            QFont bold;
            bold.setBold(true);
            return bold;
        }
        return {};
    }
    return {};
}

QVariant AllCasesModel::ratioData(int row, const Column &column, int role) const
{
    const int base = m_baselineRows[std::size_t(row)];
    const bool isBaseline = base == row;
    if (role == TableRole::SortRole) {
        // Called for every comparison of a sort: the ratio alone.
        if (isBaseline)
            return 1.0;
        const auto q = ratio(row, column.caseIndex);
        return q ? QVariant(*q) : QVariant(QString());
    }
    if (role == Qt::ForegroundRole)
        return isBaseline || !ratio(row, column.caseIndex) ? QVariant(QColor(0x70, 0x70, 0x70)) : QVariant();
    if (role != Qt::DisplayRole && role != TableRole::RangeRole && role != TableRole::CellTextRole && role != Qt::ToolTipRole)
        return {};
    const auto q = ratio(row, column.caseIndex);
    const QString percent = q ? QString::number(qRound(*q * 100)) + QLatin1Char('%') : QString();
    const QString qualifier = isBaseline ? QString() : (parity(row, column.caseIndex) ? QStringLiteral("parity") : QString());
    switch (role) {
    case Qt::DisplayRole:
        if (base < 0)
            return QString();
        return isBaseline ? QStringLiteral("baseline") : (q ? percent : QStringLiteral("—"));
    case TableRole::RangeRole:
        return qualifier;
    case TableRole::CellTextRole:
        if (base < 0)
            return QString();
        if (isBaseline)
            return QStringLiteral("baseline");
        return q ? (qualifier.isEmpty() ? percent : percent + QLatin1Char(' ') + qualifier) : QStringLiteral("—");
    case Qt::ToolTipRole: {
        if (base < 0)
            return QStringLiteral("no baseline on this participant's runtime");
        const QString baseLabel = ParticipantCell::label(m_capture->participants[std::size_t(base)]);
        if (isBaseline)
            return QStringLiteral("the baseline other rows are compared with");
        if (!q)
            return QString(QStringLiteral("no value to compare with ") + baseLabel);
        QString tip = QStringLiteral("%1 of %2's %3 (representative values)")
                          .arg(percent, baseLabel, QString::fromStdString(m_metric->label));
        if (!qualifier.isEmpty())
            tip += QStringLiteral("\nparity: the ranges overlap, or single values are within %1%")
                       .arg(kParityTolerance * 100);
        return tip;
    }
    }
    return {};
}

QVariant AllCasesModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || section < 0 || section >= columnCount())
        return QAbstractTableModel::headerData(section, orientation, role);
    const Column &column = m_columns[std::size_t(section)];
    if (column.caseIndex < 0) {
        if (role == Qt::DisplayRole)
            return QStringLiteral("Participant");
        if (role == Qt::TextAlignmentRole)
            return int(Qt::AlignLeft | Qt::AlignVCenter);
        return {};
    }
    const bs::CaseInfo &k = m_capture->cases[std::size_t(column.caseIndex)];
    const QString caseLabel = QString::fromStdString(k.label);
    switch (role) {
    case Qt::DisplayRole:
        if (column.ratio) {
            if (m_baselineMode == BaselineMode::Participant && !m_baselineRows.empty() && m_baselineRows[0] >= 0)
                return QString(QStringLiteral("Against ")
                               + QString::fromStdString(m_capture->participants[std::size_t(m_baselineRows[0])].label));
            return QStringLiteral("Against baseline");
        }
        return m_metric ? ResultCell::header(caseLabel, m_scales[std::size_t(column.caseIndex)]) : caseLabel;
    case Qt::ToolTipRole: {
        QString tip = caseLabel;
        if (!k.group.empty())
            tip += QStringLiteral(" · ") + QString::fromStdString(k.group);
        if (m_metric)
            tip += QLatin1Char('\n') + QString::fromStdString(bs::CaptureTables::metricTitle(*m_metric));
        if (column.ratio)
            tip += QStringLiteral("\nas a percentage of the baseline's value");
        if (!k.description.empty())
            tip += QLatin1Char('\n') + QString::fromStdString(k.description);
        return tip;
    }
    case Qt::TextAlignmentRole:
        return int(Qt::AlignRight | Qt::AlignVCenter);
    case TableRole::CaseIdRole:
        return QString::fromStdString(k.id);
    case Qt::InitialSortOrderRole:
        return int(m_metric ? ResultCell::bestFirst(*m_metric) : Qt::AscendingOrder);
    }
    return {};
}
