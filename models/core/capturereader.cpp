#include "capturereader.h"

#include "compactjsonparser.h"
#include "fileio.h"
#include "inputlimits.h"
#include "jsontypename.h"
#include "memorystreambuf.h"
#include "sha256.h"
#include "summarizer.h"
#include "unitformat.h"

#include <cmath>
#include <filesystem>
#include <istream>
#include <limits>
#include <set>

namespace bs {

namespace {

using json = nlohmann::json;

// Thrown inside the reader and turned into a LoadError at its edge.
struct Failure {
    std::string place;
    std::string message;
};

const char *typeName(const json &v)
{
    return v.is_object() && v.contains("$buckets") ? "a bucket array" : jsonTypeName(v);
}

std::string quote(const std::string &s) { return "\"" + s + "\""; }

class Walker {
public:
    explicit Walker(CompactJsonParser::Document &doc) : m_doc(doc) { }

    const json &object(const json &v, const std::string &path)
    {
        if (!v.is_object() || v.contains("$buckets"))
            throw Failure{path, std::string("expected an object, found ") + typeName(v)};
        return v;
    }
    const json &array(const json &v, const std::string &path)
    {
        if (!v.is_array())
            throw Failure{path, std::string("expected an array, found ") + typeName(v)};
        return v;
    }
    const json &required(const json &obj, const char *key, const std::string &path)
    {
        auto it = obj.find(key);
        if (it == obj.end())
            throw Failure{path, std::string("missing required field \"") + key + "\""};
        return *it;
    }
    std::string string(const json &v, const std::string &path)
    {
        if (!v.is_string())
            throw Failure{path, std::string("expected a string, found ") + typeName(v)};
        return v.get<std::string>();
    }
    std::string requiredString(const json &obj, const char *key, const std::string &path)
    {
        std::string s = string(required(obj, key, path), path + "." + key);
        if (s.empty())
            throw Failure{path + "." + key, "must not be empty"};
        return s;
    }
    std::string optString(const json &obj, const char *key, const std::string &path)
    {
        auto it = obj.find(key);
        if (it == obj.end() || it->is_null())
            return {};
        return string(*it, path + "." + key);
    }
    double number(const json &v, const std::string &path)
    {
        if (!v.is_number())
            throw Failure{path, std::string("expected a number, found ") + typeName(v)};
        const double d = v.get<double>();
        if (!std::isfinite(d))
            throw Failure{path, "expected a finite number"};
        return d;
    }
    std::optional<double> optNumber(const json &obj, const char *key, const std::string &path)
    {
        auto it = obj.find(key);
        if (it == obj.end() || it->is_null())
            return std::nullopt;
        return number(*it, path + "." + key);
    }
    std::optional<int> optCount(const json &obj, const char *key, const std::string &path)
    {
        auto d = optNumber(obj, key, path);
        if (!d)
            return std::nullopt;
        if (*d < 0 || *d != std::floor(*d))
            throw Failure{path + "." + key, "expected a non-negative whole number, found " + json(*d).dump()};
        if (*d > std::numeric_limits<int>::max())
            throw Failure{path + "." + key, "number too large: " + json(*d).dump()};
        return int(*d);
    }
    bool optBool(const json &obj, const char *key, const std::string &path, bool fallback)
    {
        auto it = obj.find(key);
        if (it == obj.end() || it->is_null())
            return fallback;
        if (!it->is_boolean())
            throw Failure{path + "." + key, std::string("expected true or false, found ") + typeName(*it)};
        return it->get<bool>();
    }
    std::vector<std::string> stringList(const json &obj, const char *key, const std::string &path)
    {
        std::vector<std::string> out;
        auto it = obj.find(key);
        if (it == obj.end() || it->is_null())
            return out;
        const std::string p = path + "." + key;
        const json &arr = array(*it, p);
        for (std::size_t i = 0; i < arr.size(); ++i)
            out.push_back(string(arr[i], p + "[" + std::to_string(i) + "]"));
        return out;
    }
    std::map<std::string, std::string> stringMap(const json &obj, const char *key, const std::string &path)
    {
        std::map<std::string, std::string> out;
        auto it = obj.find(key);
        if (it == obj.end() || it->is_null())
            return out;
        const std::string p = path + "." + key;
        for (const auto &[k, v] : object(*it, p).items())
            out[k] = v.is_string() ? v.get<std::string>() : v.dump();
        return out;
    }

