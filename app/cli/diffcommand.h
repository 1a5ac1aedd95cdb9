#pragma once

#include "command.h"

// `benchscope-cli diff BEFORE AFTER [--format text|markdown|csv|json]
// [--metric ID|all] [--alpha P]`: provenance warnings, the before/after
// table with a verdict per cell, and the geometric-mean summary.
namespace DiffCommand {

int run(CommandContext &ctx);

} // namespace DiffCommand
