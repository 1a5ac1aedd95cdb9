#pragma once

#include "participant.h"

#include <QString>

#include <vector>

// How a participant reads in the first column of the result tables.
namespace ParticipantCell {

// "Raw Bun.serve (baseline)"
QString label(const bs::Participant &participant);
// The same with the name given (a chart's cut one: ChartText), so the
// baseline mark stays however long the name is.
QString label(const bs::Participant &participant, const QString &name);
// Runtime, version, tags: what the label leaves out.
QString toolTip(const bs::Participant &participant);
// Lower-case label, id, runtime, version and tags, for the filter.
QString filterText(const bs::Participant &participant);

// Every participant's filterText() and lower-case label (the sort key of
// the first column), in order: what the models make once, on the first
// filter or sort, rather than while the table is being built.
std::vector<QString> filterTexts(const std::vector<bs::Participant> &participants);
std::vector<QString> sortKeys(const std::vector<bs::Participant> &participants);

} // namespace ParticipantCell
