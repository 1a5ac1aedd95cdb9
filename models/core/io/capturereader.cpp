#include "capturereader.h"

#include "compactjsonparser.h"
#include "fileio.h"
#include "inputlimits.h"
#include "jsonnode.h"
#include "jsontypename.h"
#include "memorystreambuf.h"
#include "primarymetric.h"
#include "rawpath.h"
#include "sha256.h"
#include "summarizer.h"
#include "unitformat.h"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <istream>
#include <limits>
#include <set>
#include <tuple>

namespace bs {

namespace {

using json = nlohmann::json;

std::string quote(const std::string &s) { return "\"" + s + "\""; }

std::map<std::string, std::string> stringMap(const JsonNode &obj, const char *key)
{
    std::map<std::string, std::string> out;
    if (auto map = obj.optMember(key))
        for (const auto &[k, v] : map->members())
            out[k] = v.value().is_string() ? v.value().get<std::string>() : v.value().dump();
    return out;
}

// A definition's "id", unique among `ids`, and its "label" (the id when it has none).
std::pair<std::string, std::string> idAndLabel(const JsonNode &j, std::set<std::string> &ids, const char *what)
{
    std::string id = j.object().nonEmptyString("id");
    if (!ids.insert(id).second)
        j.fail("id", std::string("duplicate ") + what + " id " + quote(id));
    std::string label = j.optString("label");
    return {id, label.empty() ? id : label};
}

int optCount(const JsonNode &obj, const char *key, int fallback = 0)
{
    return int(obj.optInteger(key, 0, std::numeric_limits<int>::max()).value_or(fallback));
}

bool impossibleWhenNegative(const std::string &unit)
{
    static const std::set<std::string> units = {"s", "ns", "ms", "B", "req/s", "ops/s", "B/s", "count"};
    return units.count(unit) > 0;
}

struct Reader {
    Reader(CompactJsonParser::Document &document, Capture &capture) : doc(document), c(capture) { }
    CompactJsonParser::Document &doc;
    Capture &c;

    void header(const JsonNode &root, const std::string &expectedFormat)
    {
        const std::string format = root.string("format");
        if (format != expectedFormat)
            root.fail("format", "expected " + quote(expectedFormat) + ", found " + quote(format));
        const std::string version = root.string("format_version");
        const auto dot = version.find('.');
        const std::string majorText = version.substr(0, dot);
        if (majorText.empty() || majorText.find_first_not_of("0123456789") != std::string::npos)
            root.fail("format_version", "expected \"MAJOR.MINOR\", found " + quote(version));
        const int major = std::stoi(majorText);
        if (major != Capture::kFormatMajor)
            root.fail("format_version",
                      "unknown major format version " + std::to_string(major) + " (this Benchscope reads version "
                          + std::to_string(Capture::kFormatMajor) + ".x)"
                          + (major > Capture::kFormatMajor ? "; a newer Benchscope is needed" : ""));
    }

    void metadata(const JsonNode &root)
    {
        const JsonNode suite = root.member("suite").object();
        c.suite.id = suite.nonEmptyString("id");
        c.suite.title = suite.optString("title");
        if (auto rev = root.optMember("revision")) {
            rev->object();
            c.revision.id = rev->optString("id");
            c.revision.label = rev->optString("label");
            c.revision.date = rev->optString("date");
            c.revision.parent = rev->optString("parent");
        }
        c.capturedAt = root.optString("captured_at");
        if (auto p = root.optMember("provenance"))
            provenance(p->object());
    }

    void machine(const JsonNode &m)
    {
        Machine &machine = c.provenance.machine;
        machine.cpu = m.optString("cpu");
        machine.cores = optCount(m, "cores");
        machine.memoryBytes = m.optNumber("memory_bytes").value_or(0);
        if (machine.memoryBytes < 0)
            m.fail("memory_bytes", "must not be negative");
        machine.os = m.optString("os");
        machine.hostname = m.optString("hostname");
    }

