#include "historymodel.h"

#include "capturetables.h"
#include "capturediff.h"
#include "changepoints.h"
#include "historystepsmodel.h"
#include "historytable.h"
#include "plaintooltip.h"
#include "qs.h"
#include "shorttext.h"

#include <QBrush>
#include <QColor>

#include <algorithm>

HistoryModel::HistoryModel(QObject *parent)
    : QAbstractTableModel(parent)
{
}

void HistoryModel::setHistory(std::shared_ptr<const bs::History> history, std::vector<std::string> revisionNames)
{
    beginResetModel();
    m_history = std::move(history); // the rows point into it: rebuilt before the reset ends
    m_revisionNames = std::move(revisionNames);
    if (m_history && m_revisionNames.size() != m_history->revisions().size())
        m_revisionNames.clear();
    chooseMetric(m_metric);
    rebuildRows();
    endResetModel();
}

void HistoryModel::setMetric(const std::string &metricId)
{
    beginResetModel();
    chooseMetric(metricId);
    rebuildRows();
    endResetModel();
}

void HistoryModel::chooseMetric(const std::string &metricId)
{
    const std::string wanted = metricId;
    m_metric.clear();
    if (m_history && !m_history->metrics().empty()) {
        const auto &metrics = m_history->metrics();
        if (m_history->metric(wanted)) {
            m_metric = wanted;
        } else {
            const auto primary = std::find_if(metrics.begin(), metrics.end(), [](const bs::Metric &m) { return m.primary; });
            m_metric = (primary != metrics.end() ? *primary : metrics.front()).id;
        }
    }
}

const bs::Metric *HistoryModel::metric() const
{
    return m_history ? m_history->metric(m_metric) : nullptr;
}

void HistoryModel::setFilter(const std::string &participant, const std::string &caseId, const std::string &tag)
{
    beginResetModel();
    m_participant = participant;
    m_case = caseId;
    m_tag = tag;
    rebuildRows();
    endResetModel();
}

bool HistoryModel::accepts(const bs::HistorySeries &s) const
{
    if (!m_participant.empty() && s.participant != m_participant)
        return false;
    if (!m_case.empty() && s.caseId != m_case)
        return false;
    if (m_tag.empty())
        return true;
    const auto &participants = m_history->participants();
    const auto p = std::find_if(participants.begin(), participants.end(),
                                [&](const bs::Participant &x) { return x.id == s.participant; });
    return p != participants.end() && std::count(p->tags.begin(), p->tags.end(), m_tag);
}

void HistoryModel::rebuildRows()
{
    m_rows.clear();
    if (!m_history)
        return;
    for (const bs::HistorySeries *s : m_history->seriesOf(m_metric))
        if (accepts(*s))
            m_rows.push_back(s);
    m_scale = bs::HistoryTable::scale(*m_history, m_rows);
}

const bs::HistorySeries *HistoryModel::series(int row) const
{
    return row >= 0 && row < int(m_rows.size()) ? m_rows[std::size_t(row)] : nullptr;
}

int HistoryModel::revisionCount() const
{
    return m_history ? int(m_history->revisions().size()) : 0;
}

QString HistoryModel::revisionLabel(int revision) const
{
    if (revision < 0 || revision >= revisionCount())
        return {};
    if (!m_revisionNames.empty())
        return qs(m_revisionNames[std::size_t(revision)]);
    return qs(bs::HistoryTable::revisionText(*m_history, std::size_t(revision)));
}

QString HistoryModel::pointText(int row, int revision) const
{
    const bs::HistorySeries *s = series(row);
    if (!s || revision < 0 || revision >= revisionCount())
        return {};
    const bs::HistoryPoint &p = s->points[std::size_t(revision)];
    QString text = revisionLabel(revision) + QLatin1Char('\n') + qs(s->participantLabel) + QStringLiteral(" · ")
        + qs(s->caseLabel);
    if (p.hasValues())
        text += QLatin1Char('\n') + qs(bs::UnitFormat::withUnit(p.value, m_scale))
            + (p.n > 1 ? QLatin1Char(' ') + qs(bs::UnitFormat::range(p.min, p.max, m_scale)) : QString())
            + QStringLiteral("\nn = %1 (the representative repetition's value, [min–max] over all)").arg(p.n);
    if (!p.problem.empty())
        text += QStringLiteral("\nnot judged: ") + qs(p.problem);
    return text;
}

QString HistoryModel::changePointText(int row, const bs::HistoryStep &step) const
{
    const bs::HistorySeries *s = series(row);
    if (!s)
        return {};
    const bs::HistoryPoint &to = s->points[step.to];
    QString text = revisionLabel(int(step.from)) + QStringLiteral(" → ") + revisionLabel(int(step.to)) + QLatin1Char('\n')
        + qs(s->participantLabel) + QStringLiteral(" · ") + qs(s->caseLabel) + QLatin1Char('\n')
        + HistoryStepsModel::verdictText(step);
    if (to.hasValues())
        text += QStringLiteral("\nvalue at ") + revisionLabel(int(step.to)) + QStringLiteral(": ")
            + qs(bs::UnitFormat::withUnit(to.value, m_scale));
    if (step.shift)
        text += QStringLiteral("\nchange: ") + qs(bs::ChangePoints::shiftText(*step.shift));
    if (step.pAdjusted)
        text += QStringLiteral(", p = ") + qs(bs::CaptureDiff::pText(*step.pAdjusted)) + QStringLiteral(" (BH-adjusted)");
    return text + QLatin1Char('\n') + qs(step.reason);
}

