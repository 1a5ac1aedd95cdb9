#include "reportnames.h"

QString ReportNames::take(const QString &scope, const QString &name)
{
    auto key = [&](const QString &candidate) { return QString(scope + candidate).toCaseFolded(); };
    QString candidate = name;
    for (int n = 2; m_taken.contains(key(candidate)); ++n)
        candidate = name + QLatin1Char('-') + QString::number(n);
    m_taken.insert(key(candidate));
    return candidate;
}
