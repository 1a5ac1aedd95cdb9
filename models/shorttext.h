#pragma once

#include <QString>

#include <string>

// The one cut for a string from a file before Qt lays it out: at most `most`
// characters, the cut marked with "…". Qt's text layout costs far more than
// the text (a 1 MiB participant name took minutes to lay out in the tables),
// so a table cell, a header, a heading or a tab gets a bounded text; the
// full text stays in the tool tips, copies, exports and downloads (each
// model's TableRole::CellTextRole). Charts cut shorter (ChartText). The
// bidirectional controls (U+202A..U+202E, U+2066..U+2069) are left out of
// what is shown, so a name never shows its rest backwards ("gnp.exe" as
// "exe.png").
namespace ShortText {

inline constexpr int kShown = 400; // characters: more than a capped column or a heading shows

QString elided(const QString &text, int most = kShown);
// Only the kept prefix of a long text is converted.
QString elided(const std::string &text, int most = kShown);

} // namespace ShortText
