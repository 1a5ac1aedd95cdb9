#include "capturewriter.h"

#include "fileio.h"
#include "sha256.h"
#include "summarizer.h"

#include <nlohmann/json.hpp>

namespace bs {

namespace {

using ojson = nlohmann::ordered_json;

bool endsWith(const std::string &s, const std::string &suffix)
{
    return s.size() >= suffix.size() && s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

void putIf(ojson &o, const char *key, const std::string &v)
{
    if (!v.empty())
        o[key] = v;
}

ojson provenanceJson(const Provenance &p)
{
    ojson o = ojson::object();
    putIf(o, "source", p.source);
    ojson m = ojson::object();
    putIf(m, "cpu", p.machine.cpu);
    if (p.machine.cores)
        m["cores"] = p.machine.cores;
    if (p.machine.memoryBytes)
        m["memory_bytes"] = p.machine.memoryBytes;
    putIf(m, "os", p.machine.os);
    putIf(m, "hostname", p.machine.hostname);
    o["machine"] = m;
    ojson tools = ojson::array();
    for (const ToolVersion &t : p.tools) {
        ojson tj = {{"name", t.name}};
        putIf(tj, "version", t.version);
        putIf(tj, "role", t.role);
        tools.push_back(tj);
    }
    o["tools"] = tools;
    const Conditions &c = p.conditions;
    ojson cj = ojson::object();
    putIf(cj, "mode", c.mode);
    if (c.connections)
        cj["connections"] = *c.connections;
    if (c.warmupSeconds)
        cj["warmup_s"] = *c.warmupSeconds;
    if (c.durationSeconds)
        cj["duration_s"] = *c.durationSeconds;
    if (c.rate)
        cj["rate"] = *c.rate;
    if (c.repetitions)
        cj["repetitions"] = *c.repetitions;
    putIf(cj, "run_order", c.runOrder);
    putIf(cj, "cpu_set_server", c.cpuSetServer);
    putIf(cj, "cpu_set_client", c.cpuSetClient);
    if (c.latencyCorrected)
        cj["latency_corrected"] = *c.latencyCorrected;
    if (!c.extra.empty())
        cj["extra"] = c.extra;
    o["conditions"] = cj;
    if (!p.sourceHashes.empty())
        o["source_hashes"] = p.sourceHashes;
    if (!p.caveats.empty())
        o["caveats"] = p.caveats;
    return o;
}

ojson repetitionJson(const Repetition &r)
{
    ojson o = ojson::object();
    o["metrics"] = r.metrics;
    if (!r.errors.empty())
        o["errors"] = r.errors;
    if (!r.histograms.empty()) {
        ojson hs = ojson::object();
        for (const auto &[name, h] : r.histograms) {
            ojson flat = ojson::array();
            for (const auto &[index, count] : h.buckets()) {
                flat.push_back(index);
                flat.push_back(count);
            }
            hs[name] = {{"unit", h.unit()}, {"digits", Histogram::kSignificantDigits}, {"buckets", flat}};
        }
        o["histograms"] = hs;
    }
    if (!r.flags.empty())
        o["flags"] = r.flags;
    putIf(o, "started_at", r.startedAt);
    return o;
}

ojson repetitionsJson(const Result &r)
{
    ojson reps = ojson::array();
    for (const Repetition &rep : r.repetitions)
        reps.push_back(repetitionJson(rep));
    return reps;
}

ojson summaryJson(const Result &r)
{
    ojson s = ojson::object();
    for (const auto &[id, m] : r.summary)
        s[id] = {{"value", m.value}, {"median", m.median}, {"min", m.min}, {"max", m.max}, {"n", m.n}};
    return s;
}

ojson captureJson(const Capture &capture, bool withRepetitions)
{
    ojson o = ojson::object();
    o["format"] = "benchscope-capture";
    o["format_version"] = std::to_string(Capture::kFormatMajor) + "." + std::to_string(Capture::kFormatMinor);
    o["suite"] = {{"id", capture.suite.id}, {"title", capture.suite.title}};
    ojson rev = ojson::object();
    putIf(rev, "id", capture.revision.id);
    putIf(rev, "label", capture.revision.label);
    putIf(rev, "date", capture.revision.date);
    o["revision"] = rev;
    putIf(o, "captured_at", capture.capturedAt);
    o["provenance"] = provenanceJson(capture.provenance);
    ojson metrics = ojson::array();
    for (const Metric &m : capture.metrics) {
        ojson mj = {{"id", m.id}, {"label", m.label}, {"unit", m.unit},
                    {"better", m.direction == Direction::HigherIsBetter ? "higher" : "lower"}};
        if (m.primary)
            mj["primary"] = true;
        putIf(mj, "description", m.description);
        if (m.scope != MetricScope::Repetition || m.scopeDeclared)
            mj["scope"] = scopeName(m.scope);
        metrics.push_back(mj);
    }
    o["metrics"] = metrics;
    ojson cases = ojson::array();
    for (const CaseInfo &c : capture.cases) {
        ojson cj = {{"id", c.id}, {"label", c.label}};
        putIf(cj, "group", c.group);
        putIf(cj, "description", c.description);
        cases.push_back(cj);
    }
    o["cases"] = cases;
    ojson parts = ojson::array();
    for (const Participant &p : capture.participants) {
        ojson pj = {{"id", p.id}, {"label", p.label}};
        putIf(pj, "runtime", p.runtime);
        putIf(pj, "version", p.version);
        if (p.baseline)
            pj["baseline"] = true;
        if (!p.tags.empty())
            pj["tags"] = p.tags;
        parts.push_back(pj);
    }
    o["participants"] = parts;

    // Summaries are written for readers of the file; ours recomputes them.
    Capture summarized = capture;
    Summarizer::summarize(summarized);
    ojson results = ojson::array();
    for (const Result &r : summarized.results) {
        ojson rj = {{"participant", r.participant}, {"case", r.caseId}, {"status", statusName(r.status)}};
        putIf(rj, "reason", r.reason);
        if (!r.flags.empty())
            rj["flags"] = r.flags;
        if (!r.once.empty())
            rj["once"] = r.once;
        if (!r.summary.empty())
            rj["summary"] = summaryJson(r);
        if (withRepetitions)
            rj["repetitions"] = repetitionsJson(r);
        results.push_back(rj);
    }
    o["results"] = results;
    if (!capture.contracts.empty()) {
        ojson contracts = ojson::array();
        for (const ContractCheck &k : capture.contracts) {
            ojson kj = {{"participant", k.participant}};
            putIf(kj, "case", k.caseId);
            putIf(kj, "what", k.what);
            kj["passed"] = k.passed;
            putIf(kj, "expected", k.expected);
            putIf(kj, "actual", k.actual);
            contracts.push_back(kj);
        }
        o["contracts"] = contracts;
    }
    return o;
}

std::string baseName(const std::string &path)
{
    const auto slash = path.rfind('/');
    return slash == std::string::npos ? path : path.substr(slash + 1);
}

std::string encode(const std::string &json, const std::string &path, int level)
{
    return endsWith(path, ".json") ? json : FileIO::gzip(json, level);
}

} // namespace

std::string CaptureWriter::toJson(const Capture &capture, int indent)
{
    // Text from other tools or servers may hold invalid UTF-8: replaced, never thrown.
    return captureJson(capture, true).dump(indent, ' ', false, ojson::error_handler_t::replace);
}

std::string CaptureWriter::rawPathFor(const std::string &summaryPath)
{
    std::string stem = summaryPath;
    for (const char *ext : {".json.gz", ".json", ".gz"})
        if (endsWith(stem, ext)) {
            stem.resize(stem.size() - std::string(ext).size());
            break;
        }
    return stem + ".raw.json.gz";
}

bool CaptureWriter::write(const Capture &capture, const std::string &path, LoadError &error)
{
    return write(capture, path, Options(), error);
}

bool CaptureWriter::write(const Capture &capture, const std::string &path, const Options &options,
                          LoadError &error)
{
    if (!options.splitRaw)
        return FileIO::writeAtomically(path, encode(toJson(capture), path, options.gzipLevel), error);

    const std::string rawPath = rawPathFor(path);

    ojson raw = ojson::object();
    raw["format"] = "benchscope-raw";
    raw["format_version"] = std::to_string(Capture::kFormatMajor) + "." + std::to_string(Capture::kFormatMinor);
    ojson results = ojson::array();
    for (const Result &r : capture.results)
        if (!r.repetitions.empty())
            results.push_back({{"participant", r.participant}, {"case", r.caseId}, {"repetitions", repetitionsJson(r)}});
    raw["results"] = results;
    const std::string rawBytes = FileIO::gzip(raw.dump(-1, ' ', false, ojson::error_handler_t::replace), options.gzipLevel);
    // The raw file goes first, so a summary on disk always has its raw file.
    if (!FileIO::writeAtomically(rawPath, rawBytes, error))
        return false;

    ojson summary = captureJson(capture, false);
    summary["raw"] = {{"path", baseName(rawPath)}, {"sha256", Sha256::hex(rawBytes)}};
    return FileIO::writeAtomically(path, encode(summary.dump(-1, ' ', false, ojson::error_handler_t::replace), path, options.gzipLevel), error);
}

} // namespace bs
