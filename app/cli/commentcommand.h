#pragma once

struct CommandContext;

// benchscope-cli comment: a comparison as a pull-request comment
// (docs/continuous.md), its exit status the gate of `diff --fail-on worse`.
namespace CommentCommand {
int run(CommandContext &ctx);
}
