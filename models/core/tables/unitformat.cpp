#include "unitformat.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace bs {

UnitFormat::Scale UnitFormat::scaleFor(const std::string &unit, double v)
{
    v = std::fabs(v);
    if (unit == "s") {
        if (v == 0 || v >= 1)
            return {1, "s"};
        if (v >= 1e-3)
            return {1e-3, "ms"};
        if (v >= 1e-6)
            return {1e-6, "µs"};
        return {1e-9, "ns"};
    }
    if (unit == "B") {
        if (v >= 1024.0 * 1024 * 1024)
            return {1024.0 * 1024 * 1024, "GiB"};
        if (v >= 1024.0 * 1024)
            return {1024.0 * 1024, "MiB"};
        if (v >= 1024.0)
            return {1024.0, "KiB"};
        return {1, "B"};
    }
    if (unit == "B/s") {
        if (v >= 1024.0 * 1024 * 1024)
            return {1024.0 * 1024 * 1024, "GiB/s"};
        if (v >= 1024.0 * 1024)
            return {1024.0 * 1024, "MiB/s"};
        if (v >= 1024.0)
            return {1024.0, "KiB/s"};
        return {1, "B/s"};
    }
    if (unit == "ratio")
        return {1, "×"};
    if (unit == "count")
        return {1, ""};
    return {1, unit};
}

UnitFormat::Scale UnitFormat::scaleFor(const std::string &unit, const std::vector<double> &values)
{
    return familyScales(unit, {values}).front();
}

std::vector<UnitFormat::Scale> UnitFormat::familyScales(const std::string &unit, const std::vector<std::vector<double>> &columns)
{
    double smallest = 0;
    for (const std::vector<double> &values : columns)
        for (double v : values)
            if (v != 0 && (smallest == 0 || std::fabs(v) < smallest))
                smallest = std::fabs(v);
    const Scale unitScale = scaleFor(unit, smallest);
    std::vector<Scale> scales;
    for (const std::vector<double> &values : columns) {
        Scale scale = unitScale;
        int decimals = 0;
        for (double v : values)
            decimals = std::max(decimals, decimalsOf(v / scale.divisor));
        scale.decimals = values.empty() ? -1 : decimals;
        scales.push_back(scale);
    }
    return scales;
}

namespace {

int maxDecimals(double a)
{
    const int intDigits = a < 1 ? 1 : int(std::floor(std::log10(a))) + 1;
    int decimals = std::clamp(6 - intDigits, 0, 3);
    // Small numbers: enough decimals for three significant digits.
    if (a > 0 && a < 0.001)
        decimals = std::min(9, int(-std::floor(std::log10(a))) + 2);
    return decimals;
}

} // namespace

int UnitFormat::decimalsOf(double value)
{
    // What plain() would show, counted without formatting (a column scale
    // asks this of every cell, so it must be cheap).
    if (!std::isfinite(value))
        return 0;
    const double a = std::fabs(value);
    int decimals = maxDecimals(a);
    double scaled = std::round(a * std::pow(10.0, decimals));
    if (scaled >= 9e15) // beyond exact integers in a double: let printf decide
        return decimals;
    auto digits = static_cast<long long>(scaled);
    while (decimals > 0 && digits % 10 == 0) {
        digits /= 10;
        --decimals;
    }
    return decimals;
}


std::string UnitFormat::plain(double value, int fixedDecimals)
{
    if (!std::isfinite(value))
        return value != value ? "NaN" : (value > 0 ? "∞" : "-∞");
    const double a = std::fabs(value);
    int decimals = maxDecimals(a);
    if (fixedDecimals >= 0)
        decimals = fixedDecimals;
    // Sized to the value: DBL_MAX has 309 digits.
    std::string s(std::size_t(std::snprintf(nullptr, 0, "%.*f", decimals, a)), '\0');
    std::snprintf(s.data(), s.size() + 1, "%.*f", decimals, a);
    if (decimals > 0 && fixedDecimals < 0) {
        // Drop trailing zeros beyond what the value has ("1.500" -> "1.5").
        while (s.back() == '0')
            s.pop_back();
        if (s.back() == '.')
            s.pop_back();
    }
    const auto dot = s.find('.');
    std::string intPart = s.substr(0, dot);
    const std::string frac = dot == std::string::npos ? "" : s.substr(dot);
    std::string grouped;
    for (std::size_t i = 0; i < intPart.size(); ++i) {
        if (i > 0 && (intPart.size() - i) % 3 == 0)
            grouped += ',';
        grouped += intPart[i];
    }
    return (value < 0 && s.find_first_not_of("0.,") != std::string::npos ? "-" : "") + grouped + frac;
}

std::string UnitFormat::number(double value, const Scale &scale)
{
    return plain(value / scale.divisor, scale.decimals);
}

std::string UnitFormat::withUnit(double value, const Scale &scale)
{
    const std::string n = number(value, scale);
    if (scale.suffix.empty())
        return n;
    if (scale.suffix == "%" || scale.suffix == "×")
        return n + scale.suffix;
    return n + " " + scale.suffix;
}

std::string UnitFormat::withUnit(double value, const std::string &unit)
{
    return withUnit(value, scaleFor(unit, value));
}

std::string UnitFormat::range(double min, double max, const Scale &scale)
{
    return "[" + number(min, scale) + "–" + number(max, scale) + "]";
}

} // namespace bs
