#pragma once

#include <QString>

#include <string>

namespace bs {
struct Participant;
}

// The one rule for a string from a file that a chart draws (a title, an axis
// or category label, a legend entry, a note): cut to at most `most`
// characters, the cut marked with "…", before Qt lays it out (ShortText, at
// a chart's length: a 50,000-character label cost 3 GB); the full text stays
// in the tool tips, copies and downloads.
namespace ChartText {

inline constexpr int kMost = 80; // characters of a drawn name, "…" included

QString elided(const QString &text, int most = kMost);
QString elided(const std::string &text, int most = kMost);
// A participant's label as the tables give it ("name (baseline)"), the
// name elided.
QString participant(const bs::Participant &participant);

} // namespace ChartText
