#pragma once

#include "participant.h"

#include <QString>
#include <QVariant>

#include <vector>

// The first column of the result tables, one participant a row: its label,
// tool tip, sort key and filter text by role. The sort keys and filter
// texts are made for every row on the first sort or filter, not while the
// table is built (a table can have 100,000 rows).
class ParticipantColumn {
public:
    QVariant data(const std::vector<bs::Participant> &participants, std::size_t row, int role) const;

private:
    mutable std::vector<QString> m_filterTexts;
    mutable std::vector<QString> m_sortKeys; // lower-case labels
};
