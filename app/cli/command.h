#pragma once

#include <iosfwd>
#include <string>
#include <vector>

// A benchscope-cli subcommand. Each takes its arguments (after the command
// name) and returns the process exit code: 0 success, 1 bad input, 2 usage.
struct CommandContext {
    std::vector<std::string> args;
    std::ostream &out;
    std::ostream &err;
};
