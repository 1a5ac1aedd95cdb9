#pragma once

#include "command.h"

// `benchscope-cli convert IN... --out CAPTURE.json.gz [--map MAP.json] [--title TITLE] [--split-raw]`
// One IN (another tool's output, a results folder or a capture) is converted
// as it is; several INs are combined as one-run-per-file results, like a
// folder (participant and case from each file name, or from --map).
namespace ConvertCommand {

int run(CommandContext &ctx);

} // namespace ConvertCommand
