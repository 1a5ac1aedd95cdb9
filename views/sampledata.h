#pragma once

#include <QCoreApplication>
#include <QString>
#include <QStringList>

// The bundled sample data (captures, and the suites New Capture offers),
// found wherever the app runs from: installed (PREFIX/bin/benchscope →
// PREFIX/share/benchscope/sample-data, as cmake/packaging.cmake installs
// it), else the source folder the build tree was configured from.
class SampleData {
public:
    // Empty when neither is there.
    static QString folder(const QString &applicationDir = QCoreApplication::applicationDirPath());
    // The sample suite files (sample-data/suites/*.json), by name.
    static QStringList suites(const QString &applicationDir = QCoreApplication::applicationDirPath());
};
