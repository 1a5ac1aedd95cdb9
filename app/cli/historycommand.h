#pragma once

#include "command.h"

// `benchscope-cli history FILE|DIR... [--suite ID] [--metric ID|all]
// [--participant ID] [--case ID] [--min-change PCT] [--alpha P]
// [--format text|markdown|csv|json]`: the captures of one suite in revision
// order, one series per participant × case, and the change points.
namespace HistoryCommand {

int run(CommandContext &ctx);

} // namespace HistoryCommand
