#pragma once

#include "capture.h"

#include <string>
#include <vector>

namespace bs {

// Derives every summary from the repetitions: median, min, max and n per
// metric, and the representative repetition (the one whose primary metric is
// the median; with an even count, the lower of the two middle runs), so that
// a row's metrics all come from one run. A figure measured once
// (Result::once) is summarized as itself with n = 1.
namespace Summarizer {

void summarize(Result &result, const std::string &primaryMetricId);
void summarize(Capture &capture);
// The metric that picks a result's representative repetition.
std::string representativeMetric(const Capture &capture, const Result &result);

double median(std::vector<double> values); // mean of the middle two for even n

} // namespace Summarizer

} // namespace bs
