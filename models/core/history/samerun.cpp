#include "samerun.h"

#include <algorithm>
#include <map>

namespace bs {

namespace {

// The cheap part of the content: revision, capture time and the sources' hashes.
std::string keyOf(const Capture &c)
{
    std::vector<std::string> hashes;
    for (const auto &[name, hash] : c.provenance.sourceHashes)
        hashes.push_back(hash);
    std::sort(hashes.begin(), hashes.end());
    std::string key = c.revision.id + '\n' + c.revision.date + '\n' + c.capturedAt + '\n';
    for (const std::string &h : hashes)
        key += h + ',';
    return key;
}

std::string hashText(const Capture &c)
{
    if (c.provenance.sourceHashes.empty())
        return "same content";
    return "same content, sha256 " + c.provenance.sourceHashes.begin()->second.substr(0, 12) + "…";
}

} // namespace

SameRun SameRun::find(const std::vector<const Capture *> &captures)
{
    SameRun out;
    std::map<std::string, std::vector<std::size_t>> byKey; // key → kept indexes with it
    for (std::size_t i = 0; i < captures.size(); ++i) {
        const Capture &c = *captures[i];
        std::vector<std::size_t> &same = byKey[keyOf(c)];
        const auto first = std::find_if(same.begin(), same.end(), [&](std::size_t k) {
            const Capture &o = *captures[k];
            return o.metrics == c.metrics && o.results == c.results;
        });
        if (first == same.end()) {
            same.push_back(i);
            out.kept.push_back(i);
            continue;
        }
        const Capture &o = *captures[*first];
        out.notes.push_back(c.sourcePath + (c.sourcePath == o.sourcePath ? " is given twice" : " is the same run as " + o.sourcePath)
                            + " (" + hashText(c) + "): counted once");
    }
    return out;
}

} // namespace bs