    Histogram histogram(const json &v, const std::string &path)
    {
        object(v, path);
        Histogram h(optString(v, "unit", path));
        if (h.unit().empty())
            throw Failure{path + ".unit", "missing required field \"unit\""};
        if (auto d = optNumber(v, "digits", path); d && *d != Histogram::kSignificantDigits)
            throw Failure{path + ".digits", "only 3 significant digits are supported, found " + json(*d).dump()};
        const json &b = required(v, "buckets", path);
        if (!b.is_object() || !b.contains("$buckets"))
            throw Failure{path + ".buckets", std::string("expected an array of integers, found ") + typeName(b)};
        auto &raw = m_doc.buckets.at(b["$buckets"].get<std::size_t>());
        if (raw.badElement >= 0)
            throw Failure{path + ".buckets[" + std::to_string(raw.badElement) + "]",
                          "expected a non-negative integer (bucket index below 2^32, or count)"};
        if (raw.oddCount())
            throw Failure{path + ".buckets", "expected index/count pairs, found an odd number of elements"};
        // Moved, not copied: histograms are most of a capture's memory.
        std::vector<Histogram::Bucket> buckets = std::move(raw.pairs);
        h.setBuckets(std::move(buckets));
        return h;
    }

private:
    CompactJsonParser::Document &m_doc;
};

bool impossibleWhenNegative(const std::string &unit)
{
    static const std::set<std::string> units = {"s", "ns", "ms", "B", "req/s", "ops/s", "B/s", "count"};
    return units.count(unit) > 0;
}

struct Reader {
    Reader(Walker &walker, Capture &capture) : w(walker), c(capture) { }
    Walker &w;
    Capture &c;

    void header(const json &root, const std::string &expectedFormat)
    {
        const std::string format = w.string(w.required(root, "format", "$"), "$.format");
        if (format != expectedFormat)
            throw Failure{"$.format", "expected " + quote(expectedFormat) + ", found " + quote(format)};
        const std::string version = w.string(w.required(root, "format_version", "$"), "$.format_version");
        const auto dot = version.find('.');
        const std::string majorText = version.substr(0, dot);
        if (majorText.empty() || majorText.find_first_not_of("0123456789") != std::string::npos)
            throw Failure{"$.format_version", "expected \"MAJOR.MINOR\", found " + quote(version)};
        const int major = std::stoi(majorText);
        if (major != Capture::kFormatMajor)
            throw Failure{"$.format_version",
                          "unknown major format version " + std::to_string(major)
                              + " (this Benchscope reads version " + std::to_string(Capture::kFormatMajor)
                              + ".x)" + (major > Capture::kFormatMajor ? "; a newer Benchscope is needed" : "")};
    }

    void metadata(const json &root)
    {
        const json &suite = w.object(w.required(root, "suite", "$"), "$.suite");
        c.suite.id = w.requiredString(suite, "id", "$.suite");
        c.suite.title = w.optString(suite, "title", "$.suite");
        if (auto it = root.find("revision"); it != root.end()) {
            const json &rev = w.object(*it, "$.revision");
            c.revision.id = w.optString(rev, "id", "$.revision");
            c.revision.label = w.optString(rev, "label", "$.revision");
            c.revision.date = w.optString(rev, "date", "$.revision");
        }
        c.capturedAt = w.optString(root, "captured_at", "$");
        if (auto it = root.find("provenance"); it != root.end())
            provenance(w.object(*it, "$.provenance"));
    }

