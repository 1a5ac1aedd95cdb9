#include "historystepsmodel.h"

#include "capturediff.h"
#include "changepoints.h"
#include "historymodel.h"
#include "plaintooltip.h"
#include "qs.h"
#include "tableroles.h"

#include <QBrush>
#include <QColor>
#include <QFont>

#include <algorithm>

namespace {

// The verdicts in the order a reader wants them: change points first.
int verdictRank(bs::StepOutcome o)
{
    switch (o) {
    case bs::StepOutcome::Worse: return 0;
    case bs::StepOutcome::Better: return 1;
    case bs::StepOutcome::BelowMinimum: return 2;
    case bs::StepOutcome::NoChange: return 3;
    case bs::StepOutcome::TooFewSamples: return 4;
    case bs::StepOutcome::NotComparable: return 5;
    }
    return 6;
}

} // namespace

HistoryStepsModel::HistoryStepsModel(HistoryModel *history, QObject *parent)
    : QAbstractTableModel(parent)
    , m_history(history)
{
    // Reset with the rows it lists: its pointers go stale with them.
    connect(history, &QAbstractItemModel::modelAboutToBeReset, this, [this] { beginResetModel(); m_rows.clear(); });
    connect(history, &QAbstractItemModel::modelReset, this, [this] {
        rebuild();
        endResetModel();
    });
    rebuild();
}

void HistoryStepsModel::rebuild()
{
    m_rows.clear();
    for (int r = 0; r < m_history->rowCount(); ++r) {
        const bs::HistorySeries *s = m_history->series(r);
        for (const bs::HistoryStep &step : s->steps)
            m_rows.push_back({s, &step, r});
    }
    // The change points first, then every other step, each in series order.
    std::stable_partition(m_rows.begin(), m_rows.end(), [](const Row &r) { return r.step->isChangePoint(); });
}

const bs::HistoryStep *HistoryStepsModel::step(int row) const
{
    return row >= 0 && row < int(m_rows.size()) ? m_rows[std::size_t(row)].step : nullptr;
}

const bs::HistorySeries *HistoryStepsModel::seriesOf(int row) const
{
    return row >= 0 && row < int(m_rows.size()) ? m_rows[std::size_t(row)].series : nullptr;
}

int HistoryStepsModel::changePointCount() const
{
    return int(std::count_if(m_rows.begin(), m_rows.end(), [](const Row &r) { return r.step->isChangePoint(); }));
}

QString HistoryStepsModel::verdictText(const bs::HistoryStep &step)
{
    QString text = QString::fromUtf8(bs::stepOutcomeSymbol(step.outcome)) + QLatin1Char(' ')
        + QString::fromUtf8(bs::stepOutcomeWord(step.outcome));
    if (step.provisional)
        text += QStringLiteral(" (needs more revisions to confirm)");
    return text;
}

int HistoryStepsModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int HistoryStepsModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant HistoryStepsModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid))
        return {};
    const Row &row = m_rows[std::size_t(index.row())];
    const bs::HistoryStep &step = *row.step;
    switch (role) {
    case FromRole:
        return int(step.from);
    case ToRole:
        return int(step.to);
    case ChangePointRole:
        return step.isChangePoint();
    case OutcomeRole:
        return int(step.outcome);
    case TableRole::SortRole:
        return sortKey(row, index.column());
    case Qt::ForegroundRole:
        if (index.column() == Verdict && step.isChangePoint())
            return QBrush(step.outcome == bs::StepOutcome::Better ? QColor(0x1a, 0x7f, 0x37) : QColor(0xc0, 0x30, 0x30));
        return {};
    case Qt::FontRole:
        if (step.isChangePoint()) {
            QFont font;
            font.setBold(true);
            return font;
        }
        return {};
    case Qt::ToolTipRole:
        return PlainToolTip::of(qs(step.reason) + QStringLiteral("\nClick to compare these two revisions on the Diff page."));
    case Qt::DisplayRole:
        break;
    default:
        return {};
    }
    switch (index.column()) {
    case Series:
        return m_history->seriesLabel(row.seriesRow);
    case Step:
        return QString(m_history->revisionLabel(int(step.from)) + QStringLiteral(" → ") + m_history->revisionLabel(int(step.to)));
    case Verdict:
        return verdictText(step);
    case Change:
        if (step.shift)
            return qs(bs::ChangePoints::shiftText(*step.shift)); // the one shift text of every table
        return {};
    case PValue:
        if (step.pAdjusted)
            return qs(bs::CaptureDiff::pText(*step.pAdjusted));
        return {};
    case Reason:
        return qs(step.reason);
    }
    return {};
}

QVariant HistoryStepsModel::sortKey(const Row &row, int column) const
{
    const bs::HistoryStep &step = *row.step;
    switch (column) {
    case Step:
        return qlonglong(step.to) * 1000000 + qlonglong(step.from);
    case Verdict:
        return verdictRank(step.outcome) * 2 + (step.provisional ? 1 : 0);
    case Change:
        return step.shift ? QVariant(step.shift->pct) : QVariant();
    case PValue:
        return step.pAdjusted ? QVariant(*step.pAdjusted) : QVariant();
    }
    return data(index(int(&row - m_rows.data()), column), Qt::DisplayRole);
}

QVariant HistoryStepsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case Series: return QStringLiteral("Series");
    case Step: return QStringLiteral("Step");
    case Verdict: return QStringLiteral("Verdict");
    case Change: return QStringLiteral("Change");
    case PValue: return QStringLiteral("p (BH)");
    case Reason: return QStringLiteral("Why");
    }
    return {};
}