    void conditions(const JsonNode &cj)
    {
        Conditions &k = c.provenance.conditions;
        k.mode = cj.optString("mode");
        if (cj.has("connections"))
            k.connections = optCount(cj, "connections");
        k.warmupSeconds = cj.optNumber("warmup_s");
        k.durationSeconds = cj.optNumber("duration_s");
        k.rate = cj.optNumber("rate");
        if (cj.has("repetitions"))
            k.repetitions = optCount(cj, "repetitions");
        k.runOrder = cj.optString("run_order");
        k.cpuSetServer = cj.optString("cpu_set_server");
        k.cpuSetClient = cj.optString("cpu_set_client");
        k.latencyCorrected = cj.optBoolean("latency_corrected");
        k.extra = stringMap(cj, "extra");
        for (const char *key : {"warmup_s", "duration_s", "rate"})
            if (auto v = cj.optNumber(key); v && *v < 0)
                cj.fail(key, "must not be negative");
    }

    void provenance(const JsonNode &p)
    {
        Provenance &pv = c.provenance;
        pv.source = p.optString("source");
        if (auto m = p.optMember("machine"))
            machine(m->object());
        if (auto tools = p.optMember("tools"))
            for (const JsonNode &t : tools->elements())
                pv.tools.push_back({t.object().nonEmptyString("name"), t.optString("version"), t.optString("role")});
        if (auto cj = p.optMember("conditions"))
            conditions(cj->object());
        pv.sourceHashes = stringMap(p, "source_hashes");
        pv.caveats = p.optStrings("caveats");
    }

    Metric metric(const JsonNode &m)
    {
        Metric metric;
        metric.id = m.nonEmptyString("id");
        metric.label = m.optString("label");
        if (metric.label.empty())
            metric.label = metric.id;
        metric.unit = m.nonEmptyString("unit");
        const std::string better = m.nonEmptyString("better");
        if (better == "higher")
            metric.direction = Direction::HigherIsBetter;
        else if (better == "lower")
            metric.direction = Direction::LowerIsBetter;
        else
            m.fail("better", "expected \"higher\" or \"lower\", found " + quote(better));
        metric.primary = m.optBoolean("primary").value_or(false);
        metric.description = m.optString("description");
        const std::string scope = m.optString("scope");
        if (scope == "result")
            metric.scope = MetricScope::Result;
        else if (scope == "participant")
            metric.scope = MetricScope::Participant;
        else if (!scope.empty() && scope != "repetition")
            m.fail("scope", "expected \"repetition\", \"result\" or \"participant\", found " + quote(scope));
        metric.scopeDeclared = scope == "repetition";
        metric.statistic = m.optString("statistic");
        if (!metric.statistic.empty() && !isStatistic(metric.statistic))
            m.fail("statistic", "expected \"mean\", \"median\", \"min\", \"max\", \"sum\", \"stddev\", \"error\" or "
                                "\"percentile\", found " + quote(metric.statistic));
        return metric;
    }

    void metrics(const JsonNode &root)
    {
        const JsonNode metrics = root.member("metrics");
        std::set<std::string> ids;
        int primaries = 0;
        for (const JsonNode &m : metrics.elements()) {
            c.metrics.push_back(metric(m.object()));
            if (!ids.insert(c.metrics.back().id).second)
                m.fail("id", "duplicate metric id " + quote(c.metrics.back().id));
            primaries += c.metrics.back().primary;
        }
        if (c.metrics.empty())
            metrics.fail("expected at least one metric");
        if (primaries > 1)
            metrics.fail("more than one metric is marked \"primary\": true");
        const std::string declared = PrimaryMetric::declared(c);
        if (!declared.empty() && !c.metric(declared))
            throw InputFailure{"$.provenance.conditions.extra." + std::string(PrimaryMetric::kDeclared),
                               "names no metric of the capture: " + quote(declared)};
        if (primaries == 0 && declared.empty()) {
            c.metrics.front().primary = true;
            c.warnings.push_back("no metric is marked primary; what the capture measured chooses it (first: \""
                                 + c.metrics.front().id + "\")");
        }
    }

    void cases(const JsonNode &root)
    {
        std::set<std::string> ids;
        for (const JsonNode &cj : root.member("cases").elements()) {
            CaseInfo ci;
            std::tie(ci.id, ci.label) = idAndLabel(cj, ids, "case");
            ci.group = cj.optString("group");
            ci.description = cj.optString("description");
            c.cases.push_back(ci);
        }
    }

    void participants(const JsonNode &root)
    {
        std::set<std::string> ids;
        for (const JsonNode &pj : root.member("participants").elements()) {
            Participant p;
            std::tie(p.id, p.label) = idAndLabel(pj, ids, "participant");
            p.runtime = pj.optString("runtime");
            p.version = pj.optString("version");
            p.baseline = pj.optBoolean("baseline").value_or(false);
            p.tags = pj.optStrings("tags");
            c.participants.push_back(p);
        }
    }

