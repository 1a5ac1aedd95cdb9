#pragma once

#include "provenance.h"

namespace bs {

// The machine the runner is on, from /proc, uname and /etc/os-release.
namespace MachineInfo {

Machine current();

} // namespace MachineInfo

} // namespace bs