    void provenance(const json &p)
    {
        const std::string path = "$.provenance";
        Provenance &pv = c.provenance;
        pv.source = w.optString(p, "source", path);
        if (auto it = p.find("machine"); it != p.end()) {
            const std::string mp = path + ".machine";
            const json &m = w.object(*it, mp);
            pv.machine.cpu = w.optString(m, "cpu", mp);
            pv.machine.cores = w.optCount(m, "cores", mp).value_or(0);
            pv.machine.memoryBytes = w.optNumber(m, "memory_bytes", mp).value_or(0);
            if (pv.machine.memoryBytes < 0)
                throw Failure{mp + ".memory_bytes", "must not be negative"};
            pv.machine.os = w.optString(m, "os", mp);
            pv.machine.hostname = w.optString(m, "hostname", mp);
        }
        if (auto it = p.find("tools"); it != p.end()) {
            const json &tools = w.array(*it, path + ".tools");
            for (std::size_t i = 0; i < tools.size(); ++i) {
                const std::string tp = path + ".tools[" + std::to_string(i) + "]";
                const json &t = w.object(tools[i], tp);
                pv.tools.push_back({w.requiredString(t, "name", tp), w.optString(t, "version", tp),
                                    w.optString(t, "role", tp)});
            }
        }
        if (auto it = p.find("conditions"); it != p.end()) {
            const std::string cp = path + ".conditions";
            const json &cj = w.object(*it, cp);
            Conditions &k = pv.conditions;
            k.mode = w.optString(cj, "mode", cp);
            k.connections = w.optCount(cj, "connections", cp);
            k.warmupSeconds = w.optNumber(cj, "warmup_s", cp);
            k.durationSeconds = w.optNumber(cj, "duration_s", cp);
            k.rate = w.optNumber(cj, "rate", cp);
            k.repetitions = w.optCount(cj, "repetitions", cp);
            k.runOrder = w.optString(cj, "run_order", cp);
            k.cpuSetServer = w.optString(cj, "cpu_set_server", cp);
            k.cpuSetClient = w.optString(cj, "cpu_set_client", cp);
            if (auto lc = cj.find("latency_corrected"); lc != cj.end() && !lc->is_null())
                k.latencyCorrected = w.optBool(cj, "latency_corrected", cp, false);
            k.extra = w.stringMap(cj, "extra", cp);
            for (const char *key : {"warmup_s", "duration_s", "rate"})
                if (auto v = w.optNumber(cj, key, cp); v && *v < 0)
                    throw Failure{cp + "." + key, "must not be negative"};
        }
        pv.sourceHashes = w.stringMap(p, "source_hashes", path);
        pv.caveats = w.stringList(p, "caveats", path);
    }

    void definitions(const json &root)
    {
        const json &metrics = w.array(w.required(root, "metrics", "$"), "$.metrics");
        if (metrics.empty())
            throw Failure{"$.metrics", "expected at least one metric"};
        std::set<std::string> ids;
        int primaries = 0;
        for (std::size_t i = 0; i < metrics.size(); ++i) {
            const std::string mp = "$.metrics[" + std::to_string(i) + "]";
            const json &m = w.object(metrics[i], mp);
            Metric metric;
            metric.id = w.requiredString(m, "id", mp);
            if (!ids.insert(metric.id).second)
                throw Failure{mp + ".id", "duplicate metric id " + quote(metric.id)};
            metric.label = w.optString(m, "label", mp);
            if (metric.label.empty())
                metric.label = metric.id;
            metric.unit = w.requiredString(m, "unit", mp);
            const std::string better = w.requiredString(m, "better", mp);
            if (better == "higher")
                metric.direction = Direction::HigherIsBetter;
            else if (better == "lower")
                metric.direction = Direction::LowerIsBetter;
            else
                throw Failure{mp + ".better", "expected \"higher\" or \"lower\", found " + quote(better)};
            metric.primary = w.optBool(m, "primary", mp, false);
            primaries += metric.primary;
            metric.description = w.optString(m, "description", mp);
            const std::string scope = w.optString(m, "scope", mp);
            if (scope == "result")
                metric.scope = MetricScope::Result;
            else if (scope == "participant")
                metric.scope = MetricScope::Participant;
            else if (!scope.empty() && scope != "repetition")
                throw Failure{mp + ".scope", "expected \"repetition\", \"result\" or \"participant\", found " + quote(scope)};
            c.metrics.push_back(metric);
        }
        if (primaries > 1)
            throw Failure{"$.metrics", "more than one metric is marked \"primary\": true"};
        if (primaries == 0) {
            c.metrics.front().primary = true;
            c.warnings.push_back("no metric is marked primary; using the first, \"" + c.metrics.front().id + "\"");
        }

        const json &cases = w.array(w.required(root, "cases", "$"), "$.cases");
        ids.clear();
        for (std::size_t i = 0; i < cases.size(); ++i) {
            const std::string cp = "$.cases[" + std::to_string(i) + "]";
            const json &cj = w.object(cases[i], cp);
            CaseInfo ci;
            ci.id = w.requiredString(cj, "id", cp);
            if (!ids.insert(ci.id).second)
                throw Failure{cp + ".id", "duplicate case id " + quote(ci.id)};
            ci.label = w.optString(cj, "label", cp);
            if (ci.label.empty())
                ci.label = ci.id;
            ci.group = w.optString(cj, "group", cp);
            ci.description = w.optString(cj, "description", cp);
            c.cases.push_back(ci);
        }

        const json &parts = w.array(w.required(root, "participants", "$"), "$.participants");
        ids.clear();
        for (std::size_t i = 0; i < parts.size(); ++i) {
            const std::string pp = "$.participants[" + std::to_string(i) + "]";
            const json &pj = w.object(parts[i], pp);
            Participant p;
            p.id = w.requiredString(pj, "id", pp);
            if (!ids.insert(p.id).second)
                throw Failure{pp + ".id", "duplicate participant id " + quote(p.id)};
            p.label = w.optString(pj, "label", pp);
            if (p.label.empty())
                p.label = p.id;
            p.runtime = w.optString(pj, "runtime", pp);
            p.version = w.optString(pj, "version", pp);
            p.baseline = w.optBool(pj, "baseline", pp, false);
            p.tags = w.stringList(pj, "tags", pp);
            c.participants.push_back(p);
        }
    }

