#include "ohaimporter.h"

#include "capturebuilder.h"
#include "failureshare.h"
#include "jsonaccess.h"

#include <cstdlib>

namespace bs {

using J = JsonAccess;

bool OhaImporter::detect(const ImportInput &in) const
{
    if (!in.json || !in.json->is_object())
        return false;
    const auto *summary = J::optMember(*in.json, "summary");
    return summary && summary->is_object() && summary->contains("requestsPerSec")
        && (in.json->contains("latencyPercentiles") || in.json->contains("responseTimeHistogram"));
}

namespace {

// {"p10": s, ..., "p99.99": s}, values may be null.
void percentiles(CaptureBuilder &b, Repetition &rep, const nlohmann::json &obj, const std::string &path,
                 const std::string &prefix, const std::string &labelPrefix)
{
    J::object(obj, path);
    for (const auto &[key, v] : obj.items()) {
        const std::string kp = path + "." + key;
        char *end = nullptr;
        const double p = key.size() > 1 && key[0] == 'p' ? std::strtod(key.c_str() + 1, &end) : -1;
        if (p < 0 || p > 100 || !end || *end)
            throw ImportFailure{kp, "expected a percentile key like \"p99.9\""};
        if (v.is_null())
            continue;
        const std::string id = CaptureBuilder::percentileId(prefix, p);
        if (prefix != "latency")
            b.defineMetric(id, "p" + key.substr(1) + " " + labelPrefix, "s", Direction::LowerIsBetter);
        b.set(rep, id, J::number(v, kp));
    }
}

} // namespace

Capture OhaImporter::import(const ImportInput &in) const
{
    const auto &root = *in.json;
    CaptureBuilder b(in, "oha", "load-generator");
    b.capture().provenance.conditions.mode = "saturation";
    const bool newer = J::optMember(J::object(J::member(root, "rps", in.jsonPath), in.at(".rps")), "min")
        || root.contains("firstByteHistogram");
    b.caveat(std::string("oha JSON does not record the oha version, URL or command line; the layout is the ")
             + (newer ? "newer one (rps.min present)" : "older one (no rps.min)"));
    b.caveat("latency is not coordinated-omission corrected unless oha ran with --latency-correction, "
             "which the JSON does not record");

    const std::string part = b.participant("oha");
    const std::string cs = b.caseId("run");
    Repetition &rep = b.addRepetition(part, cs);

    const std::string sp = in.at(".summary");
    const auto &summary = J::object(J::member(root, "summary", in.jsonPath), sp);
    b.set(rep, "rps", J::numberAt(summary, "requestsPerSec", sp));
    b.set(rep, "latency_mean", J::optNumber(summary, "average", sp));
    b.set(rep, "latency_min", J::optNumber(summary, "fastest", sp));
    b.set(rep, "latency_max", J::optNumber(summary, "slowest", sp));
    b.set(rep, "success_rate", J::optNumber(summary, "successRate", sp));
    b.set(rep, "transfer_rate", J::optNumber(summary, "sizePerSec", sp));
    b.set(rep, "bytes", J::optNumber(summary, "totalData", sp));
    b.capture().provenance.conditions.durationSeconds = J::numberAt(summary, "total", sp);

    if (const auto *lp = J::optMember(root, "latencyPercentiles"))
        percentiles(b, rep, *lp, in.at(".latencyPercentiles"), "latency", "latency");
    if (const auto *fb = J::optMember(root, "firstBytePercentiles"))
        percentiles(b, rep, *fb, in.at(".firstBytePercentiles"), "first_byte", "time to first byte");
    // --stats-success-breakdown: printer.rs writes "latencyPercentiles…", schema.json "latencyPercentile…".
    for (const char *key : {"latencyPercentilesSuccessful", "latencyPercentileSuccessful"})
        if (const auto *v = J::optMember(root, key))
            percentiles(b, rep, *v, in.at(std::string(".") + key), "success_latency", "latency (2xx)");
    for (const char *key : {"latencyPercentilesNotSuccessful", "latencyPercentileNotSuccessful"})
        if (const auto *v = J::optMember(root, key))
            percentiles(b, rep, *v, in.at(std::string(".") + key), "failure_latency", "latency (4xx/5xx)");

    std::uint64_t responses = 0;
    if (const auto *codes = J::optMember(root, "statusCodeDistribution")) {
        for (const auto &[code, n] : J::object(*codes, in.at(".statusCodeDistribution")).items()) {
            const double count = J::number(n, in.at(".statusCodeDistribution." + code));
            responses += std::uint64_t(count);
            if (!code.empty() && code[0] >= '4')
                rep.errors["status " + code] += std::uint64_t(count);
        }
    }
    if (const auto *errs = J::optMember(root, "errorDistribution"))
        for (const auto &[what, n] : J::object(*errs, in.at(".errorDistribution")).items())
            rep.errors[what] += std::uint64_t(J::number(n, in.at(".errorDistribution." + what)));
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

    if (!J::optNumber(summary, "successRate", sp)) {
        Result &r = b.result(part, cs);
        r.status = ResultStatus::Error;
        r.reason = "no request succeeded (oha wrote null for the success rate and every latency statistic)";
    }
    b.setPrimary("rps");
    return b.finish();
}

} // namespace bs
