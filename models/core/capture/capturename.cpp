#include "capturename.h"

namespace bs {

std::string CaptureName::fileName(const Capture &capture)
{
    const std::string &path = capture.sourcePath;
    const auto slash = path.find_last_of("/\\");
    return slash == std::string::npos ? path : path.substr(slash + 1);
}

std::string CaptureName::title(const Capture &capture)
{
    std::string text = capture.suite.name();
    const std::string &revision = capture.revision.name();
    if (!revision.empty())
        text += (text.empty() ? "" : " · ") + revision;
    return text.empty() ? fileName(capture) : text;
}

std::string CaptureName::revision(const Capture &capture)
{
    const std::string &revision = capture.revision.name();
    return revision.empty() ? fileName(capture) : revision;
}

} // namespace bs
