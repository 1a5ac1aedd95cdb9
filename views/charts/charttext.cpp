#include "charttext.h"

#include "capture.h"
#include "participantcell.h"
#include "shorttext.h"

QString ChartText::elided(const QString &text, int most)
{
    return ShortText::elided(text, most);
}

QString ChartText::elided(const std::string &text, int most)
{
    return ShortText::elided(text, most);
}

QString ChartText::participant(const bs::Participant &participant)
{
    return ParticipantCell::label(participant, elided(participant.label));
}
