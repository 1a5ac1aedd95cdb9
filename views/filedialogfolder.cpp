#include "filedialogfolder.h"

#include "sampledata.h"

#include <QDir>
#include <QFileInfo>
#include <QSettings>

QString FileDialogFolder::settingsKey(Kind kind)
{
    switch (kind) {
    case Kind::Captures: return QStringLiteral("folders/captures");
    case Kind::ResultsFolder: return QStringLiteral("folders/resultsFolder");
    case Kind::Chart: return QStringLiteral("folders/chart");
    case Kind::Table: return QStringLiteral("folders/table");
    case Kind::Report: return QStringLiteral("folders/report");
    case Kind::Publish: return QStringLiteral("folders/publish");
    case Kind::Suite: return QStringLiteral("folders/suite");
    }
    return {};
}

QString FileDialogFolder::remembered(Kind kind)
{
    const QString folder = QSettings().value(settingsKey(kind)).toString();
    return !folder.isEmpty() && QFileInfo(folder).isDir() ? folder : QString();
}

QString FileDialogFolder::start(Kind kind)
{
    if (const QString folder = remembered(kind); !folder.isEmpty())
        return folder;
    const QString samples = SampleData::folder();
    if (!samples.isEmpty() && (kind == Kind::Captures || kind == Kind::ResultsFolder))
        return samples;
    if (!samples.isEmpty() && kind == Kind::Suite)
        return samples + QStringLiteral("/suites");
    return QDir::homePath();
}

QString FileDialogFolder::startFile(Kind kind, const QString &fileName)
{
    return QDir(start(kind)).filePath(fileName);
}

void FileDialogFolder::remember(Kind kind, const QString &path)
{
    if (path.isEmpty())
        return;
    const QFileInfo info(path);
    // The folder a file or a chosen folder is in (a folder without its
    // trailing separator, so its parent is the folder above).
    const QString folder = QFileInfo(QDir::cleanPath(info.absoluteFilePath())).absolutePath();
    QSettings().setValue(settingsKey(kind), folder);
}
