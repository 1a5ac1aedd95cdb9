#include "summarizer.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace bs {

double Summarizer::median(std::vector<double> values)
{
    if (values.empty())
        return 0;
    std::sort(values.begin(), values.end());
    const std::size_t n = values.size();
    if (n % 2)
        return values[n / 2];
    // Halved first when the sum would overflow (two values near DBL_MAX).
    const double a = values[n / 2 - 1], b = values[n / 2];
    const double sum = a + b;
    return std::isfinite(sum) ? sum / 2.0 : a / 2.0 + b / 2.0;
}

void Summarizer::summarize(Result &result, const std::string &primaryMetricId)
{
    result.summary.clear();
    result.representative = -1;
    for (const auto &[id, v] : result.once) {
        MetricSummary s;
        s.value = s.median = s.min = s.max = v;
        s.n = 1;
        s.once = true;
        result.summary[id] = s;
    }
    const auto &reps = result.repetitions;
    if (reps.empty())
        return;

    // Representative: sort the repetitions that have the primary metric by
    // it and take the middle one (lower middle for even n).
    std::vector<std::size_t> withPrimary;
    for (std::size_t i = 0; i < reps.size(); ++i)
        if (reps[i].metrics.count(primaryMetricId))
            withPrimary.push_back(i);
    if (withPrimary.empty()) {
        result.representative = 0;
    } else {
        std::stable_sort(withPrimary.begin(), withPrimary.end(), [&](std::size_t a, std::size_t b) {
            return reps[a].metrics.at(primaryMetricId) < reps[b].metrics.at(primaryMetricId);
        });
        result.representative = int(withPrimary[(withPrimary.size() - 1) / 2]);
    }

    std::map<std::string, std::vector<double>> values;
    for (const Repetition &r : reps)
        for (const auto &[id, v] : r.metrics)
            values[id].push_back(v);
    const Repetition &rep = reps[std::size_t(result.representative)];
    for (auto &[id, vs] : values) {
        MetricSummary s;
        s.n = vs.size();
        s.min = *std::min_element(vs.begin(), vs.end());
        s.max = *std::max_element(vs.begin(), vs.end());
        s.median = median(vs);
        auto it = rep.metrics.find(id);
        s.value = it != rep.metrics.end() ? it->second : s.median;
        result.summary[id] = s;
    }
}

void Summarizer::summarize(Capture &capture)
{
    for (Result &r : capture.results)
        summarize(r, representativeMetric(capture, r));
}

std::string Summarizer::representativeMetric(const Capture &capture, const Result &result)
{
    // The primary metric, or, for a result that does not measure it (a
    // timed command in a suite of HTTP cases), the metric it has that the
    // capture defines first: a walk of the result's own values, whatever
    // the number of metrics.
    const Metric *primary = capture.primaryMetric();
    const Metric *first = nullptr;
    for (const Repetition &rep : result.repetitions)
        for (const auto &value : rep.metrics) {
            if (primary && value.first == primary->id)
                return primary->id;
            const Metric *m = capture.metric(value.first);
            if (m && (!first || m < first))
                first = m;
        }
    if (first)
        return first->id;
    return primary ? primary->id : std::string();
}

} // namespace bs
