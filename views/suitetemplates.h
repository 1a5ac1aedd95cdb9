#pragma once

#include <QByteArray>
#include <QStringList>

// Starting points for a new suite file: HTTP servers started by the runner,
// and timed commands. Each is a valid suite the user then edits.
class SuiteTemplates {
public:
    static QStringList names();
    static QByteArray text(const QString &name);
};
