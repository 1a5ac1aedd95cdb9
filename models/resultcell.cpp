#include "resultcell.h"

#include "capturetables.h"
#include "plaintooltip.h"
#include "tableroles.h"

#include <QBrush>
#include <QColor>
#include <QFont>

namespace CaptureTables = bs::CaptureTables;
using bs::Result;
using bs::ResultStatus;

std::optional<double> ResultCell::value(const Result *r, const bs::Metric &metric)
{
    if (!r || !CaptureTables::statusText(r).empty())
        return std::nullopt;
    auto it = r->summary.find(metric.id);
    if (it == r->summary.end())
        return std::nullopt;
    return it->second.value;
}

QVariant ResultCell::data(const bs::Table &table, std::size_t row, std::size_t column, int role)
{
    const bs::TableColumn &c = table.columns[column];
    const Result *r = table.result(row, column);
    switch (role) {
    case Qt::DisplayRole:
        return QString::fromStdString(table.text(row, column));
    case TableRole::RangeRole:
        return QString::fromStdString(table.spread(row, column));
    case TableRole::CellTextRole:
        return QString::fromStdString(table.cellText(row, column));
    case TableRole::SortRole:
        if (const auto v = table.value(row, column))
            return *v;
        return sortValue(r, *c.metric);
    case TableRole::RankRole: {
        const int rank = table.rank(row, column);
        return rank > 0 ? QVariant(rank) : QVariant();
    }
    case TableRole::StatusRole:
        return r ? int(r->status) : int(ResultStatus::Missing);
    case Qt::ToolTipRole: {
        QString tip = toolTip(table.capture(), r, *c.metric, c.scale);
        if (const int rank = table.rank(row, column); rank > 0)
            tip += QStringLiteral("\nrank %1 of %2 in this column").arg(rank).arg(table.ranked(column));
        return PlainToolTip::of(tip);
    }
    case Qt::ForegroundRole:
        return foreground(r);
    case Qt::TextAlignmentRole:
        return int(Qt::AlignRight | Qt::AlignVCenter);
    case Qt::FontRole:
        if (table.rank(row, column) == 1 && table.rowCount() > 1) {
            QFont bold;
            bold.setBold(true);
            return bold;
        }
        return {};
    }
    return {};
}

QVariant ResultCell::sortValue(const Result *r, const bs::Metric &metric)
{
    if (auto v = value(r, metric))
        return *v;
    return QString::fromStdString(CaptureTables::statusText(r));
}

QString ResultCell::toolTip(const bs::Capture &c, const Result *r, const bs::Metric &metric,
                            const bs::UnitFormat::Scale &scale)
{
    const QString title = QString::fromStdString(CaptureTables::metricTitle(metric, scale));
    if (!r)
        return title + QStringLiteral("\nmissing: no result recorded for this participant and case");
    if (auto v = value(r, metric)) {
        const bs::MetricSummary &s = r->summary.at(metric.id);
        QString tip = title + QStringLiteral("\nvalue: ") + QString::fromStdString(bs::UnitFormat::withUnit(*v, scale))
            + (s.once ? QStringLiteral(" (measured once for the whole result: one sample, n = 1)")
               : r->repetitions.empty()
                   ? QStringLiteral(" (as stored in the summary; its repetitions are unavailable)")
                   : QStringLiteral(" (repetition %1 of %2, the median run)")
                         .arg(r->representative + 1)
                         .arg(r->repetitions.size()));
        if (s.zeroSpread() && metric.scopeDeclared)
            tip += QStringLiteral("\nzero spread: the same value measured on all %1 repetitions").arg(s.n);
        else if (s.zeroSpread())
            tip += QStringLiteral("\nzero spread: the same value on all %1 repetitions (possibly one figure copied "
                                  "onto each; a diff does not test it as %1 samples)").arg(s.n);
        else if (s.n > 1)
            tip += QStringLiteral("\nmedian: ") + QString::fromStdString(bs::UnitFormat::withUnit(s.median, scale))
                + (s.median == s.value ? QString() : QStringLiteral(" (the median of the repetitions, which the Diff page compares)"))
                + QStringLiteral("\nrange: ") + QString::fromStdString(bs::UnitFormat::range(s.min, s.max, scale))
                + QStringLiteral(" over %1 repetitions (not a confidence interval)").arg(s.n);
        if (!r->flags.empty())
            tip += QStringLiteral("\n%1 flagged (%2): %3")
                       .arg(QString::fromUtf8(CaptureTables::kFlagMark),
                            QString::fromStdString(r->flags.front()), QString::fromStdString(r->reason));
        return tip;
    }
    QString tip = QString::fromStdString(CaptureTables::cellText(r, metric, scale));
    if (r->status == ResultStatus::Ok)
        tip = r->repetitions.empty() && r->once.empty() ? QStringLiteral("missing: no repetitions recorded")
                                     : QStringLiteral("n/a: this result did not record ") + title;
    else {
        tip = QString::fromUtf8(bs::statusName(r->status));
        if (!r->reason.empty())
            tip += QStringLiteral(" — ") + QString::fromStdString(r->reason);
    }
    for (const bs::ContractCheck &check : c.contracts)
        if (check.participant == r->participant && check.caseId == r->caseId && !check.passed)
            tip += QStringLiteral("\ncontract check \"%1\" failed: expected %2, got %3")
                       .arg(QString::fromStdString(check.what), QString::fromStdString(check.expected),
                            QString::fromStdString(check.actual));
    return tip;
}

QVariant ResultCell::foreground(const Result *r)
{
    if (r && (r->status == ResultStatus::ContractFailed || r->status == ResultStatus::Error))
        return QBrush(QColor(0xb0, 0x20, 0x20));
    if (r && r->status == ResultStatus::Ok && !r->flags.empty())
        return QBrush(QColor(0xb0, 0x60, 0x00));
    if (!r || r->status != ResultStatus::Ok || (r->repetitions.empty() && r->once.empty()))
        return QBrush(QColor(0x70, 0x70, 0x70));
    return {};
}

QString ResultCell::header(const QString &name, const bs::UnitFormat::Scale &scale)
{
    return scale.suffix.empty() ? name : name + QStringLiteral(" (") + QString::fromStdString(scale.suffix) + QLatin1Char(')');
}

Qt::SortOrder ResultCell::bestFirst(const bs::Metric &metric)
{
    return metric.direction == bs::Direction::HigherIsBetter ? Qt::DescendingOrder : Qt::AscendingOrder;
}
