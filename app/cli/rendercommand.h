#pragma once

// `benchscope-cli export` and `benchscope-cli report` draw charts, so they
// live in benchscope-render, which links the views; benchscope-cli itself
// links only the core and QtCore. This replaces benchscope-cli with
// benchscope-render (found next to it) for those commands, passing the
// arguments, the output and the exit status through unchanged.
namespace RenderCommand {

// `argv` is benchscope-cli's own (argv[1] the command). Returns only when
// benchscope-render cannot be started: the error is printed, the result is 1.
int exec(char **argv);

} // namespace RenderCommand
