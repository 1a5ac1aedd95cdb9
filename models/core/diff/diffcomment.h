#pragma once

#include "capture.h"
#include "capturediff.h"
#include "diffgate.h"

#include <cstddef>
#include <map>
#include <string>

namespace bs {

// A comparison as a pull-request comment (GitHub- and GitLab-flavoured
// Markdown; `benchscope-cli comment`, docs/continuous.md): one line on top
// with the counts of better, worse and no change established and how many
// "worse" noise alone would give at this alpha over the cells compared;
// base and head; the provenance differences, before any verdict; the
// gate's verdict when there is a gate; the regressions; every other cell
// inside <details>; the notes and the geometric means. Every string from a
// capture is escaped for Markdown. The whole stays within `limit`
// characters: rows past it are left out, the regressions last, with a
// count of what was left out and a link to the page when given.
namespace DiffComment {

// GitHub's limit on a comment's body.
constexpr std::size_t kGitHubLimit = 65536;

struct Options {
    std::size_t limit = kGitHubLimit;
    std::string pageUrl;           // http(s); empty: no link
    const DiffGate *gate = nullptr; // the gate's verdict, when the command gates
};

std::string markdown(const Capture &base, const Capture &head, const CaptureDiff &diff, const Options &options);

// How many cells have each verdict (the top line's counts; a suite's
// badge on the published page says the same).
std::map<DiffVerdict, std::size_t> counts(const CaptureDiff &diff);

// How many "worse" verdicts noise alone would give at most: each compared
// cell (better, worse or no change established) is worse by chance with a
// probability of at most alpha / 2 under the two-sided test.
double chanceWorse(const CaptureDiff &diff);

} // namespace DiffComment

} // namespace bs
