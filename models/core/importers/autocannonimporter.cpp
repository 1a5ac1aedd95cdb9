#include "autocannonimporter.h"

#include "capturebuilder.h"
#include "failureshare.h"
#include "jsonnode.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <regex>

namespace bs {


namespace {

// `{ title: …, url: 'http://…', … latency: { average: 271.52, …` — keys unquoted.
bool looksLikeInspectOutput(const std::string &text)
{
    static const std::regex latency(R"((^|[\s{,])latency:\s*\{)");
    static const std::regex requests(R"((^|[\s{,])requests:\s*\{)");
    const std::string head = text.substr(0, 64 * 1024);
    return std::regex_search(head, latency) && std::regex_search(head, requests);
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
std::optional<double> meanOf(const nlohmann::json &stats, const std::string &path)
{
    auto v = JsonNode(stats, path).optNumber("mean");
    return v ? v : JsonNode(stats, path).optNumber("average");
}

// Each failure once: autocannon's `errors` includes its `timeouts`, and
// `non2xx` is the sum of the non-2xx codes in `statusCodeStats`.
void storeErrors(CaptureBuilder &b, const ImportInput &in, Repetition &rep)
{
    const auto &root = *in.json;
    auto count = [&](const char *key) { return std::uint64_t(JsonNode(root, in.jsonPath).optNumber(key).value_or(0)); };
    const std::uint64_t timeouts = count("timeouts"), errors = count("errors");
    rep.errors["timeouts"] = timeouts;
    rep.errors["errors"] = errors - std::min(errors, timeouts);
    rep.errors["mismatches"] = count("mismatches");
    rep.errors["resets"] = count("resets");
    std::uint64_t byStatus = 0;
    if (const auto codes = JsonNode(root, in.jsonPath).optMember("statusCodeStats"))
        for (const auto &[code, v] : (*codes).object().value().items())
            if (code.empty() || code[0] != '2') {
                const auto n = std::uint64_t(JsonNode(v, in.at(".statusCodeStats." + code)).number("count"));
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
    const auto &root = *in.json;
    CaptureBuilder b(in, "autocannon", "load-generator");
    Conditions &k = b.provenance().conditions;
    k.mode = "saturation";
    k.latencyCorrected = false;
    b.caveat("latency is not coordinated-omission corrected (autocannon runs a closed loop)");
    b.caveat("latency is recorded in whole milliseconds by autocannon");
    b.caveat("Requests/s is autocannon's mean of per-interval samples (requests.average)");
    if (auto c = JsonNode(root, in.jsonPath).optNumber("connections"))
        k.connections = int(*c);
    k.durationSeconds = JsonNode(root, in.jsonPath).optNumber("duration");
    for (const char *key : {"pipelining", "workers", "sampleInt"})
        if (auto v = JsonNode(root, in.jsonPath).optNumber(key))
            k.extra[key] = std::to_string(std::llround(*v)) + (std::string(key) == "sampleInt" ? " ms" : "");

    const std::string url = JsonNode(root, in.jsonPath).optString("url");
    std::string path = "run";
    if (const auto scheme = url.find("://"); scheme != std::string::npos) {
        const auto slash = url.find('/', scheme + 3);
        path = slash == std::string::npos ? "/" : url.substr(slash);
    }
    const std::string title = JsonNode(root, in.jsonPath).optString("title");
    const std::string part = b.participant(title.empty() ? "autocannon" : title);
    const std::string cs = b.caseId(path);
    if (!url.empty())
        b.capture().cases.back().description = url;
    Repetition &rep = b.addRepetition(part, cs);
    rep.startedAt = JsonNode(root, in.jsonPath).optString("start");

    const std::string lp = in.at(".latency");
    const auto &lat = JsonNode(JsonNode(root, in.jsonPath).member("latency").value(), lp).object().value();
    const double ms = 1e-3;
    // With no samples autocannon writes 0 for every statistic: no data, not 0 ms.
    const bool noSamples = JsonNode(lat, lp).optNumber("totalCount") == std::optional<double>(0);
    auto msToS = [&](const char *key) -> std::optional<double> {
        auto v = JsonNode(lat, lp).optNumber(key);
        return v ? std::optional<double>(*v * ms) : std::nullopt;
    };
    if (noSamples) {
        Result &r = b.result(part, cs);
        r.status = ResultStatus::Error;
        r.reason = "autocannon recorded no latency samples (latency.totalCount is 0); its zero statistics mean no data";
    } else {
        b.set(rep, "latency_mean", meanOf(lat, lp).value_or(NAN) * ms);
        b.set(rep, "latency_stdev", msToS("stddev"));
        b.set(rep, "latency_min", msToS("min"));
        b.set(rep, "latency_max", msToS("max"));
        for (const auto &[key, v] : lat.items())
            if (const double p = percentileOfKey(key); p >= 0)
                b.set(rep, CaptureBuilder::percentileId("latency", p), JsonNode(v, lp + "." + key).number() * ms);
    }

    const std::string rp = in.at(".requests");
    const auto &req = JsonNode(JsonNode(root, in.jsonPath).member("requests").value(), rp).object().value();
    b.set(rep, "rps", meanOf(req, rp));
    b.set(rep, "requests", JsonNode(req, rp).optNumber("total"));

    const std::string tp = in.at(".throughput");
    const auto &thr = JsonNode(JsonNode(root, in.jsonPath).member("throughput").value(), tp).object().value();
    b.set(rep, "transfer_rate", meanOf(thr, tp));
    b.set(rep, "bytes", JsonNode(thr, tp).optNumber("total"));

    storeErrors(b, in, rep);
    FailureShare::applyToRequests(b.result(part, cs), rep.errors,
                                  std::uint64_t(JsonNode(req, rp).optNumber("total").value_or(0)));
    b.setPrimary("rps");
    return b.finish();
}

} // namespace bs
