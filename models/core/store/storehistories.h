#pragma once

#include "storeentry.h"

#include <optional>
#include <string>
#include <vector>

namespace bs {

// How `publish --store` lays out a results store (docs/continuous.md "The
// page that grows"): one history per suite, split by branch and by machine
// where a suite's captures differ in them (figures of two machines are two
// experiments, and a pull request's branch is not the main line's
// history), and each suite's badge pair: its newest capture on the base
// branch and the one before it there.
namespace StoreHistories {

struct Group {
    std::string suite;
    std::string branch;
    std::string machine;
    // What tells this group from the suite's others ("branch main, machine
    // ci-1"), empty when the suite is one group.
    std::string qualifier;
    std::vector<StoreEntry> entries; // oldest first (ResultStore::byTime)
};

// The groups, suites in the order their first capture was added, a suite's
// groups by their newest capture, newest first.
std::vector<Group> of(const std::vector<StoreEntry> &entries);

struct BadgePair {
    std::string suite;
    StoreEntry head;                // the newest capture on the base branch (else the suite's newest)
    std::optional<StoreEntry> base; // the one before it on that branch (ResultStore::baseFor), if any
};

// One pair per suite, in the order of `of`.
std::vector<BadgePair> badgePairs(const std::vector<StoreEntry> &entries, const std::string &baseBranch);

} // namespace StoreHistories

} // namespace bs
