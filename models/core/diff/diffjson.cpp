#include "diffjson.h"

#include <nlohmann/json.hpp>

namespace bs {

namespace {

nlohmann::ordered_json sampleJson(const std::optional<DiffSample> &s)
{
    if (!s)
        return nullptr;
    return {{"median", s->median}, {"min", s->min}, {"max", s->max}, {"n", s->n}, {"once", s->once},
            {"values", s->values}};
}

template <typename T>
nlohmann::ordered_json orNull(const std::optional<T> &v)
{
    return v ? nlohmann::ordered_json(*v) : nlohmann::ordered_json(nullptr);
}

nlohmann::ordered_json captureJson(const Capture &c)
{
    return {{"path", c.sourcePath},
            {"suite", c.suite.id},
            {"revision", {{"id", c.revision.id}, {"label", c.revision.label}, {"date", c.revision.date}}},
            {"captured_at", c.capturedAt}};
}

} // namespace

std::string DiffJson::toJson(const Capture &before, const Capture &after, const CaptureDiff &diff)
{
    using J = nlohmann::ordered_json;
    J root;
    root["before"] = captureJson(before);
    root["after"] = captureJson(after);
    root["alpha"] = diff.alpha();
    root["rule"] = ruleName(diff.rule());
    root["correction"] = correctionName(diff.correction());
    root["tested"] = diff.tested();
    root["noise_expected"] = diff.alpha() * double(diff.tested());
    root["warnings"] = J::array();
    for (const ProvenanceWarning &w : diff.warnings())
        root["warnings"].push_back({{"what", w.what},
                                    {"before", w.before.empty() ? J(nullptr) : J(w.before)},
                                    {"after", w.after.empty() ? J(nullptr) : J(w.after)},
                                    {"expected", w.expected},
                                    {"text", w.text()}});
    root["added"] = {{"participants", diff.addedParticipants()},
                     {"cases", diff.addedCases()},
                     {"metrics", diff.addedMetrics()}};
    root["removed"] = {{"participants", diff.removedParticipants()},
                       {"cases", diff.removedCases()},
                       {"metrics", diff.removedMetrics()}};
    root["cells"] = J::array();
    for (const DiffCell &c : diff.cells()) {
        const char *presence = c.presence == DiffPresence::Both ? "both"
            : c.presence == DiffPresence::OnlyBefore        ? "only-before"
                                                            : "only-after";
        root["cells"].push_back({{"participant", c.participant},
                                 {"case", c.caseId},
                                 {"group", c.caseGroup},
                                 {"metric", c.metric},
                                 {"presence", presence},
                                 {"before", sampleJson(c.before)},
                                 {"after", sampleJson(c.after)},
                                 {"delta_pct", orNull(c.deltaPct)},
                                 {"ratio", orNull(c.ratio)},
                                 {"p", orNull(c.p)},
                                 {"p_adjusted", orNull(c.pAdjusted)},
                                 {"p_exact", c.p ? J(c.exactP) : J(nullptr)},
                                 {"u", orNull(c.u)},
                                 {"min_p", c.p ? J(c.minimumP) : J(nullptr)},
                                 {"verdict", verdictName(c.verdict)},
                                 {"qualifier", c.qualifier.empty() ? J(nullptr) : J(c.qualifier)},
                                 {"reason", c.reason}});
    }
    root["summary"] = J::array();
    for (const Metric &m : diff.metrics()) {
        const DiffSummary s = diff.summary(m.id);
        J groups = J::array();
        for (const GeometricMean &g : s.groups)
            groups.push_back({{"group", g.group}, {"ratio", g.cells ? J(g.ratio) : J(nullptr)}, {"cells", g.cells},
                              {"compared", g.compared}, {"sentence", s.sentence(g)}});
        root["summary"].push_back({{"metric", m.id},
                                   {"groups", groups},
                                   {"overall",
                                    {{"ratio", s.overall.cells ? J(s.overall.ratio) : J(nullptr)},
                                     {"cells", s.overall.cells},
                                     {"compared", s.overall.compared},
                                     {"sentence", s.sentence(s.overall)}}}});
    }
    return root.dump(2);
}

} // namespace bs