    void definitions(const JsonNode &root)
    {
        metrics(root);
        cases(root);
        participants(root);
    }

    Histogram histogram(const JsonNode &v)
    {
        Histogram h(v.object().optString("unit"));
        if (h.unit().empty())
            v.fail("unit", "missing required field \"unit\"");
        if (auto d = v.optNumber("digits"); d && *d != Histogram::kSignificantDigits)
            v.fail("digits", "only 3 significant digits are supported, found " + json(*d).dump());
        const JsonNode b = v.member("buckets");
        if (!b.value().is_object() || !b.value().contains("$buckets"))
            b.fail(std::string("expected an array of integers, found ") + jsonTypeName(b.value()));
        auto &raw = doc.buckets.at(b.value()["$buckets"].get<std::size_t>());
        if (raw.badElement >= 0)
            throw InputFailure{b.path() + "[" + std::to_string(raw.badElement) + "]",
                               "expected a non-negative integer (bucket index below 2^32, or count)"};
        if (raw.oddCount())
            b.fail("expected index/count pairs, found an odd number of elements");
        if (raw.check.failedAt() >= 0)
            throw InputFailure{b.path() + "[" + std::to_string(raw.check.failedAt()) + "]", raw.check.why()};
        // Moved, not copied: histograms are most of a capture's memory.
        raw.moveInto(h);
        return h;
    }

    Repetition repetition(const JsonNode &rj)
    {
        Repetition rep;
        for (const auto &[id, v] : rj.object().member("metrics").members()) {
            const Metric *m = c.metric(id);
            if (m && m->scope != MetricScope::Repetition)
                v.fail("metric " + quote(id) + " is measured once (scope " + quote(scopeName(m->scope))
                       + "); its value belongs in the result's \"once\", not in a repetition");
            rep.metrics[id] = value(m, id, v);
        }
        if (auto errors = rj.optMember("errors"))
            for (const auto &[kind, v] : errors->members())
                rep.errors[kind] = std::uint64_t(v.integer(0, std::numeric_limits<long long>::max()));
        if (auto histograms = rj.optMember("histograms"))
            for (const auto &[name, v] : histograms->members())
                rep.histograms[name] = histogram(v);
        rep.flags = rj.optStrings("flags");
        rep.startedAt = rj.optString("started_at");
        return rep;
    }

    double value(const Metric *m, const std::string &id, const JsonNode &v)
    {
        if (!m)
            v.fail("unknown metric " + quote(id) + " (not in $.metrics)");
        const double d = v.number();
        if (d < 0 && impossibleWhenNegative(m->unit))
            v.fail("negative value " + v.value().dump() + " where a " + m->unit + " value cannot be negative");
        return d;
    }

    void once(Result &r, const JsonNode &rj)
    {
        if (auto once = rj.optMember("once"))
            for (const auto &[id, v] : once->members())
                r.once[id] = value(c.metric(id), id, v);
    }

    void repetitions(Result &r, const JsonNode &arr)
    {
        arr.array();
        const std::uint64_t limit = InputLimits::current().repetitions;
        if (r.repetitions.size() + arr.value().size() > limit)
            arr.fail(std::to_string(arr.value().size()) + " repetitions: "
                     + InputLimits::beyond(limit, "repetitions", "BENCHSCOPE_MAX_REPETITIONS"));
        const std::size_t first = r.repetitions.size();
        for (const JsonNode &rep : arr.elements())
            r.repetitions.push_back(repetition(rep));
        // Pooled (as charts and percentiles pool them), the counts must still fit.
        std::map<std::string, std::uint64_t> pooled;
        for (std::size_t i = 0; i < r.repetitions.size(); ++i)
            for (const auto &[id, h] : r.repetitions[i].histograms)
                if (__builtin_add_overflow(pooled[id], h.totalCount(), &pooled[id]))
                    throw InputFailure{arr.path() + "[" + std::to_string(i - first) + "].histograms." + id,
                                       "the bucket counts of the result's repetitions add up to more than 2^64 - 1"};
    }

    // Stored summaries, compared after recomputation.
    std::vector<std::pair<std::size_t, std::map<std::string, MetricSummary>>> stored;

