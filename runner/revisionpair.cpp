#include "revisionpair.h"

#include "captureheader.h"

namespace bs {

std::vector<ParticipantSpec> RevisionPair::interleave(const SuiteSpec &suite)
{
    std::vector<ParticipantSpec> out;
    for (const ParticipantSpec &kept : suite.participants) // as --only left them
        for (const RevisionVariant &v : suite.revisions)
            for (ParticipantSpec p : v.participants)
                if (p.id == kept.id) {
                    p.id += "@" + v.name;
                    out.push_back(p);
                }
    return out;
}

std::string RevisionPair::outPath(const std::string &out, const std::string &name)
{
    for (const char *ext : {".json.gz", ".json", ".gz"}) {
        const std::string e = ext;
        if (out.size() > e.size() && out.compare(out.size() - e.size(), e.size(), e) == 0)
            return out.substr(0, out.size() - e.size()) + "." + name + e;
    }
    return out + "." + name;
}

bool RevisionPair::take(std::string &id, const std::string &suffix)
{
    if (id.size() <= suffix.size() || id.compare(id.size() - suffix.size(), suffix.size(), suffix) != 0)
        return false;
    id.resize(id.size() - suffix.size());
    return true;
}

// Per repetition, as runCase takes turns: before, after, after, before, ...
std::string RevisionPair::order(const SuiteSpec &suite)
{
    std::string text;
    for (int round = 0; round < suite.settings.repetitions; ++round) {
        const bool forward = round % 2 == 0;
        text += (text.empty() ? "" : ", ") + suite.revisions[forward ? 0 : 1].name + ", "
            + suite.revisions[forward ? 1 : 0].name;
    }
    return text;
}

Capture RevisionPair::split(const Capture &both, const SuiteSpec &suite, std::size_t r, const std::string &out)
{
    const std::string suffix = "@" + suite.revisions[r].name;
    Capture c = both;
    c.revision = CaptureHeader::revision(suite.revisions[r].revision);
    // The suite lists its revisions before, after: the after records which it follows.
    if (r == 1)
        c.revision.parent = CaptureHeader::revision(suite.revisions[0].revision).id;
    c.participants.clear();
    for (Participant p : both.participants)
        if (take(p.id, suffix))
            c.participants.push_back(p);
    c.results.clear();
    for (Result res : both.results)
        if (take(res.participant, suffix))
            c.results.push_back(res);
    c.contracts.clear();
    for (ContractCheck k : both.contracts)
        if (take(k.participant, suffix))
            c.contracts.push_back(k);
    const RevisionVariant &other = suite.revisions[1 - r];
    Conditions &cond = c.provenance.conditions;
    cond.extra["revision_order"] = order(suite);
    std::string path = outPath(out, other.name);
    path = path.substr(path.rfind('/') + 1);
    cond.extra["paired_with"] = path + " (" + other.name + ")";
    return c;
}

} // namespace bs
