#include "progressreporter.h"

#include <cstdio>

namespace bs {

void ProgressReporter::report(const nlohmann::ordered_json &event, const std::string &humanLine) const
{
    if (m_quiet)
        return;
    const std::string line = event.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
    std::fwrite(line.data(), 1, line.size(), stdout);
    std::fflush(stdout);
    note(humanLine);
}

void ProgressReporter::note(const std::string &humanLine) const
{
    if (m_quiet || humanLine.empty())
        return;
    std::fprintf(stderr, "benchscope-run: %s\n", humanLine.c_str());
}

} // namespace bs
