#pragma once

struct CommandContext;

// benchscope-cli store add|list|prune --store DIR: the results store
// (docs/continuous.md).
namespace StoreCommand {
int run(CommandContext &ctx);
}
