#pragma once

#include "capturediff.h"
#include "commandline.h"

#include <optional>
#include <string>
#include <vector>

struct CommandContext;

// What `diff` and `comment` share: the options that choose and judge the
// cells (--metric, --alpha, --rule, --correct, --match, --fail-on, --threshold) and
// the comparison of two loaded captures by them, so the two commands never
// judge a pair differently.
struct DiffSetup {
    bs::CaptureDiff::Options options;
    std::string metricId;     // empty: the primary metric; "all": every metric
    std::string match = "id"; // or "name"
    bool gated = false;       // --fail-on worse
    double threshold = 0;     // --threshold, percent

    // The options read, for a command's CommandLine.
    static std::vector<CommandLine::Option> optionsRead();

    // Reads the options; false on a usage error (printed), with `exitCode` set.
    bool read(CommandLine &cl, int &exitCode);
    // The comparison of before and after (their participants renamed by
    // --match name); nullopt, the error printed (bad input, exit 1), when
    // --match name cannot pair them or the metric is in neither.
    std::optional<bs::CaptureDiff> compare(CommandContext &ctx, bs::Capture &before, bs::Capture &after) const;
};
