#pragma once

// Captures built in code for the diff tests: a small suite with a time, a
// rate and a latency percentile metric, two participants, two cases.
#include "capture.h"
#include "summarizer.h"

#include <map>
#include <string>
#include <vector>

namespace diffcaptures {

inline bs::Capture suite()
{
    bs::Capture c;
    c.suite = {"compressors", "Compressors"};
    c.revision = {"r1", "level 1", "2026-01-01"};
    c.capturedAt = "2026-01-01T00:00:00Z";
    c.metrics = {
        {"wall", "Wall time", "s", bs::Direction::LowerIsBetter, true, ""},
        {"throughput", "Throughput", "B/s", bs::Direction::HigherIsBetter, false, ""},
        {"latency_p99", "Latency p99", "s", bs::Direction::LowerIsBetter, false, ""},
    };
    c.cases = {{"text", "text input", "inputs", ""}, {"binary", "binary input", "inputs", ""}};
    c.participants = {{"gzip", "gzip", "", "1.12", false, {}}, {"zstd", "zstd", "", "1.5.4", false, {}}};
    bs::Provenance &p = c.provenance;
    p.machine = {"AMD EPYC", 2, 24.0 * 1024 * 1024 * 1024, "Debian 12", "vm"};
    p.tools = {{"gzip", "1.12", "participant"}, {"python3", "3.11.7", "harness"}};
    p.conditions.mode = "command";
    p.conditions.connections = 64;
    p.conditions.warmupSeconds = 1;
    p.conditions.durationSeconds = 10;
    p.conditions.rate = 1000;
    p.conditions.repetitions = 5;
    p.conditions.runOrder = "abba";
    p.conditions.cpuSetServer = "0";
    p.conditions.cpuSetClient = "1";
    p.conditions.latencyCorrected = true;
    p.conditions.extra = {{"level", "1"}};
    p.source = "tests";
    return c;
}

// Sets the result of participant × case: repetition i gets values[metric][i].
inline void setResult(bs::Capture &c, const std::string &participant, const std::string &caseId,
                      const std::map<std::string, std::vector<double>> &values,
                      bs::ResultStatus status = bs::ResultStatus::Ok, const std::string &reason = {})
{
    bs::Result r;
    r.participant = participant;
    r.caseId = caseId;
    r.status = status;
    r.reason = reason;
    for (const auto &[metric, vs] : values) {
        if (r.repetitions.size() < vs.size())
            r.repetitions.resize(vs.size());
        for (std::size_t i = 0; i < vs.size(); ++i)
            r.repetitions[i].metrics[metric] = vs[i];
    }
    for (bs::Result &old : c.results) {
        if (old.participant == participant && old.caseId == caseId) {
            old = r;
            bs::Summarizer::summarize(c);
            return;
        }
    }
    c.results.push_back(r);
    bs::Summarizer::summarize(c);
}

} // namespace diffcaptures
