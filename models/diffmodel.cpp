#include "diffmodel.h"

#include "capturename.h"
#include "difftable.h"
#include "plaintooltip.h"
#include "qs.h"
#include "shorttext.h"
#include "tableroles.h"

#include <QFont>

#include <algorithm>

namespace {

// Sort order of the verdict column: the findings first.
double verdictRank(bs::DiffVerdict v)
{
    switch (v) {
    case bs::DiffVerdict::Worse: return 0;
    case bs::DiffVerdict::Better: return 1;
    case bs::DiffVerdict::NoChange: return 2;
    case bs::DiffVerdict::TooFewSamples: return 3;
    case bs::DiffVerdict::NotComparable: return 4;
    }
    return 5;
}

} // namespace

DiffModel::DiffModel(QObject *parent)
    : QAbstractTableModel(parent)
{
}

void DiffModel::setCaptures(std::shared_ptr<const bs::Capture> before, std::shared_ptr<const bs::Capture> after,
                            const bs::CaptureDiff::Options &options)
{
    bs::CaptureDiff diff = before && after ? bs::CaptureDiff::compare(*before, *after, options) : bs::CaptureDiff();
    setDiff(std::move(before), std::move(after), std::move(diff));
}

void DiffModel::setDiff(std::shared_ptr<const bs::Capture> before, std::shared_ptr<const bs::Capture> after,
                        bs::CaptureDiff diff)
{
    beginResetModel();
    m_before = std::move(before);
    m_after = std::move(after);
    m_diff = m_before && m_after ? std::move(diff) : bs::CaptureDiff();
    m_scales = bs::DiffTable::scales(m_diff);
    m_beforeLabel = QStringLiteral("before");
    m_afterLabel = QStringLiteral("after");
    if (m_before && m_after) { // two runs of one revision read apart
        const std::vector<std::string> names = bs::CaptureName::apart({m_before.get(), m_after.get()}, false);
        m_beforeLabel = qs(names[0]);
        m_afterLabel = qs(names[1]);
    }
    endResetModel();
}

void DiffModel::setAlpha(double alpha)
{
    decided(m_diff.setAlpha(alpha));
}

void DiffModel::setRule(bs::DiffRule rule)
{
    decided(m_diff.setRule(rule));
}

void DiffModel::setCorrection(bs::DiffCorrection correction)
{
    m_diff.setCorrection(correction);
    // Every tested row's adjusted p appears or goes, whatever its verdict.
    if (rowCount() > 0)
        emit dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
    emit headerDataChanged(Qt::Horizontal, 0, ColumnCount - 1);
}

void DiffModel::decided(const std::vector<std::size_t> &changed)
{
    // One dataChanged per run of consecutive rows.
    for (std::size_t i = 0; i < changed.size();) {
        std::size_t j = i;
        while (j + 1 < changed.size() && changed[j + 1] == changed[j] + 1)
            ++j;
        emit dataChanged(index(int(changed[i]), 0), index(int(changed[j]), ColumnCount - 1));
        i = j + 1;
    }
    emit headerDataChanged(Qt::Horizontal, Verdict, Verdict);
}

bs::UnitFormat::Scale DiffModel::scale(const std::string &metricId) const
{
    auto it = m_scales.find(metricId);
    return it == m_scales.end() ? bs::UnitFormat::Scale{} : it->second;
}

std::vector<const bs::DiffCell *> DiffModel::cells(const std::string &caseId, const std::string &metricId) const
{
    std::vector<const bs::DiffCell *> out;
    for (const bs::DiffCell &c : m_diff.cells())
        if (c.caseId == caseId && c.metric == metricId)
            out.push_back(&c);
    return out;
}

QStringList DiffModel::summaryLines(const std::string &metricId) const
{
    QStringList lines;
    for (const std::string &line : bs::DiffTable::summaryLines(m_diff, metricId))
        lines << qs(line);
    return lines;
}

QString DiffModel::noiseLine() const
{
    return qs(bs::DiffTable::noiseLine(m_diff));
}

QStringList DiffModel::notes() const
{
    QStringList lines;
    for (const std::string &note : bs::DiffTable::table(m_diff).notes)
        lines << qs(note);
    return lines;
}

