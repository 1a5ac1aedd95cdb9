#pragma once

#include "command.h"

// `benchscope-cli export FILE... --chart range|box|bars|latency [--case ID]
// [--metric ID] --out PATH.png|svg|pdf [--size WxH] [--pixel-ratio R]`
// draws a chart; `benchscope-cli export FILE --table all-cases|case
// [--case ID] [--metric ID] --format csv|md|html [--out PATH]` writes a
// table as the explorer shows it (to stdout without --out). Two FILEs with
// --chart range draw the before/after paired range plot. Runs without a
// display.
namespace ExportCommand {

int run(CommandContext &ctx);

} // namespace ExportCommand
