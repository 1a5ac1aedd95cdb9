#include "shorttext.h"

#include <algorithm>

namespace {

// A bidirectional embedding, override or isolate control (U+202A..U+202E,
// U+2066..U+2069): invisible, it would show the rest of a name backwards.
bool bidiControl(QChar c)
{
    const char16_t u = c.unicode();
    return (u >= 0x202a && u <= 0x202e) || (u >= 0x2066 && u <= 0x2069);
}

} // namespace

QString ShortText::elided(const QString &text, int most)
{
    most = std::max(most, 2);
    // Only as much as is shown is looked at (a 1 MiB name on every paint).
    const QStringView shown = QStringView(text).first(std::min<qsizetype>(text.size(), most + 1));
    if (std::any_of(shown.begin(), shown.end(), bidiControl)) {
        QString plain;
        for (qsizetype i = 0; i < text.size() && plain.size() <= most; ++i)
            if (!bidiControl(text[i]))
                plain += text[i];
        return elided(plain, most);
    }
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
