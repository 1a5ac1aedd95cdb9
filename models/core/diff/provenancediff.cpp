#include "provenancediff.h"

#include "unitformat.h"

#include <algorithm>
#include <iterator>
#include <map>
#include <optional>
#include <set>

namespace bs {

namespace {

// An optional value for display; empty when not stated.
template <typename T, typename Show>
std::string shown(const std::optional<T> &v, Show show)
{
    return v ? show(*v) : std::string();
}

std::string seconds(double s)
{
    return UnitFormat::withUnit(s, "s");
}

class Collector {
public:
    std::vector<ProvenanceWarning> warnings;

    // Free text, compared as is and shown in quotes.
    void text(const std::string &what, const std::string &before, const std::string &after)
    {
        if (before != after)
            warnings.push_back({what, before, after, true});
    }
    // Values made displayable, compared by their display text.
    void values(const std::string &what, const std::string &before, const std::string &after)
    {
        if (before != after)
            warnings.push_back({what, before, after, false});
    }
    // Numbers compared as numbers: two of them may round to the same text.
    template <typename T, typename Show>
    void numbers(const std::string &what, const std::optional<T> &before, const std::optional<T> &after, Show show)
    {
        if (before != after)
            warnings.push_back({what, shown(before, show), shown(after, show), false});
    }
};

// The keys of two maps, sorted, each once.
template <typename Map>
std::set<std::string> keys(const Map &a, const Map &b)
{
    std::set<std::string> k;
    for (const auto &kv : a)
        k.insert(kv.first);
    for (const auto &kv : b)
        k.insert(kv.first);
    return k;
}

std::string valueOf(const std::map<std::string, std::string> &m, const std::string &key)
{
    auto it = m.find(key);
    return it == m.end() ? std::string() : it->second;
}

} // namespace

std::vector<ProvenanceWarning> ProvenanceDiff::compare(const Capture &before, const Capture &after)
{
    Collector c;
    c.text("suite", before.suite.id, after.suite.id);

    const Machine &mb = before.provenance.machine, &ma = after.provenance.machine;
    c.text("machine CPU", mb.cpu, ma.cpu);
    // 0 cores or bytes: not stated.
    auto stated = [](auto v) { return v > 0 ? std::optional<decltype(v)>(v) : std::nullopt; };
    c.numbers("machine cores", stated(mb.cores), stated(ma.cores), [](int n) { return std::to_string(n); });
    c.numbers("machine memory", stated(mb.memoryBytes), stated(ma.memoryBytes),
              [](double b) { return UnitFormat::withUnit(b, "B"); });
    c.text("machine OS", mb.os, ma.os);
    c.text("machine host name", mb.hostname, ma.hostname);

    // Runtimes and tools, matched by name; one listed on one side only
    // reads "not stated" on the other.
    std::map<std::string, std::string> tb, ta;
    for (const ToolVersion &t : before.provenance.tools)
        tb.emplace(t.name, t.version);
    for (const ToolVersion &t : after.provenance.tools)
        ta.emplace(t.name, t.version);
    for (const std::string &name : keys(tb, ta))
        c.text("tool " + name, valueOf(tb, name), valueOf(ta, name));

    // Participants in both captures: their runtime and own version.
    for (const Participant &pb : before.participants) {
        if (const Participant *pa = after.participant(pb.id)) {
            c.text("participant " + pb.id + " runtime", pb.runtime, pa->runtime);
            c.text("participant " + pb.id + " version", pb.version, pa->version);
            if (!c.warnings.empty() && c.warnings.back().what == "participant " + pb.id + " version")
                c.warnings.back().expected = true;
        }
    }

    const Conditions &kb = before.provenance.conditions, &ka = after.provenance.conditions;
    auto count = [](int n) { return std::to_string(n); };
    c.text("mode", kb.mode, ka.mode);
    c.numbers("connections", kb.connections, ka.connections, count);
    c.numbers("warm-up", kb.warmupSeconds, ka.warmupSeconds, seconds);
    c.numbers("duration", kb.durationSeconds, ka.durationSeconds, seconds);
    c.numbers("rate", kb.rate, ka.rate, [](double r) { return UnitFormat::withUnit(r, "req/s"); });
    c.numbers("repetitions", kb.repetitions, ka.repetitions, count);
    c.text("run order", kb.runOrder, ka.runOrder);
    c.text("server CPU set", kb.cpuSetServer, ka.cpuSetServer);
    c.text("client CPU set", kb.cpuSetClient, ka.cpuSetClient);
    c.numbers("latency correction", kb.latencyCorrected, ka.latencyCorrected,
              [](bool b) { return std::string(b ? "corrected" : "not corrected"); });
    for (const std::string &k : keys(kb.extra, ka.extra))
        if (k != "paired_with") // each half of a runner-made pair names the other: not a condition
            c.text("condition " + k, valueOf(kb.extra, k), valueOf(ka.extra, k));
    // Another processor, core count or host is another machine, and another
    // mode, load or target another experiment (the OS and memory as reported
    // move with updates: warnings only). Not stated on one side is not known
    // to differ.
    static const std::set<std::string> experiment{"machine CPU", "machine cores", "machine host name", "mode",
                                                  "connections", "rate", "latency correction", "condition target",
                                                  "condition host", "condition url"};
    for (ProvenanceWarning &w : c.warnings)
        w.forbids = experiment.count(w.what) && !w.before.empty() && !w.after.empty();
    return c.warnings;
}

std::vector<ProvenanceWarning> ProvenanceDiff::forbidding(const std::vector<ProvenanceWarning> &differences)
{
    std::vector<ProvenanceWarning> out;
    std::copy_if(differences.begin(), differences.end(), std::back_inserter(out),
                 [](const ProvenanceWarning &w) { return w.forbids; });
    return out;
}

std::size_t ProvenanceDiff::warningCount(const std::vector<ProvenanceWarning> &differences)
{
    return std::size_t(std::count_if(differences.begin(), differences.end(),
                                     [](const ProvenanceWarning &w) { return !w.expected; }));
}

std::vector<ProvenanceSection> ProvenanceDiff::sections(const std::vector<ProvenanceWarning> &differences)
{
    ProvenanceSection warnings{"Provenance differs; the numbers may not be comparable:", {}, true};
    ProvenanceSection expected{"Expected differences (what a diff of two revisions compares):", {}, false};
    for (const ProvenanceWarning &w : differences)
        (w.expected ? expected : warnings).lines.push_back(w.text());
    if (warnings.lines.empty())
        warnings = {"Provenance: machine, tools and conditions are the same.", {}, false};
    std::vector<ProvenanceSection> out{warnings};
    if (!expected.lines.empty())
        out.push_back(expected);
    return out;
}

} // namespace bs
