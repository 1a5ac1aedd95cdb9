#include "ohaimporter.h"

#include "capturebuilder.h"
#include "jsonnode.h"
#include "oharun.h"

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
        if (!v.value().is_null())
            OhaRun::percentile(b, rep, prefix, labelPrefix, p, key.substr(1), v.number());
    }
}

OhaFigures summary(const JsonNode &summary)
{
    OhaFigures f;
    f.rps = summary.number("requestsPerSec");
    f.average = summary.optNumber("average");
    f.fastest = summary.optNumber("fastest");
    f.slowest = summary.optNumber("slowest");
    f.successRate = summary.optNumber("successRate");
    f.noneSucceeded = !f.successRate;
    f.sizePerSec = summary.optNumber("sizePerSec");
    f.totalData = summary.optNumber("totalData");
    f.total = summary.number("total");
    return f;
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

// Responses by status and errors by kind.
void counts(OhaFigures &f, const JsonNode &root)
{
    if (const auto codes = root.optMember("statusCodeDistribution"))
        for (const auto &[code, n] : codes->members())
            f.statuses[code] += std::uint64_t(n.number());
    if (const auto errs = root.optMember("errorDistribution"))
        for (const auto &[what, n] : errs->members())
            f.errors[what] += std::uint64_t(n.number());
}

} // namespace

Capture OhaImporter::import(const ImportInput &in) const
{
    const JsonNode root(*in.json, in.jsonPath);
    CaptureBuilder b(in, "oha", "load-generator");
    const bool newer = root.member("rps").object().has("min") || root.has("firstByteHistogram");
    b.caveat(std::string("oha JSON does not record the oha version, URL or command line; the layout is the ")
             + (newer ? "newer one (rps.min present)" : "older one (no rps.min)"));
    Repetition &rep = OhaRun::begin(b);
    OhaFigures f = summary(root.member("summary").object());
    allPercentiles(b, rep, root);
    counts(f, root);
    OhaRun::finish(b, rep, f);
    return b.finish();
}

} // namespace bs
