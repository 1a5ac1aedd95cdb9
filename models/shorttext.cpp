#include "shorttext.h"

#include <algorithm>

QString ShortText::elided(const QString &text, int most)
{
    most = std::max(most, 2);
    if (text.size() <= most)
        return text;
    qsizetype keep = most - 1;
    if (text[keep - 1].isHighSurrogate()) // never half a character
        --keep;
    return text.left(keep).trimmed() + QChar(0x2026);
}

QString ShortText::elided(const std::string &text, int most)
{
    // A character is at most 4 bytes of UTF-8: a cut prefix of 4 * most + 4
    // bytes holds more than `most` characters, so it is elided in turn and
    // a character the prefix cuts in two falls in the part left out.
    const std::size_t prefix = std::min(text.size(), std::size_t(4) * std::size_t(std::max(most, 2)) + 4);
    return elided(QString::fromUtf8(text.data(), qsizetype(prefix)), most);
}
