#pragma once

#include <string>
#include <vector>

namespace bs {

// A framework, library, tool or build being measured.
struct Participant {
    std::string id;
    std::string label;
    std::string runtime;       // e.g. "bun 1.3.14", "node v26.8.1"
    std::string version;       // the participant's own version
    bool baseline = false;     // e.g. "raw Bun.serve" on the Suku page
    std::vector<std::string> tags;

    bool operator==(const Participant &o) const
    {
        return id == o.id && label == o.label && runtime == o.runtime && version == o.version
            && baseline == o.baseline && tags == o.tags;
    }
};

} // namespace bs
