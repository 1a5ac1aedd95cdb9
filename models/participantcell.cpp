#include "participantcell.h"

#include <QStringList>

QString ParticipantCell::label(const bs::Participant &p)
{
    const QString label = QString::fromStdString(p.label.empty() ? p.id : p.label);
    return p.baseline ? label + QStringLiteral(" (baseline)") : label;
}

QString ParticipantCell::toolTip(const bs::Participant &p)
{
    QStringList lines{label(p)};
    if (!p.runtime.empty())
        lines << QStringLiteral("runtime: ") + QString::fromStdString(p.runtime);
    if (!p.version.empty())
        lines << QStringLiteral("version: ") + QString::fromStdString(p.version);
    if (!p.tags.empty()) {
        QStringList tags;
        for (const std::string &t : p.tags)
            tags << QString::fromStdString(t);
        lines << QStringLiteral("tags: ") + tags.join(QStringLiteral(", "));
    }
    lines << QStringLiteral("id: ") + QString::fromStdString(p.id);
    return lines.join(QLatin1Char('\n'));
}

QString ParticipantCell::filterText(const bs::Participant &p)
{
    QString text = QString::fromStdString(p.label) + QLatin1Char(' ') + QString::fromStdString(p.id)
        + QLatin1Char(' ') + QString::fromStdString(p.runtime) + QLatin1Char(' ') + QString::fromStdString(p.version);
    for (const std::string &t : p.tags)
        text += QLatin1Char(' ') + QString::fromStdString(t);
    if (p.baseline)
        text += QStringLiteral(" baseline");
    return text.toLower();
}
