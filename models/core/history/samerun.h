#pragma once

#include "capture.h"

#include <cstddef>
#include <string>
#include <vector>

namespace bs {

// Captures of a history that are one run given more than once: the same
// file named twice, or copies of it (in a folder, under another name). Two
// captures are the same run when their content is: the hashes of the files
// they were read from (Provenance::sourceHashes, as a set, names aside),
// revision, capture time, metrics and results. Such a run is one revision,
// never two (two copies would double its samples and make any change look
// surer than it is).
struct SameRun {
    std::vector<std::size_t> kept; // the first of each run, in the order given
    std::vector<std::string> notes; // "b.txt is the same run as a.txt (...): counted once"

    static SameRun find(const std::vector<const Capture *> &captures);
};

} // namespace bs
