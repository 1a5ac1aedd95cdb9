#include "capturelistmodel.h"

#include "capturelabels.h"
#include "plaintooltip.h"
#include "shorttext.h"
#include "qs.h"

#include <QBrush>
#include <QColor>
#include <QFont>

#include <algorithm>

std::string CaptureListModel::suiteKey(const bs::Capture &c)
{
    return c.suite.id.empty() ? c.suite.title : c.suite.id;
}

bool CaptureListModel::revisionBefore(const bs::Capture &a, const bs::Capture &b)
{
    if (a.revision.date != b.revision.date)
        return a.revision.date < b.revision.date;
    if (a.revision.label != b.revision.label)
        return a.revision.label < b.revision.label;
    return a.sourcePath < b.sourcePath;
}

CaptureListModel::CaptureListModel(QObject *parent)
    : QAbstractItemModel(parent)
{
}

void CaptureListModel::addCapture(int id, std::shared_ptr<const bs::Capture> capture)
{
    const std::string key = suiteKey(*capture);
    auto group = std::find_if(m_groups.begin(), m_groups.end(), [&](const auto &g) { return g->suiteKey == key; });
    if (group == m_groups.end()) {
        const std::string &name = capture->suite.name();
        auto made = std::make_unique<Group>();
        made->suiteKey = key;
        made->title = name.empty() ? QStringLiteral("(unnamed suite)") : qs(name);
        // Groups in the order of their titles, case aside, then of their ids.
        group = std::upper_bound(m_groups.begin(), m_groups.end(), made, [](const auto &a, const auto &b) {
            const int order = a->title.compare(b->title, Qt::CaseInsensitive);
            return order != 0 ? order < 0 : a->suiteKey < b->suiteKey;
        });
        const int row = int(group - m_groups.begin());
        beginInsertRows({}, row, row);
        group = m_groups.insert(group, std::move(made));
        endInsertRows();
    }
    auto &entries = (*group)->entries;
    const auto at = std::upper_bound(entries.begin(), entries.end(), *capture,
                                     [](const bs::Capture &c, const Entry &e) { return revisionBefore(c, *e.capture); });
    const int row = int(at - entries.begin());
    beginInsertRows(index(int(group - m_groups.begin()), 0), row, row);
    entries.insert(at, Entry{id, std::move(capture), {}});
    endInsertRows();
    relabel();
}

void CaptureListModel::removeCapture(int id)
{
    for (std::size_t g = 0; g < m_groups.size(); ++g) {
        auto &entries = m_groups[g]->entries;
        for (std::size_t i = 0; i < entries.size(); ++i) {
            if (entries[i].id != id)
                continue;
            if (entries.size() == 1) {
                beginRemoveRows({}, int(g), int(g));
                m_groups.erase(m_groups.begin() + std::ptrdiff_t(g));
                endRemoveRows();
            } else {
                beginRemoveRows(index(int(g), 0), int(i), int(i));
                entries.erase(entries.begin() + std::ptrdiff_t(i));
                endRemoveRows();
            }
            relabel();
            return;
        }
    }
}

void CaptureListModel::relabel()
{
    QStringList titles;
    for (const auto &g : m_groups)
        titles << g->title;
    const QStringList shown = CaptureLabels::suiteTitles(titles);
    for (std::size_t g = 0; g < m_groups.size(); ++g) {
        Group &group = *m_groups[g];
        group.shownTitle = shown[int(g)];
        std::vector<const bs::Capture *> captures;
        for (const Entry &e : group.entries)
            captures.push_back(e.capture.get());
        const QStringList labels = CaptureLabels::entries(captures);
        for (std::size_t i = 0; i < group.entries.size(); ++i)
            group.entries[i].label = labels[int(i)];
    }
    if (m_groups.empty())
        return;
    emit dataChanged(index(0, 0), index(int(m_groups.size()) - 1, 0));
    for (std::size_t g = 0; g < m_groups.size(); ++g) {
        const QModelIndex parent = index(int(g), 0);
        emit dataChanged(index(0, 0, parent), index(int(m_groups[g]->entries.size()) - 1, 0, parent));
    }
}

