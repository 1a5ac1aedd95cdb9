#include "metric.h"

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

} // namespace bs
