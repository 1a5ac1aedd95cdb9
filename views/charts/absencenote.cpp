#include "absencenote.h"

#include "charttext.h"

AbsenceNote::Kind AbsenceNote::kindOf(const QString &status)
{
    if (status == QLatin1String("unsupported"))
        return Kind::Unsupported;
    if (status == QLatin1String("missing"))
        return Kind::Missing;
    if (status == QLatin1String("not measured"))
        return Kind::NotMeasured;
    return Kind::Failed;
}

QString AbsenceNote::legendName(Kind kind)
{
    switch (kind) {
    case Kind::Unsupported: return QStringLiteral("no value: unsupported");
    case Kind::Missing: return QStringLiteral("no value: missing");
    case Kind::Failed: return QStringLiteral("no value: failed");
    case Kind::NotMeasured: return QStringLiteral("no value: not measured");
    }
    return {};
}

void AbsenceNote::add(const QString &participant, const QString &where, const QString &status, const QString &reason)
{
    for (Entry &e : m_entries)
        if (e.participant == participant && e.status == status && e.reason == reason) {
            if (!where.isEmpty())
                e.where << where;
            return;
        }
    m_entries.push_back({participant, where.isEmpty() ? QStringList() : QStringList{where}, status, reason});
}

QStringList AbsenceNote::lines() const
{
    QStringList out;
    for (const Entry &e : m_entries) {
        if (out.size() == kMaxLines - 1 && int(m_entries.size()) > kMaxLines) {
            out << QStringLiteral("… and %1 more without a value").arg(int(m_entries.size()) - out.size());
            break;
        }
        QString line = e.participant;
        if (!e.where.isEmpty())
            line += QStringLiteral(" in ") + e.where.join(QStringLiteral(", "));
        line += QStringLiteral(": ") + e.status;
        const QString reason = ChartText::elided(e.reason.simplified(), kMaxReason);
        line += reason.isEmpty() ? QStringLiteral(" (the capture gives no reason)") : QStringLiteral(" — ") + reason;
        out << line;
    }
    return out;
}

QString AbsenceNote::html() const
{
    if (m_entries.empty())
        return {};
    QString out = QStringLiteral("<b>Why there is no value:</b>");
    for (const QString &line : lines())
        out += QStringLiteral("<br>") + line.toHtmlEscaped();
    return out;
}