int CaptureListModel::rowOf(const Group *group) const
{
    for (std::size_t g = 0; g < m_groups.size(); ++g)
        if (m_groups[g].get() == group)
            return int(g);
    return -1;
}

const CaptureListModel::Group &CaptureListModel::groupOf(const QModelIndex &child) const
{
    return *static_cast<const Group *>(child.internalPointer());
}

QModelIndex CaptureListModel::indexOfCapture(int id) const
{
    for (const auto &g : m_groups)
        for (std::size_t i = 0; i < g->entries.size(); ++i)
            if (g->entries[i].id == id)
                return createIndex(int(i), 0, g.get());
    return {};
}

int CaptureListModel::captureId(const QModelIndex &index) const
{
    if (!index.isValid() || !index.internalPointer())
        return -1;
    return groupOf(index).entries[std::size_t(index.row())].id;
}

int CaptureListModel::captureCount() const
{
    int n = 0;
    for (const auto &g : m_groups)
        n += int(g->entries.size());
    return n;
}

void CaptureListModel::setBaselines(const BaselineSet &baselines)
{
    m_baselines = baselines;
    for (std::size_t g = 0; g < m_groups.size(); ++g) {
        const QModelIndex parent = index(int(g), 0);
        emit dataChanged(index(0, 0, parent), index(int(m_groups[g]->entries.size()) - 1, 0, parent));
    }
}

QModelIndex CaptureListModel::index(int row, int column, const QModelIndex &parent) const
{
    if (!hasIndex(row, column, parent))
        return {};
    if (!parent.isValid())
        return createIndex(row, column, nullptr);
    return createIndex(row, column, m_groups[std::size_t(parent.row())].get());
}

QModelIndex CaptureListModel::parent(const QModelIndex &child) const
{
    if (!child.isValid() || !child.internalPointer())
        return {};
    return createIndex(rowOf(&groupOf(child)), 0, nullptr);
}

int CaptureListModel::rowCount(const QModelIndex &parent) const
{
    if (!parent.isValid())
        return int(m_groups.size());
    if (parent.column() != 0 || parent.internalPointer())
        return 0;
    return int(m_groups[std::size_t(parent.row())]->entries.size());
}

int CaptureListModel::columnCount(const QModelIndex &) const
{
    return 1;
}

QVariant CaptureListModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid))
        return {};
    if (!index.internalPointer()) {
        const Group &g = *m_groups[std::size_t(index.row())];
        if (role == Qt::DisplayRole)
            return ShortText::elided(g.shownTitle);
        if (role == Qt::ToolTipRole)
            return PlainToolTip::of(g.title + QStringLiteral("\nsuite ") + qs(g.suiteKey));
        return {};
    }
    const Entry &e = groupOf(index).entries[std::size_t(index.row())];
    const bs::Capture &c = *e.capture;
    const QString path = qs(c.sourcePath);
    const bool baseline = m_baselines.isBaseline(c);
    switch (role) {
    case Qt::DisplayRole:
        // The marks lead, so a long name cut at the panel's edge keeps them.
        return ShortText::elided(baseline ? QString(QStringLiteral("★ ") + e.label) : e.label);
    case Qt::ToolTipRole:
        return PlainToolTip::of(path + QStringLiteral("\ncaptured ") + qs(c.capturedAt)
                       + (CaptureLabels::isFailed(c) ? QStringLiteral("\nfailed: no result succeeded") : QString())
                       + (CaptureLabels::isPartial(c) && !CaptureLabels::isFailed(c)
                              ? QStringLiteral("\npartial: the run was stopped before the end (see its caveats)")
                              : QString())
                       + (baseline ? QStringLiteral("\n★ the suite's baseline: Compare Revisions starts from it") : QString()));
    case Qt::ForegroundRole:
        if (CaptureLabels::isFailed(c))
            return QBrush(QColor(0xb0, 0x20, 0x20));
        if (CaptureLabels::isPartial(c))
            return QBrush(QColor(0xa0, 0x55, 0x00));
        return {};
    case Qt::FontRole:
        if (baseline) {
            QFont font;
            font.setBold(true);
            return font;
        }
        return {};
    case BaselineRole:
        return baseline;
    case CaptureIdRole:
        return e.id;
    case PathRole:
        return path;
    }
    return {};
}
