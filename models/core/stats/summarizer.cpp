#include "summarizer.h"

#include "primarymetric.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace bs {

double Summarizer::median(std::vector<double> values)
{
    std::sort(values.begin(), values.end());
    return medianOfSorted(values);
}

double Summarizer::medianOfSorted(const std::vector<double> &values)
{
    if (values.empty())
        return 0;
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
    PrimaryMetric::apply(capture);
    const PrimaryMetric rule(capture);
    for (Result &r : capture.results)
        summarize(r, rule.forResult(r));
}

} // namespace bs
