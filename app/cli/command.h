#pragma once

#include "capture.h"

#include <iosfwd>
#include <string>
#include <vector>

// A benchscope-cli subcommand. Each takes its arguments (after the command
// name) and returns the process exit code: 0 success, 1 bad input, 2 usage.
struct CommandContext {
    std::vector<std::string> args;
    std::ostream &out;
    std::ostream &err;

    // Loads every file (captures or other tools' outputs) before anything is
    // printed, so a bad file never leaves half an output. On the first
    // failure prints the error (file, place, what) and returns false.
    bool loadAll(const std::vector<std::string> &files, std::vector<bs::Capture> &captures);
    // Each DIR of `args` replaced by the captures in it, by name (told by
    // content); false, with the error printed, for a folder that has none.
    bool expandFolders(const std::vector<std::string> &args, std::vector<std::string> &files);

    // True when writing each of `outs` keeps every one of `inputs` (files or
    // folders, with the raw files beside captures that a summary reads):
    // an output that is an input by any spelling (./x, a symlink, a hard
    // link), lies inside an input folder, or is a folder holding an input,
    // prints "OUT: is the input IN ..." and returns false (bad input, exit 1).
    // Every command that writes asks this before it reads.
    bool keepsInputs(const std::vector<std::string> &outs, const std::vector<std::string> &inputs);

    // True when `metricId` is empty or names a metric of `capture`; else
    // prints "FILE: no metric" and returns false (bad input, exit 1).
    bool hasMetric(const bs::Capture &capture, const std::string &metricId);
};
