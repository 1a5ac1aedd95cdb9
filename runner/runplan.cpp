#include "runplan.h"

#include <cmath>

namespace bs {

bool RunPlan::runs(const ParticipantSpec &participant, const CaseSpec &spec)
{
    if (spec.kind == "command")
        return !spec.command.empty() || participant.commands.count(spec.id) > 0;
    return !participant.url.empty();
}

int RunPlan::steps(const SuiteSpec &suite)
{
    int n = 0;
    for (const ParticipantSpec &p : suite.participants)
        for (const CaseSpec &c : suite.cases)
            if (runs(p, c))
                n += c.kind == "command" ? c.runs : suite.settings.repetitions;
    return n;
}

double RunPlan::estimatedSeconds(const SuiteSpec &suite)
{
    const RunSettings &s = suite.settings;
    double total = 0;
    for (const ParticipantSpec &p : suite.participants)
        for (const CaseSpec &c : suite.cases)
            if (c.kind != "command" && runs(p, c))
                total += s.warmupSeconds + s.repetitions * s.durationSeconds;
    return total;
}

nlohmann::ordered_json RunPlan::toJson(const SuiteSpec &suite)
{
    const RunSettings &s = suite.settings;
    auto participants = nlohmann::ordered_json::array();
    for (const ParticipantSpec &p : suite.participants)
        participants.push_back(p.id);
    auto cases = nlohmann::ordered_json::array();
    for (const CaseSpec &c : suite.cases)
        cases.push_back(c.id);
    return {{"phase", "plan"},         {"suite", suite.id},
            {"participants", participants}, {"cases", cases},
            {"mode", s.mode},          {"run_order", s.runOrder},
            {"repetitions", s.repetitions}, {"warmup_s", s.warmupSeconds},
            {"duration_s", s.durationSeconds}, {"steps", steps(suite)},
            {"estimated_s", std::round(estimatedSeconds(suite) * 1000) / 1000}};
}

} // namespace bs
