#include "ohaimporter.h"

#include "capturebuilder.h"
#include "failureshare.h"
#include "jsonnode.h"

#include <cstdlib>

namespace bs {


bool OhaImporter::detect(const ImportInput &in) const
{
    if (!in.json || !in.json->is_object())
        return false;
    const JsonNode root(*in.json);
    return root.has("summary") && JsonNode((*in.json)["summary"]).has("requestsPerSec")
        && (root.has("latencyPercentiles") || root.has("responseTimeHistogram"));
}

namespace {

// {"p10": s, ..., "p99.99": s}, values may be null.
void percentiles(CaptureBuilder &b, Repetition &rep, const JsonNode &obj, const std::string &prefix,
                 const std::string &labelPrefix)
{
    for (const auto &[key, v] : obj.members()) {
        char *end = nullptr;
        const double p = key.size() > 1 && key[0] == 'p' ? std::strtod(key.c_str() + 1, &end) : -1;
        if (p < 0 || p > 100 || !end || *end)
            v.fail("expected a percentile key like \"p99.9\"");
        if (v.value().is_null())
            continue;
        const std::string id = CaptureBuilder::percentileId(prefix, p);
        if (prefix != "latency")
            b.defineMetric(id, "p" + key.substr(1) + " " + labelPrefix, "s", Direction::LowerIsBetter);
        b.set(rep, id, v.number());
    }
}

void summary(CaptureBuilder &b, Repetition &rep, const JsonNode &summary)
{
    b.set(rep, "rps", summary.number("requestsPerSec"));
    b.set(rep, "latency_mean", summary.optNumber("average"));
    b.set(rep, "latency_min", summary.optNumber("fastest"));
    b.set(rep, "latency_max", summary.optNumber("slowest"));
    b.set(rep, "success_rate", summary.optNumber("successRate"));
    b.set(rep, "transfer_rate", summary.optNumber("sizePerSec"));
    b.set(rep, "bytes", summary.optNumber("totalData"));
    b.capture().provenance.conditions.durationSeconds = summary.number("total");
}

void allPercentiles(CaptureBuilder &b, Repetition &rep, const JsonNode &root)
{
    if (const auto lp = root.optMember("latencyPercentiles"))
        percentiles(b, rep, *lp, "latency", "latency");
    if (const auto fb = root.optMember("firstBytePercentiles"))
        percentiles(b, rep, *fb, "first_byte", "time to first byte");
    // --stats-success-breakdown: printer.rs writes "latencyPercentiles…", schema.json "latencyPercentile…".
    for (const char *key : {"latencyPercentilesSuccessful", "latencyPercentileSuccessful"})
        if (const auto v = root.optMember(key))
            percentiles(b, rep, *v, "success_latency", "latency (2xx)");
    for (const char *key : {"latencyPercentilesNotSuccessful", "latencyPercentileNotSuccessful"})
        if (const auto v = root.optMember(key))
            percentiles(b, rep, *v, "failure_latency", "latency (4xx/5xx)");
}

// Responses by status and errors by kind; returns the number of responses.
std::uint64_t errors(Repetition &rep, const JsonNode &root)
{
    std::uint64_t responses = 0;
    if (const auto codes = root.optMember("statusCodeDistribution"))
        for (const auto &[code, n] : codes->members()) {
            const double count = n.number();
            responses += std::uint64_t(count);
            if (!code.empty() && code[0] >= '4')
                rep.errors["status " + code] += std::uint64_t(count);
        }
    if (const auto errs = root.optMember("errorDistribution"))
        for (const auto &[what, n] : errs->members())
            rep.errors[what] += std::uint64_t(n.number());
    return responses;
}

} // namespace

Capture OhaImporter::import(const ImportInput &in) const
{
    const JsonNode root(*in.json, in.jsonPath);
    CaptureBuilder b(in, "oha", "load-generator");
    b.capture().provenance.conditions.mode = "saturation";
    const bool newer = root.member("rps").object().has("min") || root.has("firstByteHistogram");
    b.caveat(std::string("oha JSON does not record the oha version, URL or command line; the layout is the ")
             + (newer ? "newer one (rps.min present)" : "older one (no rps.min)"));
    b.caveat("latency is not coordinated-omission corrected unless oha ran with --latency-correction, "
             "which the JSON does not record");

    const std::string part = b.participant("oha");
    const std::string cs = b.caseId("run");
    Repetition &rep = b.addRepetition(part, cs);
    const JsonNode sum = root.member("summary").object();
    summary(b, rep, sum);
    allPercentiles(b, rep, root);
    const std::uint64_t responses = errors(rep, root);
    if (responses > 0)
        b.set(rep, "requests", double(responses));
    if (rep.errors.count("aborted due to deadline"))
        b.caveat("\"aborted due to deadline\" counts requests still in flight when the -z duration ended; "
                 "it is usually not a real failure");
    if (!rep.errors.empty())
        b.caveat("oha's requestsPerSec counts every finished request, errors included");

    std::map<std::string, std::uint64_t> failures = rep.errors;
    failures.erase("aborted due to deadline");
    FailureShare::applyToRequests(b.result(part, cs), failures, responses);

    if (!sum.optNumber("successRate")) {
        Result &r = b.result(part, cs);
        r.status = ResultStatus::Error;
        r.reason = "no request succeeded (oha wrote null for the success rate and every latency statistic)";
    }
    b.setPrimary("rps");
    return b.finish();
}

} // namespace bs
