#include "command.h"

#include "captureloader.h"
#include "textescape.h"

#include <ostream>

bool CommandContext::loadAll(const std::vector<std::string> &files, std::vector<bs::Capture> &captures)
{
    for (const std::string &f : bs::CaptureLoader::withoutJoinedRawFiles(files)) {
        bs::LoadError error;
        auto capture = bs::CaptureLoader::load(f, error);
        if (!capture) {
            err << "benchscope-cli: " << bs::TextEscape::terminal(error.toString()) << "\n";
            return false;
        }
        captures.push_back(std::move(*capture));
    }
    return true;
}

bool CommandContext::hasMetric(const bs::Capture &capture, const std::string &metricId)
{
    if (metricId.empty() || capture.metric(metricId))
        return true;
    err << "benchscope-cli: " << bs::TextEscape::terminal(capture.sourcePath) << ": no metric \""
        << bs::TextEscape::terminal(metricId) << "\"\n";
    return false;
}
