#pragma once

#include "command.h"

// `benchscope-cli inspect FILE... [--format text|markdown|csv|json] [--metric ID]`
class InspectCommand {
public:
    static int run(CommandContext &ctx);
};
