#include "suiteidentity.h"

#include "slug.h"

#include "capturebuilder.h"
#include "sha256.h"

#include <algorithm>

namespace bs {

Suite SuiteIdentity::of(const std::string &tool, std::vector<std::string> measured)
{
    std::sort(measured.begin(), measured.end());
    measured.erase(std::unique(measured.begin(), measured.end()), measured.end());
    measured.erase(std::remove(measured.begin(), measured.end(), std::string()), measured.end());
    Suite s;
    s.id = Slug::id(tool);
    s.title = tool;
    if (measured.empty())
        return s;
    s.id += "--" + Slug::id(measured.front());
    if (measured.size() == 1 && measured.front() == tool)
        return s; // one participant named after the tool: "Benchmark.js", not "Benchmark.js: Benchmark.js"
    s.title += ": " + measured.front();
    const std::size_t more = measured.size() - 1;
    if (more == 0)
        return s;
    std::string all;
    for (const std::string &name : measured)
        all += name + '\n';
    s.id += "-and-" + std::to_string(more) + "-more-" + Sha256::hex(all).substr(0, 8);
    if (more <= 2)
        for (std::size_t i = 1; i < measured.size(); ++i)
            s.title += (i + 1 == measured.size() ? " and " : ", ") + measured[i];
    else
        s.title += " and " + std::to_string(more) + " more";
    return s;
}

} // namespace bs
