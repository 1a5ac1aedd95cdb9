#include "participantcell.h"

#include <QStringList>

#include <algorithm>

namespace {
std::string labelUtf8(const bs::Participant &p)
{
    return p.baseline ? p.label + " (baseline)" : p.label;
}

// QString::toLower() of UTF-8 text. ASCII text (the usual case) is lowered
// byte by byte: the same result, without Unicode case mapping per
// character, which was most of the cost of 100,000 filter texts.
QString lowerText(std::string text)
{
    if (std::all_of(text.begin(), text.end(), [](char c) { return (unsigned char)c < 0x80; })) {
        for (char &c : text)
            if (c >= 'A' && c <= 'Z')
                c = char(c - 'A' + 'a');
        return QString::fromLatin1(text.data(), qsizetype(text.size()));
    }
    return QString::fromStdString(text).toLower();
}
} // namespace

QString ParticipantCell::label(const bs::Participant &p)
{
    return QString::fromStdString(labelUtf8(p));
}

QString ParticipantCell::label(const bs::Participant &p, const QString &name)
{
    return p.baseline ? name + QStringLiteral(" (baseline)") : name;
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
    // Joined as UTF-8 and converted once: one allocation per part is what
    // made 100,000 rows slow.
    std::string text;
    text.reserve(p.label.size() + p.id.size() + p.runtime.size() + p.version.size() + 16 * (p.tags.size() + 1));
    for (const std::string *part : {&p.label, &p.id, &p.runtime, &p.version}) {
        if (part != &p.label)
            text += ' ';
        text += *part;
    }
    for (const std::string &t : p.tags) {
        text += ' ';
        text += t;
    }
    if (p.baseline)
        text += " baseline";
    return lowerText(std::move(text));
}

std::vector<QString> ParticipantCell::filterTexts(const std::vector<bs::Participant> &participants)
{
    std::vector<QString> texts;
    texts.reserve(participants.size());
    for (const bs::Participant &p : participants)
        texts.push_back(filterText(p));
    return texts;
}

std::vector<QString> ParticipantCell::sortKeys(const std::vector<bs::Participant> &participants)
{
    std::vector<QString> keys;
    keys.reserve(participants.size());
    for (const bs::Participant &p : participants)
        keys.push_back(lowerText(labelUtf8(p)));
    return keys;
}
