#pragma once

// A small capture built in code for the GUI tests: two runtimes with a
// marked raw baseline each (as on the Suku page), three repetitions per
// result, and every kind of cell without a value: contract failed, missing
// (status and no result at all), unsupported.
#include "capture.h"
#include "summarizer.h"

#include <QStringList>

#include <initializer_list>

namespace guitest {

// QStringList from literals (the tests build with QT_NO_CAST_FROM_ASCII).
inline QStringList strings(std::initializer_list<const char *> texts)
{
    QStringList list;
    for (const char *t : texts)
        list << QString::fromUtf8(t);
    return list;
}

inline bs::Repetition rep(double rps, double p99, double rss, std::map<std::string, std::uint64_t> errors = {})
{
    bs::Repetition r;
    r.metrics = {{"rps", rps}, {"p99", p99}, {"rss", rss}};
    r.errors = std::move(errors);
    return r;
}

inline bs::Result ok(const std::string &participant, const std::string &caseId, std::vector<bs::Repetition> reps)
{
    bs::Result r;
    r.participant = participant;
    r.caseId = caseId;
    r.repetitions = std::move(reps);
    return r;
}

inline bs::Result status(const std::string &participant, const std::string &caseId, bs::ResultStatus s,
                         const std::string &reason)
{
    bs::Result r;
    r.participant = participant;
    r.caseId = caseId;
    r.status = s;
    r.reason = reason;
    return r;
}

inline bs::Capture capture()
{
    bs::Capture c;
    c.suite = {"web", "Web frameworks"};
    c.revision = {"abc123", "v1.0", "2026-09-08"};
    c.capturedAt = "2026-09-08T12:00:00Z";
    c.provenance.machine = {"AMD Ryzen 7 7840U", 16, 32.0 * 1024 * 1024 * 1024, "Debian 12", "bench"};
    c.provenance.tools = {{"bun", "1.3.14", "runtime"}, {"oha", "1.14.0", "load-generator"}};
    c.provenance.conditions.mode = "saturation";
    c.provenance.conditions.connections = 64;
    c.provenance.conditions.latencyCorrected = false;
    c.provenance.caveats = {"Single machine with visible run-to-run variation."};
    c.metrics = {{"rps", "Requests/s", "req/s", bs::Direction::HigherIsBetter, true, "throughput"},
                 {"p99", "p99 latency", "s", bs::Direction::LowerIsBetter, false, ""},
                 {"rss", "Memory", "B", bs::Direction::LowerIsBetter, false, ""}};
    c.cases = {{"plaintext", "GET /", "HTTP", ""}, {"json", "GET /json", "HTTP", ""}, {"startup", "Startup", "Process", ""}};
    c.participants = {{"raw-bun", "Raw Bun.serve", "bun 1.3.14", "", true, {"raw"}},
                      {"app-bun", "App on Bun", "bun 1.3.14", "1.0", false, {"framework"}},
                      {"raw-node", "Raw node:http", "node v26.8.1", "", true, {"raw"}},
                      {"app-node", "App on Node", "node v26.8.1", "1.0", false, {"framework"}},
                      {"broken", "Broken", "node v26.8.1", "0.1", false, {"framework"}}};
    const double MiB = 1024.0 * 1024;
    c.results = {
        ok("raw-bun", "plaintext", {rep(110000, 0.0012, 40 * MiB), rep(112000, 0.0011, 41 * MiB), rep(115000, 0.0013, 42 * MiB)}),
        ok("app-bun", "plaintext", {rep(113000, 0.0014, 50 * MiB, {{"reset", 2}}), rep(111000, 0.0015, 51 * MiB), rep(116000, 0.0012, 52 * MiB)}),
        ok("raw-node", "plaintext", {rep(76000, 0.002, 60 * MiB), rep(77000, 0.0021, 61 * MiB), rep(78000, 0.0022, 62 * MiB)}),
        ok("app-node", "plaintext", {rep(47000, 0.003, 70 * MiB), rep(46000, 0.0031, 71 * MiB), rep(48000, 0.0032, 72 * MiB)}),
        status("broken", "plaintext", bs::ResultStatus::ContractFailed, "answers GET / with 404"),
        ok("raw-bun", "json", {rep(9006, 0.001, 40 * MiB), rep(9100, 0.001, 40 * MiB), rep(8900, 0.001, 40 * MiB)}),
        ok("app-bun", "json", {rep(10296, 0.001, 40 * MiB), rep(10300, 0.001, 40 * MiB), rep(10200, 0.001, 40 * MiB)}),
        ok("raw-node", "json", {rep(7499, 0.001, 40 * MiB), rep(7500, 0.001, 40 * MiB), rep(7400, 0.001, 40 * MiB)}),
        ok("app-node", "json", {rep(100000, 0.001, 40 * MiB), rep(99000, 0.001, 40 * MiB), rep(101000, 0.001, 40 * MiB)}),
        status("broken", "json", bs::ResultStatus::Missing, "route not expressible"),
        ok("raw-bun", "startup", {rep(0, 0.05, 30 * MiB)}),
        status("app-node", "startup", bs::ResultStatus::Unsupported, "no startup hook"),
        // raw-node, app-bun and broken have no startup result at all.
    };
    c.contracts = {{"broken", "plaintext", "status", false, "200", "404"}, {"raw-bun", "plaintext", "status", true, "200", "200"}};
    bs::Summarizer::summarize(c);
    return c;
}

} // namespace guitest
