#pragma once

#include "command.h"

#include <string>

// `benchscope-cli publish --store DIR --out SITE`: the page that grows
// (docs/continuous.md). One history per suite, split by branch and machine
// where they differ (bs::StoreHistories), each with its change points
// (ReportContentBuilder::addHistory), every revision with its branch,
// commit (a link to REPO/commit/SHA with --repo-url) and capture file, and
// the latest capture's tables; the store's capture files offered as
// downloads; a badge per suite (SITE/badges/<suite>.svg: its newest
// capture on the base branch against the one before, judged as `comment`
// judges, DiffSetup). The history reads the captures through the summary
// index (IndexedFiles), so a capture already published is not read again;
// only the latest of each history and the badges' pairs are loaded whole.
// Written as every publish (PagePublisher::writePage, bs::SiteFolder).
namespace StorePublisher {

struct Options {
    std::string store;
    std::string out;
    std::string title;   // default "Benchmarks", or the suite's name when there is one
    std::string repoUrl; // http(s), no trailing slash; empty: commits are not links
    std::string baseBranch = "main";
    bool force = false;
    bool useIndex = true;
};

// Prints what it wrote, or the error; returns the exit status (0, or 1 for
// bad input).
int publish(CommandContext &ctx, const Options &options);

} // namespace StorePublisher
