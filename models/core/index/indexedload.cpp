#include "indexedload.h"

#include "captureloader.h"
#include "summaryindex.h"

#include <chrono>

namespace bs {

IndexedLoad::Outcome IndexedLoad::run(const std::vector<std::string> &files, const std::string &indexFile,
                                      const OnProgress &onProgress)
{
    const auto start = std::chrono::steady_clock::now();
    SummaryIndex index(indexFile);
    Outcome out;
    out.indexFile = index.isOpen() ? index.file() : std::string();
    out.movedAside = index.movedAside();
    const std::vector<std::string> kept = CaptureLoader::withoutJoinedRawFiles(files);
    out.progress.total = kept.size();
    out.captures.reserve(kept.size());
    for (const std::string &f : kept) {
        LoadError error;
        bool fromIndex = false;
        std::optional<Capture> capture = index.load(f, error, &fromIndex);
        if (!capture) {
            out.error = std::move(error);
            out.captures.clear();
            return out;
        }
        out.captures.push_back(std::move(*capture));
        Progress &p = out.progress;
        ++p.done;
        p.fromFiles += fromIndex ? 0 : 1;
        p.lastFromFile = !fromIndex;
        p.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        if (onProgress && !onProgress(p)) {
            out.cancelled = true;
            out.captures.clear();
            return out;
        }
    }
    return out;
}

} // namespace bs
