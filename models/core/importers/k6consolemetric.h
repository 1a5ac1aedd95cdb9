#pragma once

#include "k6run.h"
#include "textline.h"

#include <optional>
#include <string>

namespace bs {

// One metric line of k6's console summary, as k6's summary.js prints it
// ("http_req_duration..............: avg=1.17ms min=264.58µs med=798.87µs
// max=48.17ms p(90)=2.08ms p(95)=3.06ms"), read back into a K6Metric: the
// name (a "{ tag:value }" submetric line under its parent), the type told by
// the values' shape (trend: stat=value pairs; counter: value and rate/s;
// rate: a percentage and "P out of N" or "✓ P ✗ F"; gauge: value, min=,
// max=), times (ns, µs, ms, s, 1m30s, 1h2m3s) to ms and sizes (B, kB, MB …,
// 1000-based) to bytes as k6 humanizes them.
namespace K6ConsoleMetric {

// The marks k6 prints for a threshold or check that passed and one that failed.
inline const std::string kPass = "✓";
inline const std::string kFail = "✗";

// The name part of a metric line ("  { expected_response:true }...: …" →
// "{ expected_response:true }"), its threshold mark (legacy layout: "✓ " or
// "✗ " before the name) and the values after the colon; nothing when the
// line is not one.
struct Line {
    std::string mark; // "✓", "✗" or empty
    std::string name;
    std::string values;
};
std::optional<Line> split(const std::string &text);

// The metric of `line` (named `name`, the parent's name joined to a
// submetric's tags); InputFailure naming the line when a value does not parse.
K6Metric read(const std::string &name, const std::string &values, const TextLine &line);

// A value as k6 humanizes it ("1.17ms", "6.7 MB", "24.55"): ms, bytes or the number.
double figure(const std::string &text, const TextLine &line);

// "1m30s" → 90000 (ms); "1.17ms" → 1.17; nothing when the text is not a k6 duration.
std::optional<double> duration(const std::string &text);

} // namespace K6ConsoleMetric

} // namespace bs
