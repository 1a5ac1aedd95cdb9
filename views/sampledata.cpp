#include "sampledata.h"

#include <QDir>
#include <QFileInfo>

QString SampleData::folder(const QString &applicationDir)
{
    const QString installed = QDir(applicationDir).filePath(QStringLiteral("../share/benchscope/sample-data"));
    for (const QString &dir : {installed, QStringLiteral(BENCHSCOPE_SOURCE_DIR "/sample-data")})
        if (QFileInfo(dir + QStringLiteral("/suites")).isDir())
            return QDir::cleanPath(QFileInfo(dir).absoluteFilePath());
    return {};
}

QStringList SampleData::suites(const QString &applicationDir)
{
    const QString dir = folder(applicationDir);
    if (dir.isEmpty())
        return {};
    QStringList suites;
    for (const QFileInfo &f : QDir(dir + QStringLiteral("/suites")).entryInfoList({QStringLiteral("*.json")}, QDir::Files, QDir::Name))
        suites << f.absoluteFilePath();
    return suites;
}
