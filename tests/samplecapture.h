#pragma once

// Loads the captures bundled under sample-data/ for the tests.
#include "captureloader.h"

#include <QDirIterator>
#include <QString>

#include <algorithm>

#include <memory>
#include <utility>
#include <vector>

namespace samplecapture {

inline std::shared_ptr<const bs::Capture> load(const QString &name)
{
    bs::LoadError error;
    const QString path = qEnvironmentVariable("BENCHSCOPE_SOURCE_DIR") + QStringLiteral("/sample-data/") + name;
    auto capture = bs::CaptureLoader::load(path.toStdString(), error);
    if (!capture)
        qFatal("%s", error.toString().c_str());
    return std::make_shared<const bs::Capture>(std::move(*capture));
}

inline std::shared_ptr<const bs::Capture> load(const char *name)
{
    return load(QString::fromUtf8(name));
}

// Every file under sample-data/UNDER that opens as a capture with
// participants (suites, scripts and raw-repetitions files do not), by path.
inline std::vector<std::pair<QString, bs::Capture>> all(const QString &under = QString())
{
    std::vector<std::string> paths;
    QDirIterator it(qEnvironmentVariable("BENCHSCOPE_SOURCE_DIR") + QStringLiteral("/sample-data/") + under, QDir::Files,
                    QDirIterator::Subdirectories);
    while (it.hasNext())
        paths.push_back(it.next().toStdString());
    std::sort(paths.begin(), paths.end());
    std::vector<std::pair<QString, bs::Capture>> out;
    for (const std::string &path : bs::CaptureLoader::withoutJoinedRawFiles(paths)) {
        bs::LoadError error;
        if (auto c = bs::CaptureLoader::load(path, error); c && !c->participants.empty())
            out.emplace_back(QString::fromStdString(path), std::move(*c));
    }
    return out;
}

} // namespace samplecapture
