#include "capturename.h"

namespace bs {

namespace {

// "2026-12-05T11:02:07Z" → "2026-12-05 11:02:07"; other text as it is.
std::string fullTime(const std::string &when)
{
    if (when.size() >= 19 && when[10] == 'T')
        return when.substr(0, 10) + " " + when.substr(11, 8);
    return when;
}

std::string capturedPart(const Capture &c)
{
    return c.capturedAt.empty() ? std::string() : "captured " + fullTime(c.capturedAt);
}

// The load generator (or runner) and its version: "wrk 4.2.0".
std::string enginePart(const Capture &c)
{
    std::string text;
    for (const ToolVersion &t : c.provenance.tools)
        if (t.role == "load-generator" || t.role == "runner")
            text += (text.empty() ? "" : ", ") + t.name + (t.version.empty() ? "" : " " + t.version);
    return text;
}

std::string machinePart(const Capture &c)
{
    const Machine &m = c.provenance.machine;
    return !m.hostname.empty() ? "on " + m.hostname : !m.cpu.empty() ? "on " + m.cpu : std::string();
}

std::string filePart(const Capture &c)
{
    return CaptureName::fileName(c);
}

} // namespace

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

std::string CaptureName::shortTime(const std::string &when)
{
    if (when.size() > 16 && when[10] == 'T')
        return when.substr(0, 10) + " " + when.substr(11, 5);
    return when;
}

std::vector<std::string> CaptureName::apart(const std::vector<const Capture *> &captures, bool withDate)
{
    std::vector<std::string> names;
    for (const Capture *c : captures) {
        const std::string when = withDate ? shortTime(c->revision.date.empty() ? c->capturedAt : c->revision.date) : "";
        std::string name = c->revision.name().empty() && !when.empty() ? when : revision(*c);
        if (!when.empty() && name.find(when) == std::string::npos)
            name += " · " + when;
        names.push_back(std::move(name));
    }
    // Each part is added to every name of a set that reads alike, when it
    // tells some of them apart.
    for (std::string (*part)(const Capture &) : {capturedPart, enginePart, machinePart, filePart}) {
        std::vector<std::string> next = names;
        for (std::size_t i = 0; i < captures.size(); ++i) {
            const std::string mine = part(*captures[i]);
            bool differs = false;
            for (std::size_t j = 0; j < captures.size(); ++j)
                differs |= j != i && names[j] == names[i] && part(*captures[j]) != mine;
            if (differs && !mine.empty() && names[i].find(mine) == std::string::npos)
                next[i] += " · " + mine;
        }
        names = std::move(next);
    }
    return names;
}

} // namespace bs