QString DiffModel::captureLabel(const bs::Capture &capture)
{
    return qs(bs::CaptureName::revision(capture));
}

QString DiffModel::shortName(const bs::Capture &capture)
{
    return capture.revision.id.empty() ? captureLabel(capture) : qs(capture.revision.id);
}

QColor DiffModel::verdictColor(bs::DiffVerdict verdict)
{
    switch (verdict) {
    case bs::DiffVerdict::Better: return QColor(0x00, 0x72, 0xB2); // Okabe–Ito blue
    case bs::DiffVerdict::Worse: return QColor(0xD5, 0x5E, 0x00);  // Okabe–Ito vermillion
    case bs::DiffVerdict::NoChange: return QColor(0x6E, 0x6E, 0x6E);
    default: return {};
    }
}

QColor DiffModel::verdictTint(bs::DiffVerdict verdict)
{
    switch (verdict) {
    case bs::DiffVerdict::Better: return QColor(0xD4, 0xE8, 0xF5);
    case bs::DiffVerdict::Worse: return QColor(0xF8, 0xDF, 0xCC);
    case bs::DiffVerdict::NoChange: return QColor(0xEC, 0xEC, 0xEC);
    default: return {};
    }
}

namespace {

// What the capture page shows instead of the median, when it differs: the
// median run's value. Known from the values for the primary metric only
// (the run is chosen by it): the lower of the two middle values.
QString medianRunOf(const bs::DiffSample &v, const bs::UnitFormat::Scale &s)
{
    if (v.values.size() < 2 || v.values.size() % 2 != 0)
        return {};
    std::vector<double> sorted = v.values;
    std::sort(sorted.begin(), sorted.end());
    const double run = sorted[sorted.size() / 2 - 1];
    if (run == v.median)
        return {};
    return QStringLiteral("; the capture page shows the median run, ") + qs(bs::UnitFormat::withUnit(run, s));
}

} // namespace

QString DiffModel::explanation(const bs::DiffCell &c) const
{
    const bs::UnitFormat::Scale s = scale(c.metric);
    const bs::Metric *shown = m_diff.metric(c.metric);
    auto medianRun = [&](const bs::DiffSample &v, const bs::UnitFormat::Scale &scale) {
        return shown && shown->primary ? medianRunOf(v, scale) : QString();
    };
    const QString head = qs(bs::DiffTable::verdictText(c));
    QStringList lines;
    auto side = [&](const QString &name, const QString &label, const std::optional<bs::DiffSample> &v) -> QString {
        if (!v)
            return name + QStringLiteral(" (") + label + QStringLiteral("): no values");
        return name + QStringLiteral(" (") + label + QStringLiteral("): median ")
            + qs(bs::UnitFormat::withUnit(v->median, s))
            + (v->n > 1 ? QStringLiteral(" ") + qs(bs::UnitFormat::range(v->min, v->max, s)) : QString())
            + QStringLiteral(", n = ") + QString::number(v->n) + medianRun(*v, s);
    };
    const bs::Metric *metric = m_diff.metric(c.metric);
    const QString alpha = qs(bs::UnitFormat::plain(m_diff.alpha()));
    switch (c.verdict) {
    case bs::DiffVerdict::Better:
    case bs::DiffVerdict::Worse:
        lines << QStringLiteral("p = %1 ≤ %2, so the change is established (%3).")
                     .arg(qs(bs::CaptureDiff::pText(*c.p)), alpha,
                          metric ? qs(bs::DiffTable::directionText(*metric)) : QString());
        lines << (c.qualifier.empty() ? QStringLiteral("The [min–max] ranges do not overlap.")
                                      : QStringLiteral("The [min–max] ranges overlap: some run of each side lies within "
                                                       "the other's range; the ranks still show the shift."));
        break;
    case bs::DiffVerdict::NoChange:
        lines << QStringLiteral("Not established: %1. The rule: a change needs %2.")
                     .arg(qs(c.reason), qs(bs::ruleText(m_diff.rule(), m_diff.alpha())));
        break;
    case bs::DiffVerdict::TooFewSamples:
        lines << QStringLiteral("No test of %1 repetitions can reach p ≤ %2: even fully separated samples give p = %3. "
                                "Use at least 4 vs 4 repetitions, better 5 vs 5.")
                     .arg(qs(bs::DiffTable::nText(c)), alpha, qs(bs::CaptureDiff::pText(c.minimumP)));
        break;
    case bs::DiffVerdict::NotComparable:
        lines << QStringLiteral("Not compared: %1.").arg(qs(c.reason));
        break;
    }
    lines << side(QStringLiteral("Before"), m_beforeLabel, c.before) << side(QStringLiteral("After"), m_afterLabel, c.after);
    if (c.deltaPct)
        lines << QStringLiteral("Δ of the medians: ") + qs(bs::DiffTable::deltaText(c.deltaPct));
    if (c.p && c.u)
        lines << QStringLiteral("Mann–Whitney U = %1 (pairs with before > after), two-sided p = %2 (%3); "
                                "the smallest p %4 repetitions can give is %5.")
                     .arg(qs(bs::UnitFormat::plain(*c.u)), qs(bs::CaptureDiff::pText(*c.p)),
                          c.exactP ? QStringLiteral("exact") : QStringLiteral("normal approximation"),
                          qs(bs::DiffTable::nText(c)), qs(bs::CaptureDiff::pText(c.minimumP)));
    QString html = QStringLiteral("<b>") + head.toHtmlEscaped() + QStringLiteral("</b>");
    for (const QString &line : lines)
        html += QStringLiteral("<br>") + line.toHtmlEscaped();
    return html;
}

int DiffModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_diff.cells().size());
}

int DiffModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QString DiffModel::text(const bs::DiffCell &c, int column) const
{
    const bs::UnitFormat::Scale s = scale(c.metric);
    switch (column) {
    case Participant: return qs(c.participantLabel);
    case Case: return qs(c.caseLabel);
    case Metric: return qs(bs::DiffTable::metricText(m_diff, c.metric, s));
    case Before: return qs(bs::DiffTable::sideText(c.before, s));
    case After: return qs(bs::DiffTable::sideText(c.after, s));
    case Delta: return qs(bs::DiffTable::deltaText(c.deltaPct));
    case P: return qs(bs::DiffTable::pText(c));
    case AdjustedP: return qs(bs::DiffTable::adjustedPText(c));
    case N: return qs(bs::DiffTable::nText(c));
    case Verdict: return qs(bs::DiffTable::verdictText(c));
    }
    return {};
}

QVariant DiffModel::sortValue(const bs::DiffCell &c, int column) const
{
    // Doubles sort as numbers; the proxy puts anything else after them.
    switch (column) {
    case Before:
        return c.before ? QVariant(c.before->median) : QVariant(QStringLiteral("—"));
    case After:
        return c.after ? QVariant(c.after->median) : QVariant(QStringLiteral("—"));
    case Delta:
        return c.deltaPct ? QVariant(*c.deltaPct) : QVariant(QStringLiteral("—"));
    case P:
        return c.p ? QVariant(*c.p) : QVariant(QStringLiteral("—"));
    case AdjustedP:
        return c.pAdjusted ? QVariant(*c.pAdjusted) : QVariant(QStringLiteral("—"));
    case N:
        return double(std::min(c.before ? c.before->n : 0, c.after ? c.after->n : 0));
    case Verdict:
        return verdictRank(c.verdict);
    default:
        return text(c, column).toLower();
    }
}

