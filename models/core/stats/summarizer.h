#pragma once

#include "capture.h"

#include <string>
#include <vector>

namespace bs {

// Derives every summary from the repetitions: median, min, max and n per
// metric, and the representative repetition (the one whose primary metric is
// the median, see PrimaryMetric; with an even count, the lower of the two middle runs), so that
// a row's metrics all come from one run. A figure measured once
// (Result::once) is summarized as itself with n = 1.
namespace Summarizer {

void summarize(Result &result, const std::string &primaryMetricId);
// Marks the primary metric by what the capture measured (PrimaryMetric),
// then summarizes each result by the metric that rule gives it.
void summarize(Capture &capture);

double median(std::vector<double> values); // mean of the middle two for even n
double medianOfSorted(const std::vector<double> &values); // median() of values sorted ascending

} // namespace Summarizer

} // namespace bs
