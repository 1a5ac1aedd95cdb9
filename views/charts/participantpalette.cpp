#include "participantpalette.h"

#include <iterator>

namespace {

// Tableau 10, a categorical palette whose neighbours differ in hue and
// lightness, readable on the light and the dark chart background.
constexpr QRgb kColors[ParticipantPalette::kSize] = {0x4e79a7, 0xf28e2b, 0x59a14f, 0xb07aa1, 0x76b7b2,
                                                     0xedc948, 0xe15759, 0x9c755f, 0xff9da7, 0xbab0ac};

} // namespace

ParticipantPalette::ParticipantPalette(const std::vector<bs::Participant> &participants)
{
    add(participants);
}

void ParticipantPalette::add(const std::vector<bs::Participant> &participants)
{
    for (const bs::Participant &p : participants)
        add(p.id);
}

void ParticipantPalette::add(const std::string &participantId)
{
    m_index.emplace(participantId, m_index.size());
}

QColor ParticipantPalette::color(const std::string &participantId) const
{
    const auto it = m_index.find(participantId);
    return it == m_index.end() ? kUnknown : at(it->second);
}

QColor ParticipantPalette::at(std::size_t index)
{
    return QColor::fromRgb(kColors[index % kSize]);
}

Qt::PenStyle ParticipantPalette::caseStyle(std::size_t caseIndex)
{
    static constexpr Qt::PenStyle kStyles[] = {Qt::SolidLine, Qt::DashLine, Qt::DotLine, Qt::DashDotLine,
                                               Qt::DashDotDotLine};
    return kStyles[caseIndex % std::size(kStyles)];
}
