#pragma once

#include <string>

namespace bs {

// The words a person reads for a condition's key (Conditions::extra, as the
// runner and the importers write them: "suite_file", "threads",
// "paired_with", JMH's "warmupIterations", ...), wherever provenance is
// shown. Known keys come from one table; any other key is humanised
// ("keep_alive_requests" → "Keep alive requests", "timeout_s" → "Timeout
// (s)") with control characters escaped.
class ConditionLabels {
public:
    static std::string label(const std::string &key);
    // Only the humanising, for a key the table does not know.
    static std::string humanised(const std::string &key);
};

} // namespace bs
