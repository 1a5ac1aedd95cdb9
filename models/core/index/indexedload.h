#pragma once

#include "capture.h"
#include "loaderror.h"

#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace bs {

// Loads what a history reads of each of a list of files through the
// summary index (SummaryIndex; every file itself without one), the one
// loop the CLI's `history` and the GUI's folder history share. All or
// none: the first file that fails to load ends it with that file's error
// (docs/history.md). The files are the list given, the raw-repetitions
// files that join a summary left out (CaptureLoader::withoutJoinedRawFiles).
// The files are loaded on every core, begun in order; the calling thread
// reports progress as they are done.
class IndexedLoad {
public:
    struct Progress {
        std::size_t done = 0;      // files handled so far
        std::size_t total = 0;     // files in all
        std::size_t fromFiles = 0; // of `done`, read from their files (not the index)
        double seconds = 0;        // since the load began
        bool lastFromFile = false; // whether a file done since the last report was read from its file
        // The seconds still needed at this pace, once something was read.
        double secondsLeft() const { return done ? seconds / double(done) * double(total - done) : 0; }
    };
    // Called on the calling thread as files are done (not always after each
    // one: several may be done between two calls, and the last call has
    // them all); returning false stops the load (cancelled).
    using OnProgress = std::function<bool(const Progress &)>;

    struct Outcome {
        std::vector<Capture> captures; // in the order of the files; empty on an error
        std::optional<LoadError> error;
        bool cancelled = false;
        Progress progress;       // as it ended
        std::string indexFile;   // the index used, "" when none
        std::string movedAside;  // an unsound index moved aside on opening ("" when not)
        std::string refused;     // why the file named as the index was refused, left as it is ("" when not)
    };

    // `indexFile`: SummaryIndex::defaultFile(), or "" to read every file.
    static Outcome run(const std::vector<std::string> &files, const std::string &indexFile, const OnProgress &onProgress);
};

} // namespace bs
