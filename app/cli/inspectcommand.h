#pragma once

#include "command.h"

// `benchscope-cli inspect FILE... [--format text|markdown|csv|json] [--metric ID]`
namespace InspectCommand {

int run(CommandContext &ctx);

} // namespace InspectCommand
