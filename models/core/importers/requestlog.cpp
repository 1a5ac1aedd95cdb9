#include "requestlog.h"

#include "failureshare.h"
#include "loadtext.h"

namespace bs {

Repetition &RequestLog::addTo(CaptureBuilder &b, Result &r) const
{
    Repetition rep;
    if (!latency.isEmpty()) {
        const Histogram &h = rep.histograms["latency"] = latency.toHistogram("ns");
        b.set(rep, "latency_min", double(h.minValue()) * 1e-9);
        b.set(rep, "latency_mean", h.mean() * 1e-9);
        b.set(rep, "latency_max", double(h.maxValue()) * 1e-9);
        for (double p : {50.0, 75.0, 90.0, 95.0, 99.0, 99.9})
            b.set(rep, CaptureBuilder::percentileId("latency", p), double(h.valueAtPercentile(p)) * 1e-9);
    }
    b.set(rep, "requests", double(latency.totalCount()));
    LoadText::statusErrors(rep, statuses);
    rep.errors.insert(unanswered.begin(), unanswered.end());
    std::uint64_t answered = 0;
    for (const auto &[status, n] : statuses)
        answered += n;
    r.repetitions.push_back(rep);
    FailureShare::applyToRequests(r, rep.errors, answered);
    return r.repetitions.back();
}

} // namespace bs
