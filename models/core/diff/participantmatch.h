#pragma once

#include "capture.h"

#include <string>

namespace bs {

// `diff --match name`: two builds of one benchmark program (compare.py's
// "benchmarks" mode, baseline against contender binary) are one participant
// each, named after the executable, so by id nothing would pair and every
// cell would show as removed and added. Matching by name gives each
// capture's one participant the same id, so cells pair by case and metric
// alone; the labels stay as the files name them.
class ParticipantMatch {
public:
    static constexpr const char *kMatchedId = "matched-by-name";

    // Gives the capture's one participant kMatchedId, in its results and
    // contract checks too. False, with `problem` naming them, when the
    // capture has several participants (which would then be pooled).
    static bool byName(Capture &c, std::string &problem);
};

} // namespace bs