    Repetition repetition(const json &rj, const std::string &rp)
    {
        w.object(rj, rp);
        Repetition rep;
        const json &metrics = w.object(w.required(rj, "metrics", rp), rp + ".metrics");
        for (const auto &[id, v] : metrics.items()) {
            const std::string mp = rp + ".metrics." + id;
            const Metric *m = c.metric(id);
            if (m && m->scope != MetricScope::Repetition)
                throw Failure{mp, "metric " + quote(id) + " is measured once (scope " + quote(scopeName(m->scope))
                                  + "); its value belongs in the result's \"once\", not in a repetition"};
            rep.metrics[id] = value(m, id, v, mp);
        }
        if (auto it = rj.find("errors"); it != rj.end()) {
            for (const auto &[kind, v] : w.object(*it, rp + ".errors").items()) {
                const std::string ep = rp + ".errors." + kind;
                const double d = w.number(v, ep);
                if (d < 0 || d != std::floor(d))
                    throw Failure{ep, "expected a non-negative whole count, found " + v.dump()};
                if (d >= 18446744073709551616.0)
                    throw Failure{ep, "count too large: " + v.dump()};
                rep.errors[kind] = std::uint64_t(d);
            }
        }
        if (auto it = rj.find("histograms"); it != rj.end())
            for (const auto &[name, v] : w.object(*it, rp + ".histograms").items())
                rep.histograms[name] = w.histogram(v, rp + ".histograms." + name);
        rep.flags = w.stringList(rj, "flags", rp);
        rep.startedAt = w.optString(rj, "started_at", rp);
        return rep;
    }

    double value(const Metric *m, const std::string &id, const json &v, const std::string &path)
    {
        if (!m)
            throw Failure{path, "unknown metric " + quote(id) + " (not in $.metrics)"};
        const double d = w.number(v, path);
        if (d < 0 && impossibleWhenNegative(m->unit))
            throw Failure{path, "negative value " + v.dump() + " where a " + m->unit + " value cannot be negative"};
        return d;
    }

    void once(Result &r, const json &rj, const std::string &rp)
    {
        auto it = rj.find("once");
        if (it == rj.end() || it->is_null())
            return;
        for (const auto &[id, v] : w.object(*it, rp + ".once").items()) {
            const std::string mp = rp + ".once." + id;
            r.once[id] = value(c.metric(id), id, v, mp);
        }
    }

    void repetitions(Result &r, const json &arr, const std::string &path)
    {
        w.array(arr, path);
        const std::uint64_t limit = InputLimits::current().repetitions;
        if (r.repetitions.size() + arr.size() > limit)
            throw Failure{path, std::to_string(arr.size()) + " repetitions: "
                                    + InputLimits::beyond(limit, "repetitions", "BENCHSCOPE_MAX_REPETITIONS")};
        for (std::size_t i = 0; i < arr.size(); ++i)
            r.repetitions.push_back(repetition(arr[i], path + "[" + std::to_string(i) + "]"));
    }

    // Stored summaries, compared after recomputation.
    std::vector<std::pair<std::size_t, std::map<std::string, MetricSummary>>> stored;

