#include "metric.h"

#include <cctype>
#include <string>

namespace bs {

const char *scopeName(MetricScope s)
{
    switch (s) {
    case MetricScope::Repetition: return "repetition";
    case MetricScope::Result: return "result";
    case MetricScope::Participant: return "participant";
    }
    return "repetition";
}

bool isStatistic(const std::string &name)
{
    for (const char *s : {"mean", "median", "min", "max", "sum", "stddev", "error", "percentile"})
        if (name == s)
            return true;
    return false;
}

std::string labelWithStatistic(const Metric &m)
{
    std::string lower = m.label;
    for (char &c : lower)
        c = char(std::tolower(static_cast<unsigned char>(c)));
    const std::string what = m.statistic == "stddev" ? "std. dev." : m.statistic == "error" ? "error margin" : m.statistic;
    if (m.statistic.empty() || m.statistic == "percentile" || lower.find(m.statistic) != std::string::npos
        || lower.find(what) != std::string::npos)
        return m.label;
    return m.label + " (" + what + ", as the tool gives it)";
}

bool statisticsDiffer(const Metric &a, const Metric &b)
{
    return !a.statistic.empty() && !b.statistic.empty() && a.statistic != b.statistic;
}

} // namespace bs
