#pragma once

#include <string>

namespace bs {

// Thrown inside a loader (capture reader, suite file, importer) on bad input
// and turned into a LoadError, which adds the file, at the loader's edge.
// `place` is a JSON path ("$.results[3].status") or a text position
// ("line 12"); empty when the message names its own place.
struct InputFailure {
    std::string place;
    std::string message;
};

} // namespace bs
