#pragma once

#include <string>

namespace bs {

// One benchmark case (a scenario, endpoint, command). `group` names the tab
// the case is shown in; cases with the same group share a tab.
struct CaseInfo {
    std::string id;
    std::string label;
    std::string group;
    std::string description;

    bool operator==(const CaseInfo &o) const
    {
        return id == o.id && label == o.label && group == o.group && description == o.description;
    }
};

} // namespace bs
