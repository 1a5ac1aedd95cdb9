#pragma once

#include <nlohmann/json.hpp>

#include <string>

namespace bs {

// Progress for a program (one JSON object per line on stdout, schema in
// docs/runner.md) and for a person (a line on stderr). Quiet: neither.
class ProgressReporter {
public:
    explicit ProgressReporter(bool quiet = false) : m_quiet(quiet) { }

    void report(const nlohmann::ordered_json &event, const std::string &humanLine) const;
    // A human line only (warnings, hints).
    void note(const std::string &humanLine) const;

private:
    bool m_quiet;
};

} // namespace bs
