#pragma once

// Loads a capture bundled under sample-data/ for the chart and export tests.
#include "captureloader.h"

#include <QString>

#include <memory>

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

} // namespace samplecapture
