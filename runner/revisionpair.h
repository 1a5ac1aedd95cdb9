#pragma once

#include "capture.h"
#include "suitespec.h"

#include <string>
#include <vector>

namespace bs {

// Two revisions measured in one run: their participants run side by side
// as "id@before", "id@after" (so ABBA turns alternate the revisions of each
// participant), and the capture is split into one per revision.
class RevisionPair {
public:
    // Both revisions' participants, interleaved, ids suffixed with "@name".
    static std::vector<ParticipantSpec> interleave(const SuiteSpec &suite);
    // "out.json.gz" -> "out.before.json.gz"
    static std::string outPath(const std::string &out, const std::string &name);
    // Revision `r`'s capture, with the run order and its pair in provenance.
    static Capture split(const Capture &both, const SuiteSpec &suite, std::size_t r, const std::string &out);

private:
    static bool take(std::string &id, const std::string &suffix);
    static std::string order(const SuiteSpec &suite);
};

} // namespace bs
