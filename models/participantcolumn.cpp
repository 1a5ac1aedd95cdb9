#include "participantcolumn.h"

#include "participantcell.h"
#include "shorttext.h"
#include "tableroles.h"

QVariant ParticipantColumn::data(const std::vector<bs::Participant> &participants, std::size_t row, int role) const
{
    const bs::Participant &p = participants[row];
    switch (role) {
    case Qt::DisplayRole:
        return ParticipantCell::label(p, ShortText::elided(p.label));
    case TableRole::CellTextRole:
        return ParticipantCell::label(p);
    case TableRole::SortRole:
        if (m_sortKeys.empty())
            m_sortKeys = ParticipantCell::sortKeys(participants);
        return m_sortKeys[row];
    case Qt::ToolTipRole:
        return ParticipantCell::toolTip(p);
    case TableRole::FilterTextRole:
        if (m_filterTexts.empty())
            m_filterTexts = ParticipantCell::filterTexts(participants);
        return m_filterTexts[row];
    }
    return {};
}
