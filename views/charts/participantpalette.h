#pragma once

#include "participant.h"

#include <QColor>

#include <map>
#include <string>
#include <vector>

// One colour per participant, the same in every chart kind and every export
// (the window's charts, the report's and the published page's SVG and PNG):
// the n-th participant of a capture, in the capture's own order, takes the
// n-th colour of a categorical palette (Tableau 10), whichever rows a table
// shows or filters, and whichever chart leaves some out. Charts of several
// captures (before/after, a history) number the participants of the first
// capture given, then those the others add.
class ParticipantPalette {
public:
    ParticipantPalette() = default;
    explicit ParticipantPalette(const std::vector<bs::Participant> &participants);

    // Numbers the participants not numbered yet, in their order.
    void add(const std::vector<bs::Participant> &participants);
    void add(const std::string &participantId);
    // The participant's colour; one not numbered is drawn in kUnknown.
    QColor color(const std::string &participantId) const;

    // How the lines of one participant (one colour) tell its cases apart:
    // the n-th case's dashes (solid, dashed, dotted, ...).
    static Qt::PenStyle caseStyle(std::size_t caseIndex);
    // The palette's n-th colour (it repeats after kSize).
    static QColor at(std::size_t index);
    static constexpr std::size_t kSize = 10;
    static inline const QColor kUnknown{0x80, 0x80, 0x80};

private:
    std::map<std::string, std::size_t> m_index;
};
