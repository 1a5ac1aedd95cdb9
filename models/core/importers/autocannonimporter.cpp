#include "autocannonimporter.h"

#include "capturebuilder.h"
#include "failureshare.h"
#include "jsonnode.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdlib>

namespace bs {


namespace {

// An unquoted key opening an object: "key:", white space, "{", after the
// text's start, white space, "{" or ",".
bool hasObjectKey(const std::string &text, const std::string &key)
{
    const std::string k = key + ":";
    for (auto at = text.find(k); at != std::string::npos; at = text.find(k, at + 1)) {
        const bool starts = at == 0 || std::isspace(static_cast<unsigned char>(text[at - 1])) || text[at - 1] == '{'
            || text[at - 1] == ',';
        const auto value = text.find_first_not_of(" \t\r\n\f\v", at + k.size());
        if (starts && value != std::string::npos && text[value] == '{')
            return true;
    }
    return false;
}

// `{ title: …, url: 'http://…', … latency: { average: 271.52, …` — keys unquoted.
bool looksLikeInspectOutput(const std::string &text)
{
    const std::string head = text.substr(0, 64 * 1024);
    return hasObjectKey(head, "latency") && hasObjectKey(head, "requests");
}

// "p97_5" → 97.5; -1 for any other key.
double percentileOfKey(const std::string &key)
{
    if (key.size() < 2 || key[0] != 'p')
        return -1;
    std::string n = key.substr(1);
    for (char &c : n)
        if (c == '_')
            c = '.';
    char *end = nullptr;
    const double p = std::strtod(n.c_str(), &end);
    return *end || p < 0 || p > 100 ? -1 : p;
}

// `mean` and `average` are the same number; older versions may have only one.
std::optional<double> meanOf(const JsonNode &stats)
{
    auto v = stats.optNumber("mean");
    return v ? v : stats.optNumber("average");
}

// Each failure once: autocannon's `errors` includes its `timeouts`, and
// `non2xx` is the sum of the non-2xx codes in `statusCodeStats`.
void storeErrors(CaptureBuilder &b, const JsonNode &root, Repetition &rep)
{
    auto count = [&](const char *key) { return std::uint64_t(root.optNumber(key).value_or(0)); };
    const std::uint64_t timeouts = count("timeouts"), errors = count("errors");
    rep.errors["timeouts"] = timeouts;
    rep.errors["errors"] = errors - std::min(errors, timeouts);
    rep.errors["mismatches"] = count("mismatches");
    rep.errors["resets"] = count("resets");
    std::uint64_t byStatus = 0;
    if (const auto codes = root.optMember("statusCodeStats"))
        for (const auto &[code, v] : codes->members())
            if (code.empty() || code[0] != '2') {
                const auto n = std::uint64_t(v.number("count"));
                rep.errors["status " + code] = n;
                byStatus += n;
            }
    const std::uint64_t non2xx = count("non2xx");
    rep.errors["non2xx"] = non2xx - std::min(non2xx, byStatus);
    for (auto it = rep.errors.begin(); it != rep.errors.end();)
        it = it->second == 0 ? rep.errors.erase(it) : std::next(it);
    if (timeouts > 0 || byStatus > 0)
        b.caveat("autocannon's errors include its timeouts, and its non2xx is the sum of the non-2xx status "
                 "counts: each failure is stored once, by kind (timeouts, errors, status NNN)");
}

// Latency in whole milliseconds; with no samples autocannon writes 0 for
// every statistic: no data, not 0 ms.
void readLatency(CaptureBuilder &b, Repetition &rep, Result &result, const JsonNode &lat)
{
    if (lat.object().optNumber("totalCount") == std::optional<double>(0)) {
        result.status = ResultStatus::Error;
        result.reason = "autocannon recorded no latency samples (latency.totalCount is 0); its zero statistics mean no data";
        return;
    }
    const double ms = 1e-3;
    auto msToS = [&](const char *key) -> std::optional<double> {
        auto v = lat.optNumber(key);
        return v ? std::optional<double>(*v * ms) : std::nullopt;
    };
    b.set(rep, "latency_mean", meanOf(lat).value_or(NAN) * ms);
    b.set(rep, "latency_stdev", msToS("stddev"));
    b.set(rep, "latency_min", msToS("min"));
    b.set(rep, "latency_max", msToS("max"));
    for (const auto &[key, v] : lat.members())
        if (const double p = percentileOfKey(key); p >= 0)
            b.set(rep, CaptureBuilder::percentileId("latency", p), v.number() * ms);
}

void readConditions(Conditions &k, const JsonNode &root)
{
    k.mode = "saturation";
    k.latencyCorrected = false;
    if (auto c = root.optNumber("connections"))
        k.connections = int(*c);
    k.durationSeconds = root.optNumber("duration");
    for (const char *key : {"pipelining", "workers", "sampleInt"})
        if (auto v = root.optNumber(key))
            k.extra[key] = std::to_string(std::llround(*v)) + (std::string(key) == "sampleInt" ? " ms" : "");
}

} // namespace

bool AutocannonImporter::detect(const ImportInput &in) const
{
    if (in.json)
        return JsonNode(*in.json).hasAll({"latency", "requests", "throughput"})
            && (in.json->contains("connections") || in.json->contains("url"));
    return looksLikeInspectOutput(in.text);
}

Capture AutocannonImporter::import(const ImportInput &in) const
{
    if (!in.json)
        throw InputFailure{"line 1",
                            "this is autocannon's console.log(result) output (JavaScript object syntax with "
                            "unquoted keys), not JSON; run autocannon with --json, or save "
                            "JSON.stringify(result), and import that"};
    const JsonNode root(*in.json, in.jsonPath);
    CaptureBuilder b(in, "autocannon", "load-generator");
    readConditions(b.provenance().conditions, root);
    b.caveat("latency is not coordinated-omission corrected (autocannon runs a closed loop)");
    b.caveat("latency is recorded in whole milliseconds by autocannon");
    b.caveat("Requests/s is autocannon's mean of per-interval samples (requests.average)");

    const std::string url = root.optString("url");
    std::string path = "run";
    if (const auto scheme = url.find("://"); scheme != std::string::npos) {
        const auto slash = url.find('/', scheme + 3);
        path = slash == std::string::npos ? "/" : url.substr(slash);
    }
    const std::string title = root.optString("title");
    const std::string part = b.participant(title.empty() ? "autocannon" : title);
    const std::string cs = b.caseId(path);
    if (!url.empty())
        b.capture().cases.back().description = url;
    Repetition &rep = b.addRepetition(part, cs);
    rep.startedAt = root.optString("start");
    readLatency(b, rep, b.result(part, cs), root.member("latency"));
    const JsonNode req = root.member("requests").object();
    b.set(rep, "rps", meanOf(req));
    b.set(rep, "requests", req.optNumber("total"));
    const JsonNode thr = root.member("throughput").object();
    b.set(rep, "transfer_rate", meanOf(thr));
    b.set(rep, "bytes", thr.optNumber("total"));

    storeErrors(b, root, rep);
    FailureShare::applyToRequests(b.result(part, cs), rep.errors, std::uint64_t(req.optNumber("total").value_or(0)));
    b.setPrimary("rps");
    return b.finish();
}

} // namespace bs
