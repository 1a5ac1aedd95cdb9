#include "loadtext.h"

#include "inputfailure.h"

#include <cmath>
#include <cstdlib>

namespace bs {

namespace {

bool isSpace(char c) { return c == ' ' || c == '\t'; }

bool isDigit(char c) { return c >= '0' && c <= '9'; }

} // namespace

std::vector<TextLine> LoadText::lines(const std::string &text)
{
    std::vector<TextLine> lines;
    eachLine(text, [&](TextLine &line) { lines.push_back(std::move(line)); });
    return lines;
}

std::string LoadText::trimmed(const std::string &text)
{
    const auto first = text.find_first_not_of(" \t");
    return first == std::string::npos ? std::string() : text.substr(first, text.find_last_not_of(" \t") - first + 1);
}

bool LoadText::startsAfterSpaces(const std::string &text, const std::string &prefix)
{
    const auto first = text.find_first_not_of(" \t");
    return first != std::string::npos && text.compare(first, prefix.size(), prefix) == 0;
}

std::vector<std::string> LoadText::words(const std::string &text)
{
    std::vector<std::string> out;
    for (std::size_t i = 0; i < text.size();) {
        while (i < text.size() && isSpace(text[i]))
            ++i;
        const std::size_t from = i;
        while (i < text.size() && !isSpace(text[i]))
            ++i;
        if (i > from)
            out.push_back(text.substr(from, i - from));
    }
    return out;
}

std::optional<std::vector<std::string>> LoadText::match(const std::string &text, const std::string &pattern)
{
    std::vector<std::string> out;
    std::size_t t = 0;
    for (std::size_t p = 0; p < pattern.size();) {
        if (pattern[p] == ' ') {
            const std::size_t from = t;
            while (t < text.size() && isSpace(text[t]))
                ++t;
            if (t == from && p > 0)
                return std::nullopt;
            ++p;
        } else if (pattern.compare(p, 5, "{...}") == 0) {
            out.push_back(trimmed(text.substr(t)));
            t = text.size();
            p += 5;
        } else if (pattern.compare(p, 2, "{}") == 0) {
            p += 2;
            const char stop = p < pattern.size() && pattern[p] != '{' ? pattern[p] : ' ';
            const std::size_t from = t;
            while (t < text.size() && !isSpace(text[t]) && text[t] != stop)
                ++t;
            if (t == from)
                return std::nullopt;
            out.push_back(text.substr(from, t - from));
        } else {
            if (t >= text.size() || text[t] != pattern[p])
                return std::nullopt;
            ++t;
            ++p;
        }
    }
    while (t < text.size() && isSpace(text[t]))
        ++t;
    if (t != text.size())
        return std::nullopt;
    return out;
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

double LoadText::groupedNumber(const std::string &t, const TextLine &line, std::optional<bool> *grouped)
{
    const auto dot = t.find('.');
    const std::string whole = t.substr(0, dot);
    std::string digits;
    std::size_t group = 0;
    bool commas = false;
    for (std::size_t i = 0; i < whole.size(); ++i) {
        if (whole[i] == ',') {
            if (i == 0 || (commas && group != 3) || (!commas && group > 3))
                throw InputFailure{line.place(), "expected a number (digits grouped by commas), found \"" + t + "\""};
            commas = true;
            group = 0;
        } else if (isDigit(whole[i])) {
            digits += whole[i];
            ++group;
        } else {
            throw InputFailure{line.place(), "expected a number, found \"" + t + "\""};
        }
    }
    if (digits.empty() || (commas && group != 3))
        throw InputFailure{line.place(), "expected a number (digits grouped by commas), found \"" + t + "\""};
    const double v = number(digits + (dot == std::string::npos ? "" : t.substr(dot)), line);
    if (grouped && digits.size() > 3)
        *grouped = commas;
    return v;
}

double LoadText::number(const std::string &text, const TextLine &line)
{
    char *end = nullptr;
    const double v = std::strtod(text.c_str(), &end);
    if (text.empty() || *end || !std::isfinite(v) || text.find_first_not_of("0123456789.eE+-") != std::string::npos)
        throw InputFailure{line.place(), "expected a number, found \"" + text + "\""};
    return v;
}

std::uint64_t LoadText::count(const std::string &text, const TextLine &line)
{
    std::uint64_t v = 0;
    for (const char c : text) {
        if (!isDigit(c) || v > 900719925474099ULL) // below 2^53: exact as a double
            throw InputFailure{line.place(), "expected a count (digits only), found \"" + text + "\""};
        v = v * 10 + std::uint64_t(c - '0');
    }
    if (text.empty())
        throw InputFailure{line.place(), "expected a count (digits only), found nothing"};
    return v;
}

double LoadText::fixed(const std::string &text, int places, const TextLine &line)
{
    const auto dot = text.find('.');
    const bool shaped = dot != std::string::npos && dot > 0 && text.size() - dot - 1 == std::size_t(places)
        && text.find_first_not_of("0123456789.") == std::string::npos && text.find('.', dot + 1) == std::string::npos;
    if (!shaped)
        throw InputFailure{line.place(), "expected a number with " + std::to_string(places) + " decimals, found \""
                                             + text + "\""};
    return number(text, line);
}

double LoadText::withUnit(const std::string &text, std::initializer_list<Unit> units, const TextLine &line)
{
    const auto end = text.find_first_not_of("0123456789.");
    const std::string unit = end == std::string::npos ? std::string() : text.substr(end);
    for (const Unit &u : units)
        if (unit == u.name && end > 0)
            return number(text.substr(0, end), line) * u.scale;
    std::string names;
    for (const Unit &u : units)
        names += (names.empty() ? "" : ", ") + std::string(*u.name ? u.name : "none");
    throw InputFailure{line.place(), "expected a number with a unit (" + names + "), found \"" + text + "\""};
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
