#include "contractsummary.h"

#include "capture.h"

namespace bs {

ContractSummary ContractSummary::of(const Capture &capture)
{
    ContractSummary s;
    for (const bs::Participant &p : capture.participants) {
        Participant row {p.id, p.label, 0, 0, {}};
        for (const ContractCheck &k : capture.contracts)
            if (k.participant == p.id) {
                (k.passed ? row.passed : row.failed)++;
                row.checks.insert(k.what);
            }
        if (row.passed + row.failed > 0)
            s.participants.push_back(std::move(row));
    }
    for (const ContractCheck &k : capture.contracts)
        (k.passed ? s.passed : s.failed)++;
    return s;
}

std::string ContractSummary::checksText(const Participant &p)
{
    std::string text;
    for (const std::string &w : p.checks)
        text += (text.empty() ? "" : ", ") + w;
    return text;
}

} // namespace bs
