#include "textline.h"

#include "inputfailure.h"

#include <cmath>
#include <cstdlib>
#include <sstream>

namespace bs {

double TextLine::toNumber(const std::string &field) const
{
    char *end = nullptr;
    const double v = std::strtod(field.c_str(), &end);
    if (field.empty() || *end || !std::isfinite(v))
        throw InputFailure{place(), "expected a number, found \"" + field + "\""};
    return v;
}

std::vector<TextLine> TextLine::split(const std::string &text)
{
    std::vector<TextLine> lines;
    std::istringstream s(text);
    std::string t;
    for (int n = 1; std::getline(s, t); ++n) {
        if (!t.empty() && t.back() == '\r')
            t.pop_back();
        lines.push_back({t, n});
    }
    return lines;
}

} // namespace bs