QVariant DiffModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const bs::DiffCell &c = cellAt(index.row());
    const int column = index.column();
    switch (role) {
    case Qt::DisplayRole:
        // Before and after show the median; the range is drawn after it.
        if (column == Before || column == After) {
            const auto &side = column == Before ? c.before : c.after;
            return side ? qs(bs::UnitFormat::number(side->median, scale(c.metric))) : QStringLiteral("—");
        }
        return ShortText::elided(text(c, column)); // names from the files, cut before layout
    case TableRole::RangeRole:
        if (column == Before || column == After) {
            const auto &side = column == Before ? c.before : c.after;
            if (side && side->n > 1)
                return qs(bs::UnitFormat::range(side->min, side->max, scale(c.metric)));
        }
        return {};
    case TableRole::CellTextRole:
        return text(c, column);
    case TableRole::SortRole:
        return sortValue(c, column);
    case TableRole::FilterTextRole:
        if (column != Participant)
            return {};
        return QString(qs(c.participantLabel) + QLatin1Char(' ') + qs(c.participant) + QLatin1Char(' ')
                       + qs(c.caseLabel) + QLatin1Char(' ') + qs(c.metric))
            .toLower();
    case TableRole::ParticipantIdRole:
        return qs(c.participant);
    case TableRole::CaseIdRole:
        return qs(c.caseId);
    case CellMetricRole:
        return qs(c.metric);
    case VerdictRole:
        return int(c.verdict);
    case Qt::ToolTipRole:
        return PlainToolTip::of(explanation(c));
    case Qt::TextAlignmentRole:
        return column >= Before && column <= N ? int(Qt::AlignRight | Qt::AlignVCenter)
                                               : int(Qt::AlignLeft | Qt::AlignVCenter);
    case Qt::BackgroundRole:
        if (column == Delta || column == Verdict) {
            const QColor tint = verdictTint(c.verdict);
            if (tint.isValid())
                return tint;
        }
        return {};
    case Qt::ForegroundRole:
        if (column == Verdict || column == Delta) {
            if (c.verdict == bs::DiffVerdict::Better)
                return QColor(0x00, 0x4E, 0x7A); // darker than the mark, for text contrast
            if (c.verdict == bs::DiffVerdict::Worse)
                return QColor(0x8F, 0x3A, 0x00);
        }
        if (c.verdict == bs::DiffVerdict::TooFewSamples || c.verdict == bs::DiffVerdict::NotComparable)
            return QColor(0x6E, 0x6E, 0x6E);
        return {};
    case Qt::FontRole:
        if (column == Verdict && (c.verdict == bs::DiffVerdict::Better || c.verdict == bs::DiffVerdict::Worse)) {
            QFont bold;
            bold.setBold(true);
            return bold;
        }
        return {};
    }
    return {};
}

QVariant DiffModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || section < 0 || section >= ColumnCount)
        return {};
    static const char *const names[] = {"Participant", "Case", "Metric", "Before", "After", "Δ", "p", "adjusted p", "n", "Verdict"};
    switch (role) {
    case Qt::DisplayRole:
        // With one metric compared, its unit goes in the header.
        if ((section == Before || section == After) && m_diff.metrics().size() == 1) {
            const std::string &suffix = scale(m_diff.metrics().front().id).suffix;
            if (!suffix.empty())
                return QString(QString::fromUtf8(section == Before ? "Before" : "After") + QStringLiteral(" (") + qs(suffix)
                               + QLatin1Char(')'));
        }
        return QString::fromUtf8(names[section]);
    case Qt::ToolTipRole:
        switch (section) {
        case Before: return PlainToolTip::of(QStringLiteral("%1: median [min–max] over the repetitions (ranges, not confidence intervals), or the one figure a result measured once (n = 1); the capture page shows the median run").arg(m_beforeLabel));
        case After: return PlainToolTip::of(QStringLiteral("%1: median [min–max] over the repetitions (ranges, not confidence intervals), or the one figure a result measured once (n = 1); the capture page shows the median run").arg(m_afterLabel));
        case Delta: return QStringLiteral("Change of the figure shown (the median, or the figure measured once), in percent of before");
        case P: return QStringLiteral("Two-sided Mann–Whitney U test on the repetitions (≈: normal approximation)");
        case AdjustedP: return QStringLiteral("p adjusted by Benjamini–Hochberg over the %1 tested rows: the verdicts compare it with alpha").arg(m_diff.tested());
        case N: return QStringLiteral("Repetitions: before vs after");
        case Verdict: return QString::fromStdString("Better or worse when " + bs::ruleText(m_diff.rule(), m_diff.alpha())
                                                    + (m_diff.correction() == bs::DiffCorrection::None ? "" : ", with p adjusted by Benjamini–Hochberg"));
        }
        return {};
    case Qt::TextAlignmentRole:
        return section >= Before && section <= N ? int(Qt::AlignRight | Qt::AlignVCenter)
                                                 : int(Qt::AlignLeft | Qt::AlignVCenter);
    }
    return {};
}