    void results(const json &root, bool hasRaw)
    {
        const json &results = w.array(w.required(root, "results", "$"), "$.results");
        std::set<std::pair<std::string, std::string>> seen;
        for (std::size_t i = 0; i < results.size(); ++i) {
            const std::string rp = "$.results[" + std::to_string(i) + "]";
            const json &rj = w.object(results[i], rp);
            Result r;
            r.participant = w.requiredString(rj, "participant", rp);
            if (!c.participant(r.participant))
                throw Failure{rp + ".participant", "unknown participant " + quote(r.participant) + " (not in $.participants)"};
            r.caseId = w.requiredString(rj, "case", rp);
            if (!c.caseInfo(r.caseId))
                throw Failure{rp + ".case", "unknown case " + quote(r.caseId) + " (not in $.cases)"};
            if (!seen.insert({r.participant, r.caseId}).second)
                throw Failure{rp, "duplicate result for participant " + quote(r.participant) + " and case " + quote(r.caseId)};
            const std::string status = w.requiredString(rj, "status", rp);
            auto st = statusFromName(status);
            if (!st)
                throw Failure{rp + ".status",
                              "expected one of ok, unsupported, missing, contract-failed, error; found " + quote(status)};
            r.status = *st;
            r.reason = w.optString(rj, "reason", rp);
            r.flags = w.stringList(rj, "flags", rp);
            once(r, rj, rp);
            if (auto it = rj.find("repetitions"); it != rj.end())
                repetitions(r, *it, rp + ".repetitions");
            for (const Repetition &rep : r.repetitions)
                for (const auto &[id, v] : rep.metrics)
                    if (r.once.count(id))
                        throw Failure{rp + ".once." + id, "metric " + quote(id)
                                          + " is both measured once and in the repetitions of this result"};
            if (auto it = rj.find("summary"); it != rj.end()) {
                std::map<std::string, MetricSummary> s;
                for (const auto &[id, v] : w.object(*it, rp + ".summary").items()) {
                    const std::string sp = rp + ".summary." + id;
                    if (!c.metric(id))
                        throw Failure{sp, "unknown metric " + quote(id) + " (not in $.metrics)"};
                    w.object(v, sp);
                    MetricSummary ms;
                    ms.value = w.optNumber(v, "value", sp).value_or(0);
                    ms.median = w.optNumber(v, "median", sp).value_or(0);
                    ms.min = w.optNumber(v, "min", sp).value_or(0);
                    ms.max = w.optNumber(v, "max", sp).value_or(0);
                    ms.n = std::size_t(w.optCount(v, "n", sp).value_or(0));
                    s[id] = ms;
                }
                stored.emplace_back(c.results.size(), std::move(s));
            }
            if (r.status == ResultStatus::Ok && r.repetitions.empty() && r.once.empty() && !hasRaw)
                throw Failure{rp, "status is \"ok\" but the result has no repetitions and no \"once\" figures"};
            c.results.push_back(std::move(r));
        }
    }

