#include "settings.h"

#include <QFileInfo>

#include <algorithm>

namespace {
const QString kRecentFiles = QStringLiteral("files/recent");
const QString kRecentSuites = QStringLiteral("capture/recentSuites");
const QString kGeometry = QStringLiteral("window/geometry");
const QString kState = QStringLiteral("window/state");
const QString kStateVersion = QStringLiteral("window/stateVersion");
const QString kProvenanceWidth = QStringLiteral("window/provenanceWidth");
const QString kProvenanceShown = QStringLiteral("window/provenanceShown");
const QString kBaselines = QStringLiteral("compare/baselines");
} // namespace

Settings::Settings() = default;

QStringList Settings::recentFiles() const
{
    QStringList files = m_settings.value(kRecentFiles).toStringList();
    if (files.size() > kMaxRecentFiles)
        files.erase(files.begin() + kMaxRecentFiles, files.end());
    return files;
}

void Settings::addRecentFile(const QString &path)
{
    addRecent(kRecentFiles, path);
}

QStringList Settings::recentSuites() const
{
    return m_settings.value(kRecentSuites).toStringList().mid(0, kMaxRecentFiles);
}

void Settings::addRecentSuite(const QString &path)
{
    addRecent(kRecentSuites, path);
}

void Settings::addRecent(const QString &key, const QString &path)
{
    const QString absolute = QFileInfo(path).absoluteFilePath();
    QStringList files = m_settings.value(key).toStringList();
    files.removeAll(absolute);
    files.prepend(absolute);
    while (files.size() > kMaxRecentFiles)
        files.removeLast();
    m_settings.setValue(key, files);
}

void Settings::removeRecentFile(const QString &path)
{
    QStringList files = recentFiles();
    files.removeAll(QFileInfo(path).absoluteFilePath());
    m_settings.setValue(kRecentFiles, files);
}

void Settings::clearRecentFiles()
{
    m_settings.remove(kRecentFiles);
}

QByteArray Settings::windowGeometry() const
{
    return m_settings.value(kGeometry).toByteArray();
}

void Settings::setWindowGeometry(const QByteArray &geometry)
{
    m_settings.setValue(kGeometry, geometry);
}

QByteArray Settings::windowState() const
{
    if (m_settings.value(kStateVersion).toInt() != kWindowStateVersion)
        return {};
    return m_settings.value(kState).toByteArray();
}

void Settings::setWindowState(const QByteArray &state)
{
    m_settings.setValue(kStateVersion, kWindowStateVersion);
    m_settings.setValue(kState, state);
}

int Settings::provenanceWidth() const
{
    return std::max(m_settings.value(kProvenanceWidth).toInt(), 0);
}

void Settings::setProvenanceWidth(int width)
{
    m_settings.setValue(kProvenanceWidth, width);
}

bool Settings::provenanceShown() const
{
    return m_settings.value(kProvenanceShown, true).toBool();
}

void Settings::setProvenanceShown(bool shown)
{
    m_settings.setValue(kProvenanceShown, shown);
}

QVariantMap Settings::baselines() const
{
    return m_settings.value(kBaselines).toMap();
}

void Settings::setBaselines(const QVariantMap &baselines)
{
    m_settings.setValue(kBaselines, baselines);
}
