#pragma once

#include "capture.h"
#include "loaderror.h"

#include <optional>
#include <string>

namespace bs {

// criterion.rs results: a `target/criterion/` tree, one of its groups or
// benchmarks, or one `new/` folder, opened as one capture. Each benchmark's
// latest run (`<id>/new/`: benchmark.json, sample.json, estimates.json) is a
// result: every sample is a repetition of the time per iteration
// (times[i] ÷ iters[i], ns → s), the estimates are figures measured once;
// criterion 0.3.2 and older's sample.json tuple [iters, times] and
// estimates keyed Mean, Median, ... are read too.
// The function is the participant and the input value the case, in a tab
// per group; a benchmark without function (bench_function) is a participant
// of its own.
namespace CriterionImporter {

// True when `folder` is, or holds within a few levels, a criterion benchmark
// (a benchmark.json in it or in a `new/` folder below it).
bool holdsBenchmarks(const std::string &folder);

std::optional<Capture> import(const std::string &folder, LoadError &error);

} // namespace CriterionImporter

} // namespace bs
