#pragma once

#include <QSet>
#include <QString>

// Hands out the names of a report's files and anchors so that no two are
// the same once made safe for file names: "x/y" and "x-y", "A" and "a", "é"
// and "ê" all slug to one name, and the second gets "-2", the third "-3".
// Names are compared ignoring case (case-insensitive file systems), so one
// section never shows another's chart or table.
class ReportNames {
public:
    // `name` (a slug, perhaps with a folder: "charts/range-get"), or it with
    // the first free "-N" suffix, unique within `scope` (the folder of a
    // sub-report, or an index's anchors); taken from then on.
    QString take(const QString &scope, const QString &name);

private:
    QSet<QString> m_taken; // scope + name, folded to lower case
};