    void contracts(const json &root)
    {
        auto it = root.find("contracts");
        if (it == root.end())
            return;
        const json &arr = w.array(*it, "$.contracts");
        for (std::size_t i = 0; i < arr.size(); ++i) {
            const std::string cp = "$.contracts[" + std::to_string(i) + "]";
            const json &cj = w.object(arr[i], cp);
            ContractCheck k;
            k.participant = w.requiredString(cj, "participant", cp);
            if (!c.participant(k.participant))
                throw Failure{cp + ".participant", "unknown participant " + quote(k.participant)};
            k.caseId = w.optString(cj, "case", cp);
            if (!k.caseId.empty() && !c.caseInfo(k.caseId))
                throw Failure{cp + ".case", "unknown case " + quote(k.caseId)};
            k.what = w.optString(cj, "what", cp);
            if (!cj.contains("passed"))
                throw Failure{cp, "missing required field \"passed\""};
            k.passed = w.optBool(cj, "passed", cp, false);
            k.expected = w.optString(cj, "expected", cp);
            k.actual = w.optString(cj, "actual", cp);
            c.contracts.push_back(k);
        }
    }
};

std::string dirOf(const std::string &path)
{
    const auto slash = path.rfind('/');
    return slash == std::string::npos ? std::string() : path.substr(0, slash + 1);
}

bool close(double a, double b)
{
    return std::fabs(a - b) <= 1e-9 * std::max({1.0, std::fabs(a), std::fabs(b)});
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

// Reads the raw file named by the summary and moves its repetitions in.
// False when the raw file is not there: the summary alone is still shown.
bool joinRaw(Capture &c, const json &rawRef, const std::string &summaryPath, Walker &w)
{
    w.object(rawRef, "$.raw");
    const std::string rel = w.requiredString(rawRef, "path", "$.raw");
    const std::string expectedSha = w.requiredString(rawRef, "sha256", "$.raw");
    const std::string rawPath = rel.size() && rel[0] == '/' ? rel : dirOf(summaryPath) + rel;
    std::error_code missing;
    if (!std::filesystem::exists(rawPath, missing) && !missing) {
        c.warnings.push_back(kSummaryOnly + std::string(": raw-repetitions file ") + quote(rawPath)
                             + " is missing; the summaries stored in the file are shown and repetitions are unavailable");
        return false;
    }

    LoadError e;
    auto bytes = FileIO::readFile(rawPath, e, InputLimits::current().captureBytes);
    if (!bytes)
        throw Failure{"$.raw.path", "raw-repetitions file " + quote(rawPath) + ": " + e.message};
    const std::string actualSha = Sha256::hex(*bytes);
    if (actualSha != expectedSha)
        throw Failure{"$.raw.sha256", "raw-repetitions file " + quote(rawPath) + " has sha256 " + actualSha
                                          + " but the summary names " + expectedSha
                                          + " (the file was changed or belongs to another capture)"};
    auto doc = parseBytes(*bytes, rawPath, e);
    bytes.reset();
    if (!doc)
        throw Failure{"", e.toString()};

    Walker rw(*doc);
    Reader raw(rw, c);
    try {
        const json &root = rw.object(doc->root, "$");
        raw.header(root, "benchscope-raw");
        const json &results = rw.array(rw.required(root, "results", "$"), "$.results");
        for (std::size_t i = 0; i < results.size(); ++i) {
            const std::string rp = "$.results[" + std::to_string(i) + "]";
            const json &rj = rw.object(results[i], rp);
            const std::string p = rw.requiredString(rj, "participant", rp);
            const std::string k = rw.requiredString(rj, "case", rp);
            Result *target = nullptr;
            for (Result &r : c.results)
                if (r.participant == p && r.caseId == k)
                    target = &r;
            if (!target)
                throw Failure{rp, "no result for participant " + quote(p) + " and case " + quote(k)
                                      + " in the summary"};
            if (!target->repetitions.empty())
                throw Failure{rp, "repetitions for participant " + quote(p) + " and case " + quote(k)
                                      + " are in both the summary and the raw file"};
            raw.repetitions(*target, rw.required(rj, "repetitions", rp), rp + ".repetitions");
        }
    } catch (const Failure &f) {
        throw Failure{"", LoadError{rawPath, f.place, f.message}.toString()};
    }
    return true;
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
    auto bytes = FileIO::readFile(path, error, InputLimits::current().captureBytes);
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

std::optional<Capture> CaptureReader::readDocument(CompactJsonParser::Document &document, const std::string &path,
                                                   LoadError &error)
{
    auto *doc = &document;
    error = LoadError{path, "", ""};

    Capture c;
    c.sourcePath = path;
    bool summaryOnly = false;
    Walker w(*doc);
    Reader r(w, c);
    try {
        const json &root = w.object(doc->root, "$");
        if (root.contains("format") && root["format"] == "benchscope-raw")
            throw Failure{"$.format", "this is a raw-repetitions file; open the summary capture that names it"};
        r.header(root, "benchscope-capture");
        r.metadata(root);
        r.definitions(root);
        const bool hasRaw = root.contains("raw") && !root["raw"].is_null();
        r.results(root, hasRaw);
        r.contracts(root);
        summaryOnly = hasRaw && !joinRaw(c, root["raw"], path, w);
    } catch (const Failure &f) {
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
            if (!close(s.value, d.value))
                diffs += " value " + fmt(s.value) + " vs " + fmt(d.value) + ";";
            if (!diffs.empty())
                c.warnings.push_back(where + ": stored summary disagrees with the repetitions (stored vs recomputed):"
                                     + diffs.substr(0, diffs.size() - 1) + "; the recomputed values are shown");
        }
    }
    return c;
}

} // namespace bs
