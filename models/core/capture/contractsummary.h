#pragma once

#include <cstddef>
#include <set>
#include <string>
#include <vector>

namespace bs {

struct Capture;

// The shared contract of a capture in counts: per participant (in the
// capture's order, those with checks), the checks passed and failed before
// any load and which kinds were checked ("body", "status", ...).
struct ContractSummary {
    struct Participant {
        std::string id;
        std::string label;
        std::size_t passed = 0;
        std::size_t failed = 0;
        std::set<std::string> checks;
    };

    std::vector<Participant> participants;
    std::size_t passed = 0;
    std::size_t failed = 0;

    static ContractSummary of(const Capture &capture);
    std::size_t checks() const { return passed + failed; }
    // "body, content-type, status"
    static std::string checksText(const Participant &p);
};

} // namespace bs
