#include "capturejson.h"

#include <nlohmann/json.hpp>

namespace bs {

std::string CaptureJson::normalized(const std::vector<Capture> &captures)
{
    using ojson = nlohmann::ordered_json;
    ojson all = ojson::array();
    for (const Capture &c : captures) {
        ojson o;
        o["file"] = c.sourcePath;
        o["suite"] = {{"id", c.suite.id}, {"title", c.suite.title}};
        o["revision"] = {{"id", c.revision.id}, {"label", c.revision.label}, {"date", c.revision.date}};
        o["captured_at"] = c.capturedAt;
        ojson parts = ojson::array();
        for (const Participant &p : c.participants)
            parts.push_back({{"id", p.id}, {"label", p.label}, {"runtime", p.runtime}, {"version", p.version},
                             {"baseline", p.baseline}, {"tags", p.tags}});
        o["participants"] = parts;
        ojson cases = ojson::array();
        for (const CaseInfo &k : c.cases)
            cases.push_back({{"id", k.id}, {"label", k.label}, {"group", k.group}});
        o["cases"] = cases;
        ojson metrics = ojson::array();
        for (const Metric &m : c.metrics)
            metrics.push_back({{"id", m.id}, {"label", m.label}, {"unit", m.unit},
                               {"better", m.direction == Direction::HigherIsBetter ? "higher" : "lower"},
                               {"primary", m.primary}, {"scope", scopeName(m.scope)}});
        o["metrics"] = metrics;
        ojson results = ojson::array();
        for (const Result &r : c.results) {
            ojson rj = {{"participant", r.participant}, {"case", r.caseId}, {"status", statusName(r.status)}};
            if (!r.reason.empty())
                rj["reason"] = r.reason;
            if (!r.flags.empty())
                rj["flags"] = r.flags;
            rj["n"] = r.repetitions.size();
            rj["representative"] = r.representative;
            ojson ms = ojson::object();
            for (const auto &[id, s] : r.summary) {
                ms[id] = {{"value", s.value}, {"median", s.median}, {"min", s.min}, {"max", s.max}, {"n", s.n}};
                if (s.once)
                    ms[id]["once"] = true;
                if (s.zeroSpread())
                    ms[id]["zero_spread"] = true;
            }
            rj["metrics"] = ms;
            results.push_back(rj);
        }
        o["results"] = results;
        ojson contracts = ojson::array();
        for (const ContractCheck &k : c.contracts)
            contracts.push_back({{"participant", k.participant}, {"case", k.caseId}, {"what", k.what},
                                 {"passed", k.passed}, {"expected", k.expected}, {"actual", k.actual}});
        o["contracts"] = contracts;
        o["caveats"] = c.provenance.caveats;
        o["warnings"] = c.warnings;
        all.push_back(o);
    }
    return (captures.size() == 1 ? all[0] : all).dump(2, ' ', false, ojson::error_handler_t::replace);
}

} // namespace bs
