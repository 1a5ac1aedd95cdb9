#include "tablebaseline.h"

#include <algorithm>

namespace bs {

TableBaseline TableBaseline::defaultFor(const Capture &capture)
{
    const bool marked = std::any_of(capture.participants.begin(), capture.participants.end(),
                                    [](const Participant &p) { return p.baseline; });
    return {marked ? Mode::MarkedSameRuntime : Mode::None, {}};
}

} // namespace bs
