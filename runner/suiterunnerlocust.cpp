// SuiteRunner's steps for suites whose load runs on Locust (settings.engine
// "locust", docs/locust.md), apart from suiterunner.cpp so that each file
// keeps one engine's flow.
#include "suiterunner.h"

#include "captureheader.h"
#include "locustengine.h"

#include <nlohmann/json.hpp>

namespace bs {

using ojson = nlohmann::ordered_json;

bool SuiteRunner::loadWithLocust(Live &live, const CaseSpec &spec, int repetition)
{
    const RunSettings &s = m_suite.settings;
    const bool warmup = repetition < 0;
    const std::string &pid = live.spec->id;
    const int n = s.repetitions;
    const ProcessUsage before = live.process ? live.process->usage() : ProcessUsage();
    const std::string startedAt = CaptureHeader::utcNow();
    const LocustEngine::Outcome out = LocustEngine::run(
        live.spec->url, spec, s, warmup ? s.warmupSeconds : s.durationSeconds, m_logDirectory,
        [&](double elapsed, double rps, int workers) {
            ojson ev{{"phase", warmup ? "warmup" : "run"}, {"participant", pid}, {"case", spec.id},
                     {"elapsed_s", elapsed}, {"duration_s", warmup ? s.warmupSeconds : s.durationSeconds},
                     {"rps", rps}, {"engine", "locust"}, {"workers", workers}};
            if (!warmup) {
                ev["repetition"] = repetition + 1;
                ev["repetitions"] = n;
            }
            m_reporter.report(ev, {});
        },
        [&] { return stopRequested() || participantGone(live); });
    for (const std::string &w : out.warnings)
        m_reporter.report(ojson{{"phase", "log"}, {"participant", pid}, {"case", spec.id}, {"message", "Locust: " + w}},
                          pid + " / " + spec.id + ": Locust: " + w);
    if (!out.error.empty() && m_stopReason.empty()) {
        // Locust could not run (no workers, a broken locustfile): nothing else can be measured.
        m_stopReason = "Locust: " + out.error;
        m_reporter.report(ojson{{"phase", "error"}, {"participant", pid}, {"message", m_stopReason}}, m_stopReason);
    }
    if (warmup)
        return out.repetition.has_value();
    if (!out.repetition) {
        m_cutShort[resultIndex(live.index, spec.id)] = !live.failure.empty() ? live.failure : m_stopReason;
        return false;
    }
    Repetition rep = *out.repetition;
    for (auto it = rep.metrics.begin(); it != rep.metrics.end();) // Locust's other percentiles are not declared
        it = m_capture.metric(it->first) ? std::next(it) : rep.metrics.erase(it);
    rep.startedAt = startedAt;
    for (const std::string &w : out.warnings)
        rep.flags.push_back(w);
    keepRepetition(live, spec, rep, before);
    const double rps = rep.metrics["rps"];
    const double p99 = rep.metrics.count("latency_p99") ? rep.metrics["latency_p99"] : 0;
    const double errors = rep.metrics["errors"];
    m_reporter.report(ojson{{"phase", "repetition"}, {"participant", pid}, {"case", spec.id}, {"repetition", repetition + 1},
                            {"repetitions", n}, {"rps", rps}, {"latency_p99_s", p99}, {"errors", errors},
                            {"engine", "locust"}, {"workers", out.workersConnected}},
                      pid + " / " + spec.id + ": repetition " + std::to_string(repetition + 1) + "/" + std::to_string(n)
                          + " on Locust (" + std::to_string(out.workersConnected) + " workers): " + std::to_string(long(rps))
                          + " req/s, " + std::to_string(long(errors)) + " failures");
    checkpoint();
    return true;
}

} // namespace bs
