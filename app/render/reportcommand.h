#pragma once

#include "command.h"

// `benchscope-cli report FILE... --out DIR`: a report folder (index.md,
// charts as SVG and PNG, tables as Markdown and CSV, provenance) for one
// capture; two FILEs make a before/after report (see docs/export.md).
// Runs without a display.
namespace ReportCommand {

int run(CommandContext &ctx);

} // namespace ReportCommand
