#include "loadtext.h"

#include "inputfailure.h"

#include <cmath>
#include <cstdlib>
#include <sstream>

namespace bs {

std::vector<TextLine> LoadText::lines(const std::string &text)
{
    std::vector<TextLine> lines;
    eachLine(text, [&](TextLine &line) { lines.push_back(std::move(line)); });
    return lines;
}

std::vector<std::string> LoadText::fields(const std::string &text, char separator)
{
    std::vector<std::string> out;
    std::size_t start = 0;
    for (;;) {
        const auto at = text.find(separator, start);
        out.push_back(text.substr(start, at == std::string::npos ? std::string::npos : at - start));
        if (at == std::string::npos)
            return out;
        start = at + 1;
    }
}

double LoadText::number(const std::string &text, const TextLine &line)
{
    char *end = nullptr;
    const double v = std::strtod(text.c_str(), &end);
    if (text.empty() || *end || !std::isfinite(v))
        throw InputFailure{line.place(), "expected a number, found \"" + text + "\""};
    return v;
}

std::uint64_t LoadText::count(const std::string &text, const TextLine &line)
{
    const double v = number(text, line);
    if (v < 0 || v != std::floor(v) || v > 9e15)
        throw InputFailure{line.place(), "expected a count, found \"" + text + "\""};
    return std::uint64_t(v);
}

std::pair<std::string, std::string> LoadText::hostAndPath(const std::string &url, const std::string &tool)
{
    const auto scheme = url.find("://");
    if (scheme == std::string::npos)
        return {tool, "run"};
    const auto slash = url.find('/', scheme + 3);
    return {url.substr(scheme + 3, slash == std::string::npos ? std::string::npos : slash - scheme - 3),
            slash == std::string::npos ? "/" : url.substr(slash)};
}

void LoadText::setBodyBytes(CaptureBuilder &b, Repetition &rep, double bytes)
{
    b.defineMetric("body_bytes", "Body bytes read", "B", Direction::HigherIsBetter,
                   "response bodies only, without headers");
    b.set(rep, "body_bytes", bytes);
}

void LoadText::statusErrors(Repetition &rep, const std::map<int, std::uint64_t> &statuses)
{
    for (const auto &[status, n] : statuses)
        if (status >= 400 && n > 0)
            rep.errors["status " + std::to_string(status)] += n;
}

} // namespace bs