QString HistoryModel::segmentText(int row, const bs::HistorySegment &segment) const
{
    const bs::HistorySeries *s = series(row);
    if (!s)
        return {};
    return qs(s->participantLabel) + QStringLiteral(" · ") + qs(s->caseLabel) + QLatin1Char('\n')
        + QStringLiteral("segment %1 – %2 (%3 revisions)\n")
              .arg(revisionLabel(int(segment.first)), revisionLabel(int(segment.last)))
              .arg(segment.revisions)
        + QStringLiteral("level %1, spread %2 (its revisions' medians, ±1 sd)")
              .arg(qs(bs::UnitFormat::withUnit(segment.level, m_scale)), qs(bs::UnitFormat::range(segment.low, segment.high, m_scale)));
}

QString HistoryModel::seriesLabel(int row) const
{
    const bs::HistorySeries *s = series(row);
    if (!s)
        return {};
    if (!m_participant.empty())
        return qs(s->caseLabel);
    if (!m_case.empty())
        return qs(s->participantLabel);
    return qs(s->participantLabel) + QStringLiteral(" · ") + qs(s->caseLabel);
}

int HistoryModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int HistoryModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : FirstRevision + revisionCount();
}

QVariant HistoryModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid))
        return {};
    const bs::HistorySeries &s = *m_rows[std::size_t(index.row())];
    if (index.column() >= FirstRevision && role == Qt::ToolTipRole)
        return PlainToolTip::of(pointText(index.row(), index.column() - FirstRevision));
    if (index.column() >= FirstRevision)
        return pointData(s, s.points[std::size_t(index.column() - FirstRevision)], role);
    const QString text = qs(index.column() == Participant ? s.participantLabel : s.caseLabel);
    switch (role) {
    case Qt::DisplayRole:
        return ShortText::elided(text);
    case TableRole::CellTextRole:
    case TableRole::SortRole:
        return text;
    case TableRole::ParticipantIdRole:
        return qs(s.participant);
    case TableRole::CaseIdRole:
        return qs(s.caseId);
    }
    return {};
}

QVariant HistoryModel::pointData(const bs::HistorySeries &s, const bs::HistoryPoint &p, int role) const
{
    // The chart's roles first: formatting every point's texts for them cost
    // seconds over thousands of revisions.
    switch (role) {
    case ValueRole:
        return p.hasValues() ? QVariant(p.value) : QVariant();
    case MinRole:
        return p.hasValues() ? QVariant(p.min) : QVariant();
    case MaxRole:
        return p.hasValues() ? QVariant(p.max) : QVariant();
    case CountRole:
        return int(p.n);
    }
    const bool ranged = p.hasValues() && p.n > 1;
    const QString value = p.hasValues() ? qs(bs::UnitFormat::number(p.value, m_scale)) : QString();
    const QString range = ranged ? qs(bs::UnitFormat::range(p.min, p.max, m_scale)) : QString();
    switch (role) {
    case Qt::DisplayRole:
        if (!p.hasValues())
            return qs(p.problem);
        return p.flagged ? QString(QString::fromUtf8(bs::CaptureTables::kFlagMark) + QLatin1Char(' ') + value) : value;
    case TableRole::RangeRole:
        return range;
    case TableRole::CellTextRole:
        return p.hasValues() ? (range.isEmpty() ? value : QString(value + QLatin1Char(' ') + range)) : qs(p.problem);
    case TableRole::SortRole:
        return p.hasValues() ? QVariant(p.value) : QVariant(qs(p.problem));
    case Qt::ForegroundRole:
        if (!p.hasValues())
            return QBrush(QColor(0x80, 0x80, 0x80));
        return p.flagged ? QBrush(QColor(0xb0, 0x6a, 0x00)) : QVariant();
    case Qt::TextAlignmentRole:
        return p.hasValues() ? int(Qt::AlignRight | Qt::AlignVCenter) : int(Qt::AlignLeft | Qt::AlignVCenter);
    case TableRole::ParticipantIdRole:
        return qs(s.participant);
    case TableRole::CaseIdRole:
        return qs(s.caseId);
    }
    return {};
}

QVariant HistoryModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || section < 0 || section >= columnCount())
        return QAbstractTableModel::headerData(section, orientation, role);
    if (role == Qt::DisplayRole) {
        if (section == Participant)
            return QStringLiteral("Participant");
        if (section == Case)
            return QStringLiteral("Case");
        return revisionLabel(section - FirstRevision);
    }
    if (role == Qt::ToolTipRole && section >= FirstRevision) {
        const bs::HistoryRevision &r = m_history->revisions()[std::size_t(section - FirstRevision)];
        return PlainToolTip::of(qs(r.revision.date) + QStringLiteral("\n") + qs(r.sourcePath) + QStringLiteral("\ncaptured ")
                        + qs(r.capturedAt));
    }
    return {};
}
