#include "oharun.h"

#include "capturebuilder.h"
#include "failureshare.h"

namespace bs {

namespace {

const char *const kParticipant = "oha";
const char *const kCase = "run";
const char *const kDeadline = "aborted due to deadline";

} // namespace

Repetition &OhaRun::begin(CaptureBuilder &b)
{
    b.capture().provenance.conditions.mode = "saturation";
    b.caveat("latency is not coordinated-omission corrected unless oha ran with --latency-correction, "
             "which its output does not record");
    return b.addRepetition(b.participant(kParticipant), b.caseId(kCase));
}

void OhaRun::percentile(CaptureBuilder &b, Repetition &rep, const std::string &prefix, const std::string &label,
                        double p, const std::string &printed, double seconds)
{
    const std::string id = CaptureBuilder::percentileId(prefix, p);
    if (prefix != "latency")
        b.defineMetric(id, "p" + printed + " " + label, "s", Direction::LowerIsBetter);
    b.set(rep, id, seconds);
}

void OhaRun::finish(CaptureBuilder &b, Repetition &rep, const OhaFigures &f)
{
    b.set(rep, "rps", f.rps);
    b.set(rep, "latency_mean", f.average);
    b.set(rep, "latency_min", f.fastest);
    b.set(rep, "latency_max", f.slowest);
    b.set(rep, "success_rate", f.successRate);
    b.set(rep, "transfer_rate", f.sizePerSec);
    b.set(rep, "bytes", f.totalData);
    b.capture().provenance.conditions.durationSeconds = f.total;

    std::uint64_t responses = 0;
    for (const auto &[code, n] : f.statuses) {
        responses += n;
        if (!code.empty() && code[0] >= '4')
            rep.errors["status " + code] += n;
    }
    for (const auto &[what, n] : f.errors)
        rep.errors[what] += n;
    if (responses > 0)
        b.set(rep, "requests", double(responses));
    if (rep.errors.count(kDeadline))
        b.caveat("\"aborted due to deadline\" counts requests still in flight when the -z duration ended; "
                 "it is usually not a real failure");
    if (!rep.errors.empty())
        b.caveat("oha's requestsPerSec counts every finished request, errors included");

    const std::string part = b.participant(kParticipant), cs = b.caseId(kCase);
    std::map<std::string, std::uint64_t> failures = rep.errors;
    failures.erase(kDeadline);
    FailureShare::applyToRequests(b.result(part, cs), failures, responses);
    if (f.noneSucceeded) {
        Result &r = b.result(part, cs);
        r.status = ResultStatus::Error;
        r.reason = "no request succeeded (oha wrote null for the success rate and every latency statistic)";
    }
    b.setPrimary("rps");
}

} // namespace bs
