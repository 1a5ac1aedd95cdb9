#include "k6consolemetric.h"

#include "inputfailure.h"
#include "loadtext.h"

#include <cmath>
#include <vector>

namespace bs {

namespace {


bool k6IsDigit(char c) { return c >= '0' && c <= '9'; }

bool k6EndsWith(const std::string &t, const std::string &suffix)
{
    return t.size() >= suffix.size() && t.compare(t.size() - suffix.size(), suffix.size(), suffix) == 0;
}

// 1000-based size units as humanizeBytes writes them.
std::optional<double> byteScale(const std::string &unit)
{
    static const char *units[] = {"B", "kB", "MB", "GB", "TB", "PB", "EB"};
    double scale = 1;
    for (const char *u : units) {
        if (unit == u)
            return scale;
        scale *= 1000;
    }
    return std::nullopt;
}

// The words of the values, a size unit joined to its number ("5.9" "MB" → "5.9 MB").
std::vector<std::string> tokens(const std::string &values)
{
    std::vector<std::string> out;
    for (const std::string &w : LoadText::words(values)) {
        const bool unit = byteScale(w) || (k6EndsWith(w, "/s") && byteScale(w.substr(0, w.size() - 2)));
        if (unit && !out.empty() && k6IsDigit(out.back().back()))
            out.back() += " " + w;
        else
            out.push_back(w);
    }
    return out;
}

struct Value {
    double number;
    std::string contains; // time, data, default
};

// A value as k6 humanizes it: a duration, a size or a plain number.
Value value(const std::string &text, const TextLine &line)
{
    if (const auto space = text.find(' '); space != std::string::npos) {
        if (const auto scale = byteScale(text.substr(space + 1)))
            return {LoadText::number(text.substr(0, space), line) * *scale, "data"};
    } else if (!text.empty() && !k6IsDigit(text.back())) {
        if (const auto ms = K6ConsoleMetric::duration(text))
            return {*ms, "time"};
    } else {
        return {LoadText::number(text, line), "default"};
    }
    throw InputFailure{line.place(), "expected a number, a duration (ns, µs, ms, s, m, h) or a size (B, kB, MB, GB), "
                                     "found \"" + text + "\""};
}

// Every value of a metric holds the same kind of figure (k6 writes a zero
// time as "0s" and a zero size as "0 B").
void sameKind(K6Metric &k, const Value &v, const TextLine &line)
{
    if (k.contains.empty())
        k.contains = v.contains;
    else if (v.contains != k.contains)
        throw InputFailure{line.place(), "the values of \"" + k.name + "\" mix " + k.contains + " and " + v.contains};
}

double count(const std::string &text, const TextLine &line) { return double(LoadText::count(text, line)); }

void trend(K6Metric &k, const std::vector<std::string> &w, const TextLine &line)
{
    k.type = "trend";
    for (const std::string &t : w) {
        const auto eq = t.find('=');
        if (eq == std::string::npos || eq == 0)
            throw InputFailure{line.place(), "expected stat=value in the trend \"" + k.name + "\", found \"" + t + "\""};
        const std::string stat = t.substr(0, eq);
        const bool percentile = stat.size() > 3 && stat.compare(0, 2, "p(") == 0 && stat.back() == ')';
        if (stat != "avg" && stat != "min" && stat != "med" && stat != "max" && stat != "count" && !percentile)
            throw InputFailure{line.place(), "unknown trend statistic \"" + stat + "\""};
        if (percentile)
            LoadText::number(stat.substr(2, stat.size() - 3), line);
        if (k.values.count(stat))
            throw InputFailure{line.place(), "\"" + stat + "\" twice in the trend \"" + k.name + "\""};
        if (stat == "count") {
            k.values[stat] = count(t.substr(eq + 1), line);
            continue;
        }
        const Value v = value(t.substr(eq + 1), line);
        sameKind(k, v, line);
        k.values[stat] = v.number;
    }
}

// "0.00%" → 0; k6 truncates to two decimals.
double percent(const std::string &t, const TextLine &line)
{
    if (t.size() < 2 || t.back() != '%')
        throw InputFailure{line.place(), "expected a percentage, found \"" + t + "\""};
    const double p = LoadText::number(t.substr(0, t.size() - 1), line);
    if (p < 0 || p > 100)
        throw InputFailure{line.place(), "a percentage out of 0 to 100: \"" + t + "\""};
    return p / 100;
}

// "9.87%  131 out of 1327" (k6 ≥ 0.52) or "0.00%  ✓ 0  ✗ 43404" (older).
void rate(K6Metric &k, const std::vector<std::string> &w, const TextLine &line)
{
    k.type = "rate";
    k.contains = "default";
    const double shown = percent(w[0], line);
    double passes = 0, fails = 0;
    if (w.size() == 5 && w[2] == "out" && w[3] == "of") {
        passes = count(w[1], line);
        const double total = count(w[4], line);
        if (passes > total)
            throw InputFailure{line.place(), "more passes than samples in \"" + k.name + "\""};
        fails = total - passes;
    } else if (w.size() == 5 && w[1] == K6ConsoleMetric::kPass && w[3] == K6ConsoleMetric::kFail) {
        passes = count(w[2], line);
        fails = count(w[4], line);
    } else {
        throw InputFailure{line.place(), "expected the rate of \"" + k.name
                                             + "\" as \"X% P out of N\" or \"X% ✓ P ✗ F\""};
    }
    const double total = passes + fails;
    const double exact = total > 0 ? passes / total : shown;
    // k6 truncates the percentage to two decimals (before v0.30 it rounded): the counts must agree with it.
    if (total > 0 && std::abs(shown - exact) > 1e-4 + 1e-12)
        throw InputFailure{line.place(), "the rate of \"" + k.name + "\" (" + w[0] + ") does not match its counts"};
    k.values["rate"] = exact;
    k.values["passes"] = passes;
    k.values["fails"] = fails;
}

// "3683    24.553235/s" or "1.9 MB  13 kB/s".
void counter(K6Metric &k, const std::vector<std::string> &w, const TextLine &line)
{
    k.type = "counter";
    const Value c = value(w[0], line);
    sameKind(k, c, line);
    const Value r = value(w[1].substr(0, w[1].size() - 2), line);
    sameKind(k, r, line);
    k.values["count"] = c.number;
    k.values["rate"] = r.number;
}

// "1      min=1           max=20".
void gauge(K6Metric &k, const std::vector<std::string> &w, const TextLine &line)
{
    k.type = "gauge";
    const char *keys[] = {"value", "min=", "max="};
    for (std::size_t i = 0; i < 3; ++i) {
        const std::string key = keys[i];
        std::string text = w[i];
        if (i > 0) {
            if (text.compare(0, key.size(), key) != 0)
                throw InputFailure{line.place(), "expected \"" + key + "\" in the gauge \"" + k.name + "\""};
            text = text.substr(key.size());
        }
        const Value v = value(text, line);
        sameKind(k, v, line);
        k.values[i == 0 ? "value" : key.substr(0, 3)] = v.number;
    }
}

} // namespace

std::optional<K6ConsoleMetric::Line> K6ConsoleMetric::split(const std::string &text)
{
    const auto dots = text.find("...");
    if (dots == std::string::npos)
        return std::nullopt;
    const auto colon = text.find_first_not_of('.', dots);
    if (colon == std::string::npos || text[colon] != ':')
        return std::nullopt;
    Line l;
    std::string name = LoadText::trimmed(text.substr(0, dots));
    for (const std::string &m : {K6ConsoleMetric::kPass, K6ConsoleMetric::kFail})
        if (name.compare(0, m.size() + 1, m + " ") == 0) {
            l.mark = m;
            name = LoadText::trimmed(name.substr(m.size() + 1));
        }
    if (name.empty())
        return std::nullopt;
    l.name = name;
    l.values = LoadText::trimmed(text.substr(colon + 1));
    return l;
}

std::optional<double> K6ConsoleMetric::duration(const std::string &text)
{
    static const std::pair<const char *, double> units[] = {{"h", 3.6e6}, {"m", 6e4}, {"s", 1e3}, {"ms", 1},
                                                            {"µs", 1e-3}, {"us", 1e-3}, {"ns", 1e-6}};
    double total = 0;
    std::size_t i = 0;
    std::size_t lastScale = 0; // each part smaller than the one before
    while (i < text.size()) {
        const std::size_t from = i;
        while (i < text.size() && (k6IsDigit(text[i]) || text[i] == '.'))
            ++i;
        const std::size_t unitFrom = i;
        while (i < text.size() && !k6IsDigit(text[i]) && text[i] != '.')
            ++i;
        if (unitFrom == from || unitFrom == i)
            return std::nullopt;
        const std::string unit = text.substr(unitFrom, i - unitFrom);
        std::size_t u = 0;
        while (u < std::size(units) && unit != units[u].first)
            ++u;
        if (u == std::size(units) || (from > 0 && u <= lastScale))
            return std::nullopt;
        lastScale = u;
        char *end = nullptr;
        const std::string digits = text.substr(from, unitFrom - from);
        const double v = std::strtod(digits.c_str(), &end);
        if (end != digits.c_str() + digits.size() || !std::isfinite(v))
            return std::nullopt;
        total += v * units[u].second;
    }
    return i > 0 && std::isfinite(total) ? std::optional<double>(total) : std::nullopt;
}

double K6ConsoleMetric::figure(const std::string &text, const TextLine &line) { return value(text, line).number; }

K6Metric K6ConsoleMetric::read(const std::string &name, const std::string &values, const TextLine &line)
{
    K6Metric k;
    k.name = name;
    const std::vector<std::string> w = tokens(values);
    if (w.empty())
        throw InputFailure{line.place(), "\"" + name + "\" has no values"};
    if (w[0].find('=') != std::string::npos)
        trend(k, w, line);
    else if (w[0].back() == '%')
        rate(k, w, line);
    else if (w.size() == 2 && k6EndsWith(w[1], "/s"))
        counter(k, w, line);
    else if (w.size() == 3)
        gauge(k, w, line);
    else
        throw InputFailure{line.place(), "the values of \"" + name
                                             + "\" are not in a form k6 prints (a trend's stat=value pairs, a "
                                               "counter's value and rate/s, a rate's percentage, a gauge's min and max)"};
    if (k.contains.empty())
        k.contains = "default";
    return k;
}

} // namespace bs
