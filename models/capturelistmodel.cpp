#include "capturelistmodel.h"

#include <QFileInfo>
#include <QFont>

#include <algorithm>

namespace {
// A child row's internal id is its group's index + 1; suite rows use 0.
constexpr quintptr kSuiteRow = 0;
} // namespace

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
    auto group = std::find_if(m_groups.begin(), m_groups.end(), [&](const Group &g) { return g.suiteKey == key; });
    if (group == m_groups.end()) {
        const int row = int(m_groups.size());
        beginInsertRows({}, row, row);
        const std::string &title = capture->suite.name();
        m_groups.push_back({key, title.empty() ? QStringLiteral("(unnamed suite)") : QString::fromStdString(title), {}});
        endInsertRows();
        group = m_groups.end() - 1;
    }
    auto &entries = group->entries;
    const auto at = std::upper_bound(entries.begin(), entries.end(), *capture,
                                     [](const bs::Capture &c, const Entry &e) { return revisionBefore(c, *e.capture); });
    const int row = int(at - entries.begin());
    beginInsertRows(index(int(group - m_groups.begin()), 0), row, row);
    entries.insert(at, Entry{id, std::move(capture)});
    endInsertRows();
}

void CaptureListModel::removeCapture(int id)
{
    for (std::size_t g = 0; g < m_groups.size(); ++g) {
        auto &entries = m_groups[g].entries;
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
            return;
        }
    }
}

QModelIndex CaptureListModel::indexOfCapture(int id) const
{
    for (std::size_t g = 0; g < m_groups.size(); ++g)
        for (std::size_t i = 0; i < m_groups[g].entries.size(); ++i)
            if (m_groups[g].entries[i].id == id)
                return createIndex(int(i), 0, quintptr(g + 1));
    return {};
}

int CaptureListModel::captureId(const QModelIndex &index) const
{
    if (!index.isValid() || index.internalId() == kSuiteRow)
        return -1;
    return m_groups[std::size_t(index.internalId() - 1)].entries[std::size_t(index.row())].id;
}

int CaptureListModel::captureCount() const
{
    int n = 0;
    for (const Group &g : m_groups)
        n += int(g.entries.size());
    return n;
}

void CaptureListModel::setBaselines(const BaselineSet &baselines)
{
    m_baselines = baselines;
    for (std::size_t g = 0; g < m_groups.size(); ++g)
        if (!m_groups[g].entries.empty()) {
            const QModelIndex parent = index(int(g), 0);
            emit dataChanged(index(0, 0, parent), index(int(m_groups[g].entries.size()) - 1, 0, parent));
        }
}

QModelIndex CaptureListModel::index(int row, int column, const QModelIndex &parent) const
{
    if (!hasIndex(row, column, parent))
        return {};
    if (!parent.isValid())
        return createIndex(row, column, kSuiteRow);
    return createIndex(row, column, quintptr(parent.row() + 1));
}

QModelIndex CaptureListModel::parent(const QModelIndex &child) const
{
    if (!child.isValid() || child.internalId() == kSuiteRow)
        return {};
    return createIndex(int(child.internalId() - 1), 0, kSuiteRow);
}

int CaptureListModel::rowCount(const QModelIndex &parent) const
{
    if (!parent.isValid())
        return int(m_groups.size());
    if (parent.column() != 0 || parent.internalId() != kSuiteRow)
        return 0;
    return int(m_groups[std::size_t(parent.row())].entries.size());
}

int CaptureListModel::columnCount(const QModelIndex &) const
{
    return 1;
}

QVariant CaptureListModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid))
        return {};
    if (index.internalId() == kSuiteRow) {
        const Group &g = m_groups[std::size_t(index.row())];
        if (role == Qt::DisplayRole)
            return g.title;
        if (role == Qt::ToolTipRole)
            return QString(QStringLiteral("suite ") + QString::fromStdString(g.suiteKey));
        return {};
    }
    const Entry &e = m_groups[std::size_t(index.internalId() - 1)].entries[std::size_t(index.row())];
    const bs::Capture &c = *e.capture;
    const QString path = QString::fromStdString(c.sourcePath);
    const bool baseline = m_baselines.isBaseline(c);
    switch (role) {
    case Qt::DisplayRole: {
        // Under its suite, a capture reads as its revision; the file name
        // (often long, and cut) is in the tool tip.
        QString revision = QString::fromStdString(c.revision.name());
        if (!c.revision.date.empty())
            revision += (revision.isEmpty() ? QString() : QStringLiteral(" · ")) + QString::fromStdString(c.revision.date);
        const QString name = revision.isEmpty() ? QFileInfo(path).fileName() : revision;
        // The mark leads, so a long name cut at the panel's edge keeps it.
        return baseline ? QString(QStringLiteral("★ ") + name) : name;
    }
    case Qt::ToolTipRole:
        return QString(path + QStringLiteral("\ncaptured ") + QString::fromStdString(c.capturedAt)
                       + (baseline ? QStringLiteral("\n★ the suite's baseline: Compare Revisions starts from it") : QString()));
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
