#include "storehistories.h"

#include "resultstore.h"

#include <algorithm>
#include <map>
#include <set>

namespace bs {

namespace {

// Suites in the order their first capture was added.
std::vector<std::string> suitesOf(const std::vector<StoreEntry> &entries)
{
    std::vector<std::string> suites;
    for (const StoreEntry &e : entries)
        if (std::find(suites.begin(), suites.end(), e.suite) == suites.end())
            suites.push_back(e.suite);
    return suites;
}

std::string qualifierOf(const StoreEntry &e, bool branches, bool machines)
{
    std::string out;
    if (branches)
        out = "branch " + (e.branch.empty() ? std::string("(none)") : e.branch);
    if (machines)
        out += (out.empty() ? "" : ", ") + std::string("machine ") + (e.machine.empty() ? "(unknown)" : e.machine);
    return out;
}

} // namespace

std::vector<StoreHistories::Group> StoreHistories::of(const std::vector<StoreEntry> &entries)
{
    const std::vector<StoreEntry> timeline = ResultStore::byTime(entries);
    std::vector<Group> out;
    for (const std::string &suite : suitesOf(entries)) {
        std::set<std::string> branches, machines;
        for (const StoreEntry &e : timeline)
            if (e.suite == suite) {
                branches.insert(e.branch);
                machines.insert(e.machine);
            }
        std::map<std::pair<std::string, std::string>, Group> groups;
        for (const StoreEntry &e : timeline) {
            if (e.suite != suite)
                continue;
            Group &g = groups[{e.branch, e.machine}];
            if (g.entries.empty())
                g = {suite, e.branch, e.machine, qualifierOf(e, branches.size() > 1, machines.size() > 1), {}};
            g.entries.push_back(e);
        }
        std::vector<Group> ofSuite;
        for (auto &[key, g] : groups)
            ofSuite.push_back(std::move(g));
        // Newest first; the keys break a tie, so the order never depends on the map's.
        std::stable_sort(ofSuite.begin(), ofSuite.end(), [](const Group &a, const Group &b) {
            return a.entries.back().capturedAt > b.entries.back().capturedAt;
        });
        out.insert(out.end(), ofSuite.begin(), ofSuite.end());
    }
    return out;
}

std::vector<StoreHistories::BadgePair> StoreHistories::badgePairs(const std::vector<StoreEntry> &entries,
                                                                  const std::string &baseBranch)
{
    const std::vector<StoreEntry> timeline = ResultStore::byTime(entries);
    std::vector<BadgePair> out;
    for (const std::string &suite : suitesOf(entries)) {
        std::vector<StoreEntry> line;
        for (const StoreEntry &e : timeline)
            if (e.suite == suite && e.branch == baseBranch)
                line.push_back(e);
        if (line.empty()) { // no capture on the base branch: the branch of the suite's newest
            std::string branch;
            for (const StoreEntry &e : timeline)
                if (e.suite == suite)
                    branch = e.branch;
            for (const StoreEntry &e : timeline)
                if (e.suite == suite && e.branch == branch)
                    line.push_back(e);
        }
        BadgePair pair{suite, line.back(), std::nullopt};
        line.pop_back();
        pair.base = ResultStore::baseFor(line, pair.head, pair.head.branch);
        out.push_back(std::move(pair));
    }
    return out;
}

} // namespace bs
