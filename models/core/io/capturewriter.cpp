#include "capturewriter.h"

#include "compactjsonparser.h"
#include "endswith.h"
#include "fileio.h"
#include "folderlock.h"
#include "inputlimits.h"
#include "outputpath.h"
#include "sha256.h"
#include "summarizer.h"

#include <nlohmann/json.hpp>

namespace bs {

namespace {

using ojson = nlohmann::ordered_json;

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
    putIf(rev, "parent", capture.revision.parent);
    o["revision"] = rev;
    putIf(o, "captured_at", capture.capturedAt);
    o["provenance"] = provenanceJson(capture.provenance);
    // Summaries are written for readers of the file; ours recomputes them.
    // The primary marked is the one they were picked by (PrimaryMetric).
    Capture summarized = capture;
    Summarizer::summarize(summarized);
    ojson metrics = ojson::array();
    for (const Metric &m : summarized.metrics) {
        ojson mj = {{"id", m.id}, {"label", m.label}, {"unit", m.unit},
                    {"better", m.direction == Direction::HigherIsBetter ? "higher" : "lower"}};
        if (m.primary)
            mj["primary"] = true;
        putIf(mj, "description", m.description);
        if (m.scope != MetricScope::Repetition || m.scopeDeclared)
            mj["scope"] = scopeName(m.scope);
        putIf(mj, "statistic", m.statistic);
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

const char *const kNotWritten = "; the reader would refuse it, so it is not written";

std::string encode(const std::string &json, const std::string &path, int level)
{
    return endsWith(path, ".json") ? json : FileIO::gzip(json, level);
}

// What the reader refuses is not written: a result with more repetitions
// than it reads (InputLimits::repetitions).
bool repetitionsReadable(const Capture &capture, const std::string &path, LoadError &error)
{
    const std::uint64_t limit = InputLimits::current().repetitions;
    for (std::size_t i = 0; i < capture.results.size(); ++i) {
        const Result &r = capture.results[i];
        if (r.repetitions.size() > limit) {
            error = {path, "$.results[" + std::to_string(i) + "].repetitions",
                     std::to_string(r.repetitions.size()) + " repetitions (participant \"" + r.participant
                         + "\", case \"" + r.caseId + "\"): "
                         + InputLimits::beyond(limit, "repetitions", "BENCHSCOPE_MAX_REPETITIONS") + kNotWritten};
            return false;
        }
    }
    return true;
}

// The text as the reader will parse it, within the same limits: its size,
// the memory it takes once parsed, its nesting and its longest string.
bool readable(const std::string &text, const std::string &path, LoadError &error)
{
    const InputLimits &limits = InputLimits::current();
    if (text.size() > limits.captureBytes) {
        error = {path, {}, "the capture holds " + InputLimits::beyond(limits.captureBytes, "", "BENCHSCOPE_MAX_CAPTURE_MB")
                               + kNotWritten};
        return false;
    }
    if (CompactJsonParser::parse(text, path, error))
        return true;
    error.message += kNotWritten;
    return false;
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
    if (!repetitionsReadable(capture, path, error))
        return false;
    if (!options.splitRaw) {
        const std::string text = toJson(capture);
        return readable(text, path, error) && FileIO::writeAtomically(path, encode(text, path, options.gzipLevel), error);
    }
    // The raw file goes beside the file the summary really is (a symlink followed).
    std::string summaryPath;
    OutputPath::Kind kind;
    if (!OutputPath::resolve(path, summaryPath, kind, error))
        return false;
    if (kind == OutputPath::Kind::Stream) {
        error = {path, {}, "a split capture is two files; give a file as the output, not a device or FIFO"};
        return false;
    }
    const std::string rawPath = rawPathFor(summaryPath);

    ojson raw = ojson::object();
    raw["format"] = "benchscope-raw";
    raw["format_version"] = std::to_string(Capture::kFormatMajor) + "." + std::to_string(Capture::kFormatMinor);
    ojson results = ojson::array();
    for (const Result &r : capture.results)
        if (!r.repetitions.empty())
            results.push_back({{"participant", r.participant}, {"case", r.caseId}, {"repetitions", repetitionsJson(r)}});
    raw["results"] = results;
    const std::string rawText = raw.dump(-1, ' ', false, ojson::error_handler_t::replace);
    const std::string rawBytes = FileIO::gzip(rawText, options.gzipLevel);
    ojson summary = captureJson(capture, false);
    summary["raw"] = {{"path", baseName(rawPath)}, {"sha256", Sha256::hex(rawBytes)}};
    const std::string summaryText = summary.dump(-1, ' ', false, ojson::error_handler_t::replace);
    if (!readable(rawText, rawPath, error) || !readable(summaryText, path, error))
        return false;
    // One writer of a pair at a time in the folder, the raw file first: the
    // pair on disk always matches, whoever wrote last.
    const FolderLock lock(OutputPath::folderOf(summaryPath));
    return FileIO::writeAtomically(rawPath, rawBytes, error)
        && FileIO::writeAtomically(summaryPath, encode(summaryText, summaryPath, options.gzipLevel), error);
}

} // namespace bs
