#include "rubybenchmarkrow.h"

#include "inputfailure.h"
#include "loadtext.h"

#include <algorithm>
#include <cmath>
#include <optional>

namespace bs {

namespace {

bool isDigit(char c) { return c >= '0' && c <= '9'; }

bool isSpace(char c) { return c == ' ' || c == '\t'; }

bool hasDigit(const std::string &s) { return std::any_of(s.begin(), s.end(), isDigit); }

bool allDigits(const std::string &s) { return !s.empty() && std::all_of(s.begin(), s.end(), isDigit); }

// A row cut into its label and its four figures' texts (user, system,
// total, real), scanning from the right (the label may hold anything).
struct RowParts {
    std::string label;
    std::array<std::string, 4> figures;
    std::size_t userAt = 0; // where the user figure starts in the text
};

std::optional<RowParts> split(const std::string &text)
{
    const auto open = text.rfind('(');
    if (text.empty() || text.back() != ')' || open == std::string::npos)
        return std::nullopt;
    RowParts parts;
    parts.figures[RubyBenchmarkRow::Real] = LoadText::trimmed(text.substr(open + 1, text.size() - open - 2));
    std::size_t end = open;
    for (int column = RubyBenchmarkRow::Total; column >= RubyBenchmarkRow::User; --column) {
        while (end > 0 && isSpace(text[end - 1]))
            --end;
        std::size_t start = end;
        while (start > 0 && !isSpace(text[start - 1]))
            --start;
        if (start == end)
            return std::nullopt;
        parts.figures[column] = text.substr(start, end - start);
        end = start;
    }
    parts.label = LoadText::trimmed(text.substr(0, end));
    parts.userAt = end;
    return parts;
}

bool isFigure(const std::string &t)
{
    const auto dot = t.find('.');
    return allDigits(t.substr(0, dot)) && (dot == std::string::npos || allDigits(t.substr(dot + 1)));
}

// A label as wide as its column runs into a user time of 100 s or more,
// which fills its ten places ("reader:126.391000"): the figure is the
// trailing digits and point after a character that is neither (nor a sign:
// "-0.500000" is a negative time, not a label "-").
void unglue(RowParts &parts, const std::string &text)
{
    std::string &user = parts.figures[RubyBenchmarkRow::User];
    const auto start = user.find_last_not_of("0123456789.");
    if (isFigure(user) || start == std::string::npos || user[start] == '-' || user[start] == '+'
        || user.find('.', start) == std::string::npos || !isFigure(user.substr(start + 1)))
        return;
    parts.label = LoadText::trimmed(text.substr(0, parts.userAt + start + 1));
    user.erase(0, start + 1);
}

} // namespace

bool RubyBenchmarkRow::shaped(const std::string &text)
{
    const std::optional<RowParts> parts = split(text);
    return parts && std::all_of(parts->figures.begin(), parts->figures.end(), hasDigit);
}

RubyBenchmarkRow RubyBenchmarkRow::read(const std::string &text, const TextLine &line)
{
    std::optional<RowParts> parts = split(text);
    if (!parts)
        throw InputFailure{line.place(), "expected a row \"<label> <user> <system> <total> (<real>)\""};
    unglue(*parts, text);
    RubyBenchmarkRow row;
    row.label = parts->label;
    row.line = line;
    for (std::size_t c = 0; c < parts->figures.size(); ++c) {
        const std::string &t = parts->figures[c];
        if (!isFigure(t))
            throw InputFailure{line.place(), "expected a time in seconds as Benchmark prints it (\"1.460465\"), found \""
                                                 + t + "\""};
        const auto dot = t.find('.');
        row.seconds[c] = LoadText::number(t, line);
        row.rounding[c] = 0.5 * std::pow(10.0, dot == std::string::npos ? 0.0 : -double(t.size() - dot - 1));
    }
    return row;
}

} // namespace bs