    std::map<std::string, MetricSummary> storedSummary(const JsonNode &summary)
    {
        std::map<std::string, MetricSummary> s;
        for (const auto &[id, v] : summary.members()) {
            if (!c.metric(id))
                v.fail("unknown metric " + quote(id) + " (not in $.metrics)");
            v.object();
            MetricSummary ms;
            ms.value = v.optNumber("value").value_or(0);
            ms.median = v.optNumber("median").value_or(0);
            ms.min = v.optNumber("min").value_or(0);
            ms.max = v.optNumber("max").value_or(0);
            ms.n = std::size_t(optCount(v, "n"));
            s[id] = ms;
        }
        return s;
    }

    // Participant, case and status of a result, each checked against the capture.
    void identify(Result &r, const JsonNode &rj, std::set<std::pair<std::string, std::string>> &seen)
    {
        r.participant = rj.nonEmptyString("participant");
        if (!c.participant(r.participant))
            rj.fail("participant", "unknown participant " + quote(r.participant) + " (not in $.participants)");
        r.caseId = rj.nonEmptyString("case");
        if (!c.caseInfo(r.caseId))
            rj.fail("case", "unknown case " + quote(r.caseId) + " (not in $.cases)");
        if (!seen.insert({r.participant, r.caseId}).second)
            rj.fail("duplicate result for participant " + quote(r.participant) + " and case " + quote(r.caseId));
        const std::string status = rj.nonEmptyString("status");
        auto st = statusFromName(status);
        if (!st)
            rj.fail("status", "expected one of ok, unsupported, missing, contract-failed, error, cancelled; found " + quote(status));
        r.status = *st;
    }

    void result(const JsonNode &rj, bool hasRaw, std::set<std::pair<std::string, std::string>> &seen)
    {
        Result r;
        identify(r, rj.object(), seen);
        r.reason = rj.optString("reason");
        r.flags = rj.optStrings("flags");
        once(r, rj);
        if (auto reps = rj.optMember("repetitions"))
            repetitions(r, *reps);
        for (const Repetition &rep : r.repetitions)
            for (const auto &[id, v] : rep.metrics)
                if (r.once.count(id))
                    rj.fail("once." + id, "metric " + quote(id)
                                              + " is both measured once and in the repetitions of this result");
        if (auto summary = rj.optMember("summary"))
            stored.emplace_back(c.results.size(), storedSummary(summary->object()));
        if (r.status == ResultStatus::Ok && r.repetitions.empty() && r.once.empty() && !hasRaw)
            rj.fail("status is \"ok\" but the result has no repetitions and no \"once\" figures");
        c.results.push_back(std::move(r));
    }

    void results(const JsonNode &root, bool hasRaw)
    {
        std::set<std::pair<std::string, std::string>> seen;
        json &values = doc.root["results"];
        std::size_t i = 0;
        for (const JsonNode &rj : root.member("results").elements()) {
            result(rj, hasRaw, seen);
            values[i++] = nullptr; // read: its memory is given back before the next is read
        }
    }

