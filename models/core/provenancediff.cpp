#include "provenancediff.h"

#include "unitformat.h"

#include <map>
#include <optional>
#include <set>

namespace bs {

namespace {

const char *kNotStated = "not stated";

std::string quoted(const std::string &s)
{
    return s.empty() ? kNotStated : "\"" + s + "\"";
}

template <typename T, typename Show>
std::string shown(const std::optional<T> &v, Show show)
{
    return v ? show(*v) : kNotStated;
}

class Collector {
public:
    std::vector<ProvenanceWarning> warnings;

    void text(const std::string &what, const std::string &before, const std::string &after)
    {
        if (before != after)
            warnings.push_back({what, quoted(before), quoted(after)});
    }
    // Values already made displayable; compared by their display text.
    void shownValues(const std::string &what, const std::string &before, const std::string &after)
    {
        if (before != after)
            warnings.push_back({what, before, after});
    }
};

std::string seconds(double s)
{
    return UnitFormat::withUnit(s, "s");
}

} // namespace

std::vector<ProvenanceWarning> ProvenanceDiff::compare(const Capture &before, const Capture &after)
{
    Collector c;
    c.text("suite", before.suite.id, after.suite.id);

    const Machine &mb = before.provenance.machine, &ma = after.provenance.machine;
    c.text("machine CPU", mb.cpu, ma.cpu);
    auto cores = [](int n) { return n > 0 ? std::to_string(n) : std::string(kNotStated); };
    c.shownValues("machine cores", cores(mb.cores), cores(ma.cores));
    auto memory = [](double b) { return b > 0 ? UnitFormat::withUnit(b, "B") : std::string(kNotStated); };
    // Compared as numbers: two sizes may round to the same display text.
    if (mb.memoryBytes != ma.memoryBytes)
        c.warnings.push_back({"machine memory", memory(mb.memoryBytes), memory(ma.memoryBytes)});
    c.text("machine OS", mb.os, ma.os);
    c.text("machine host name", mb.hostname, ma.hostname);

    // Runtimes and tools, matched by name.
    std::map<std::string, std::string> tb, ta;
    for (const ToolVersion &t : before.provenance.tools)
        tb.emplace(t.name, t.version);
    for (const ToolVersion &t : after.provenance.tools)
        ta.emplace(t.name, t.version);
    auto toolVersion = [](const std::map<std::string, std::string> &m, const std::string &name) {
        auto it = m.find(name);
        return it == m.end() ? std::string("not listed") : quoted(it->second);
    };
    std::set<std::string> toolNames;
    for (const auto &[name, v] : tb)
        toolNames.insert(name);
    for (const auto &[name, v] : ta)
        toolNames.insert(name);
    for (const std::string &name : toolNames)
        c.shownValues("tool " + name, toolVersion(tb, name), toolVersion(ta, name));

    // Participants in both captures: their runtime and own version.
    for (const Participant &pb : before.participants) {
        if (const Participant *pa = after.participant(pb.id)) {
            c.text("participant " + pb.id + " runtime", pb.runtime, pa->runtime);
            c.text("participant " + pb.id + " version", pb.version, pa->version);
        }
    }

    const Conditions &kb = before.provenance.conditions, &ka = after.provenance.conditions;
    c.text("mode", kb.mode, ka.mode);
    auto count = [](int n) { return std::to_string(n); };
    c.shownValues("connections", shown(kb.connections, count), shown(ka.connections, count));
    if (kb.warmupSeconds != ka.warmupSeconds)
        c.warnings.push_back({"warm-up", shown(kb.warmupSeconds, seconds), shown(ka.warmupSeconds, seconds)});
    if (kb.durationSeconds != ka.durationSeconds)
        c.warnings.push_back({"duration", shown(kb.durationSeconds, seconds), shown(ka.durationSeconds, seconds)});
    auto rate = [](double r) { return UnitFormat::withUnit(r, "req/s"); };
    if (kb.rate != ka.rate)
        c.warnings.push_back({"rate", shown(kb.rate, rate), shown(ka.rate, rate)});
    c.shownValues("repetitions", shown(kb.repetitions, count), shown(ka.repetitions, count));
    c.text("run order", kb.runOrder, ka.runOrder);
    c.text("server CPU set", kb.cpuSetServer, ka.cpuSetServer);
    c.text("client CPU set", kb.cpuSetClient, ka.cpuSetClient);
    auto yesNo = [](bool b) { return std::string(b ? "corrected" : "not corrected"); };
    c.shownValues("latency correction", shown(kb.latencyCorrected, yesNo), shown(ka.latencyCorrected, yesNo));

    std::set<std::string> extraKeys;
    for (const auto &[k, v] : kb.extra)
        extraKeys.insert(k);
    for (const auto &[k, v] : ka.extra)
        extraKeys.insert(k);
    auto extra = [](const std::map<std::string, std::string> &m, const std::string &k) {
        auto it = m.find(k);
        return it == m.end() ? std::string() : it->second;
    };
    for (const std::string &k : extraKeys)
        c.text("condition " + k, extra(kb.extra, k), extra(ka.extra, k));
    return c.warnings;
}

} // namespace bs
