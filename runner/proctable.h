#pragma once

#include <sys/types.h>

#include <set>
#include <string>
#include <vector>

namespace bs {

// The live processes as /proc lists them, as far as the runner needs them
// to find what a participant started: parent, process group, and the mark
// it inherited (the value of BENCHSCOPE_PARTICIPANT in its environment,
// "" when none). Zombies are left out: they hold nothing.
struct ProcEntry {
    pid_t pid = 0;
    pid_t ppid = 0;
    pid_t pgrp = 0;
    std::string mark;
};

namespace ProcTable {

// The environment variable that marks every process a participant started,
// however it detaches (setsid, a double fork): descendants inherit it.
extern const char *const kMarkVariable;

std::vector<ProcEntry> read();
// The processes in `in` and every descendant of one of them (as long as
// parents are known), without this process.
std::vector<pid_t> withDescendants(const std::vector<ProcEntry> &all, std::set<pid_t> in);

} // namespace ProcTable

} // namespace bs