    void contracts(const JsonNode &root)
    {
        auto list = root.optMember("contracts");
        if (!list)
            return;
        for (const JsonNode &cj : list->elements()) {
            ContractCheck k;
            k.participant = cj.object().nonEmptyString("participant");
            if (!c.participant(k.participant))
                cj.fail("participant", "unknown participant " + quote(k.participant));
            k.caseId = cj.optString("case");
            if (!k.caseId.empty() && !c.caseInfo(k.caseId))
                cj.fail("case", "unknown case " + quote(k.caseId));
            k.what = cj.optString("what");
            k.passed = cj.boolean("passed");
            k.expected = cj.optString("expected");
            k.actual = cj.optString("actual");
            c.contracts.push_back(k);
        }
    }
};

bool close(double a, double b)
{
    return std::fabs(a - b) <= 1e-9 * std::max({1.0, std::fabs(a), std::fabs(b)});
}

bool measuredOnSomeRepetition(const Result &r, const std::string &metricId, double value)
{
    return std::any_of(r.repetitions.begin(), r.repetitions.end(), [&](const Repetition &rep) {
        const auto it = rep.metrics.find(metricId);
        return it != rep.metrics.end() && close(it->second, value);
    });
}

std::string fmt(double v)
{
    return UnitFormat::plain(v);
}

// Parses a file's content, gzip (inflated as it is parsed, never held whole)
// or plain JSON, into a document.
std::optional<CompactJsonParser::Document> parseDocument(InputStreamBuf &in, const std::string &path, LoadError &error)
{
    error = LoadError{path, "", ""};
    const std::string head = in.head();
    const auto first = head.find_first_not_of(" \t\r\n");
    if (in.failed()) {
        error = LoadError{path, in.errorPlace(), in.error()};
        return std::nullopt;
    }
    if (first == std::string::npos && head.size() < InputStreamBuf::kWindow) {
        error.message = in.isGzip() ? "the file is empty (gzip of nothing)" : "the file is empty";
        return std::nullopt;
    }
    if (first != std::string::npos && head[first] != '{' && head[first] != '[') {
        if (in.isGzip()) {
            error.message = "the gzip data does not hold JSON (expected '{' after decompression)";
        } else {
            error.place = "byte " + std::to_string(first);
            error.message = "not gzip and not JSON (expected '{' or the gzip magic bytes 1f 8b)";
        }
        return std::nullopt;
    }
    return CompactJsonParser::parse(in, path, error);
}

std::optional<CompactJsonParser::Document> parseBytes(const std::string &bytes, const std::string &path, LoadError &error)
{
    MemoryStreamBuf memory(bytes);
    InputStreamBuf in(memory, InputLimits::current().captureBytes, "BENCHSCOPE_MAX_CAPTURE_MB");
    return parseDocument(in, path, error);
}

const char *const kSummaryOnly = "summary only";

void joinRawResults(Capture &c, Reader &raw, const JsonNode &root)
{
    raw.header(root, "benchscope-raw");
    for (const JsonNode &rj : root.member("results").elements()) {
        const std::string p = rj.object().nonEmptyString("participant");
        const std::string k = rj.nonEmptyString("case");
        Result *target = nullptr;
        for (Result &r : c.results)
            if (r.participant == p && r.caseId == k)
                target = &r;
        if (!target)
            rj.fail("no result for participant " + quote(p) + " and case " + quote(k) + " in the summary");
        if (!target->repetitions.empty())
            rj.fail("repetitions for participant " + quote(p) + " and case " + quote(k)
                    + " are in both the summary and the raw file");
        raw.repetitions(*target, rj.member("repetitions"));
    }
}

// Reads the raw file named by the summary and moves its repetitions in.
// False when the raw file is not there: the summary alone is still shown.
bool joinRaw(Capture &c, const JsonNode &rawRef, const std::string &summaryPath)
{
    const std::string rel = rawRef.object().nonEmptyString("path");
    const std::string expectedSha = rawRef.nonEmptyString("sha256");
    std::string refused;
    const auto resolved = RawPath::resolve(summaryPath, rel, refused);
    if (!resolved)
        rawRef.fail("path", quote(rel) + ": " + refused);
    const std::string rawPath = *resolved;
    std::error_code missing;
    if (!std::filesystem::exists(rawPath, missing) && !missing) {
        c.warnings.push_back(kSummaryOnly + std::string(": raw-repetitions file ") + quote(rawPath)
                             + " is missing; the summaries stored in the file are shown and repetitions are unavailable");
        return false;
    }

    LoadError e;
    auto bytes = FileIO::readFile(rawPath, e, InputLimits::current().captureFile());
    if (!bytes)
        rawRef.fail("path", "raw-repetitions file " + quote(rawPath) + ": " + e.message);
    const std::string actualSha = Sha256::hex(*bytes);
    if (actualSha != expectedSha)
        rawRef.fail("sha256", "raw-repetitions file " + quote(rawPath) + " has sha256 " + actualSha
                                  + " but the summary names " + expectedSha
                                  + " (the file was changed or belongs to another capture)");
    auto doc = parseBytes(*bytes, rawPath, e);
    bytes.reset();
    if (!doc)
        throw InputFailure{"", e.toString()};

    Reader raw(*doc, c);
    try {
        joinRawResults(c, raw, JsonNode(doc->root).object());
    } catch (const InputFailure &f) {
        throw InputFailure{"", LoadError{rawPath, f.place, f.message}.toString()};
    }
    return true;
}

std::optional<Capture> readDocument(CompactJsonParser::Document &document, const std::string &path,
                                                   LoadError &error)
{
    auto *doc = &document;
    error = LoadError{path, "", ""};

    Capture c;
    c.sourcePath = path;
    bool summaryOnly = false;
    Reader r(*doc, c);
    try {
        const JsonNode root = JsonNode(doc->root).object();
        if (root.optString("format") == "benchscope-raw")
            root.fail("format", "this is a raw-repetitions file; open the summary capture that names it");
        r.header(root, "benchscope-capture");
        r.metadata(root);
        r.definitions(root);
        const auto raw = root.optMember("raw");
        r.results(root, raw.has_value());
        r.contracts(root);
        summaryOnly = raw && !joinRaw(c, *raw, path);
    } catch (const InputFailure &f) {
        // A failure inside the raw file carries its own file and place.
        if (f.place.empty()) {
            error.file.clear();
            error.message = f.message;
        } else {
            error.place = f.place;
            error.message = f.message;
        }
        return std::nullopt;
    }

    Summarizer::summarize(c);
    if (summaryOnly) {
        for (const auto &[index, summary] : r.stored) {
            std::map<std::string, MetricSummary> shown = summary;
            for (const auto &[id, s] : c.results[index].summary)
                if (s.once) // in the summary file itself, so recomputed exactly
                    shown[id] = s;
            c.results[index].summary = shown;
        }
        return c;
    }
    for (const Result &res : c.results)
        if (res.status == ResultStatus::Ok && res.repetitions.empty() && res.once.empty()) {
            error.place = "$.raw";
            error.message = "result for participant " + quote(res.participant) + " and case " + quote(res.caseId)
                + " is \"ok\" but neither the summary nor the raw file has its repetitions";
            return std::nullopt;
        }

    for (const auto &[index, summary] : r.stored) {
        const Result &res = c.results[index];
        for (const auto &[id, s] : summary) {
            auto it = res.summary.find(id);
            const std::string where = "results[" + std::to_string(index) + "].summary." + id;
            if (it == res.summary.end()) {
                c.warnings.push_back(where + ": a stored summary for a metric no repetition has; ignored");
                continue;
            }
            const MetricSummary &d = it->second;
            std::string diffs;
            if (!close(s.median, d.median))
                diffs += " median " + fmt(s.median) + " vs " + fmt(d.median) + ";";
            if (!close(s.min, d.min))
                diffs += " min " + fmt(s.min) + " vs " + fmt(d.min) + ";";
            if (!close(s.max, d.max))
                diffs += " max " + fmt(s.max) + " vs " + fmt(d.max) + ";";
            if (s.n != d.n)
                diffs += " n " + std::to_string(s.n) + " vs " + std::to_string(d.n) + ";";
            // A writer that chose another primary metric shows another real run.
            if (!close(s.value, d.value) && !measuredOnSomeRepetition(res, id, s.value))
                diffs += " value " + fmt(s.value) + " vs " + fmt(d.value) + ";";
            if (!diffs.empty())
                c.warnings.push_back(where + ": stored summary disagrees with the repetitions (stored vs recomputed):"
                                     + diffs.substr(0, diffs.size() - 1) + "; the recomputed values are shown");
        }
    }
    return c;
}

} // namespace

bool CaptureReader::summaryOnly(const Capture &capture)
{
    for (const std::string &w : capture.warnings)
        if (w.rfind(kSummaryOnly, 0) == 0)
            return true;
    return false;
}

bool CaptureReader::looksLikeCapture(const std::string &head)
{
    return head.find("\"benchscope-capture\"") != std::string::npos
        || head.find("\"benchscope-raw\"") != std::string::npos;
}

std::optional<Capture> CaptureReader::readFile(const std::string &path, LoadError &error)
{
    auto bytes = FileIO::readFile(path, error, InputLimits::current().captureFile());
    if (!bytes)
        return std::nullopt;
    return readBytes(std::move(*bytes), path, error);
}

std::optional<Capture> CaptureReader::readBytes(std::string bytes, const std::string &path, LoadError &error)
{
    auto doc = parseBytes(bytes, path, error);
    std::string().swap(bytes); // the text is not needed once parsed
    if (!doc)
        return std::nullopt;
    return readDocument(*doc, path, error);
}

std::optional<Capture> CaptureReader::readStream(InputStreamBuf &in, const std::string &path, LoadError &error)
{
    auto doc = parseDocument(in, path, error);
    if (!doc)
        return std::nullopt;
    return readDocument(*doc, path, error);
}


} // namespace bs
