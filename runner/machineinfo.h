#pragma once

#include "provenance.h"

namespace bs {

// The machine the runner is on, from /proc, uname and /etc/os-release.
class MachineInfo {
public:
    static Machine current();
};

} // namespace bs
