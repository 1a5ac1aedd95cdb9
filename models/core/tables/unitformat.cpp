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

namespace {

// The decimals that give a magnitude `digits` significant digits.
int decimalsForDigits(double magnitude, int digits)
{
    if (!(magnitude > 0) || !std::isfinite(magnitude))
        return 0;
    return std::clamp(digits - 1 - int(std::floor(std::log10(magnitude))), 0, 9);
}

bool whole(double v)
{
    return std::isfinite(v) && v == std::floor(v);
}

// Whether `a` and `b` print alike at these decimals though they differ.
bool collide(double a, double b, int decimals)
{
    if (a == b)
        return false;
    const double step = std::pow(10.0, decimals);
    return std::round(a * step) == std::round(b * step);
}

// The fewest decimals that write every figure exactly (within a double's
// rounding), at most 9: the precision the figures were measured to.
int resolution(const std::vector<double> &values, const std::vector<UnitFormat::Figures> &cells, double divisor)
{
    auto exactAt = [](double v, int decimals) {
        const double scaled = v * std::pow(10.0, decimals);
        return !std::isfinite(scaled) || std::fabs(scaled - std::round(scaled)) <= 1e-6 * std::max(1.0, std::fabs(scaled));
    };
    for (int d = 0; d < 9; ++d) {
        bool exact = std::all_of(values.begin(), values.end(), [&](double v) { return exactAt(v / divisor, d); });
        for (const UnitFormat::Figures &f : cells)
            exact = exact && exactAt(f.min / divisor, d) && exactAt(f.max / divisor, d);
        if (exact)
            return d;
    }
    return 9;
}

bool readsAsZero(double v, int decimals)
{
    return v != 0 && std::round(std::fabs(v) * std::pow(10.0, decimals)) == 0;
}

bool legible(const std::vector<double> &values, const std::vector<UnitFormat::Figures> &cells, double divisor,
             int decimals)
{
    for (double v : values)
        if (readsAsZero(v / divisor, decimals))
            return false;
    for (const UnitFormat::Figures &f : cells) {
        const double v = f.value / divisor, lo = f.min / divisor, hi = f.max / divisor;
        if (collide(v, lo, decimals) || collide(v, hi, decimals) || collide(lo, hi, decimals))
            return false;
    }
    return true;
}

} // namespace

UnitFormat::Scale UnitFormat::scaleFor(const std::string &unit, const std::vector<double> &values,
                                       const std::vector<Figures> &cells)
{
    std::vector<double> magnitudes;
    magnitudes.reserve(values.size());
    for (double v : values)
        if (v != 0 && std::isfinite(v))
            magnitudes.push_back(std::fabs(v));
    if (magnitudes.empty())
        return scaleFor(unit, 0.0);
    // The lower of the two middle magnitudes: an existing value, so its
    // unit is one some cell reads in naturally.
    const auto middle = magnitudes.begin() + std::ptrdiff_t((magnitudes.size() - 1) / 2);
    std::nth_element(magnitudes.begin(), middle, magnitudes.end());
    Scale scale = scaleFor(unit, *middle);
    const bool counts = scale.divisor == 1 && std::all_of(values.begin(), values.end(), whole)
        && std::all_of(cells.begin(), cells.end(), [](const Figures &f) { return whole(f.min) && whole(f.max); });
    const int base = counts ? 0 : decimalsForDigits(*middle / scale.divisor, kSignificantDigits);
    scale.decimals = base;
    while (scale.decimals < std::min(base + kExtraDecimals, 9) && !legible(values, cells, scale.divisor, scale.decimals))
        ++scale.decimals;
    scale.decimals = std::min(scale.decimals, resolution(values, cells, scale.divisor));
    return scale;
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
    const double scaled = value / scale.divisor;
    if (scale.decimals >= 0 && readsAsZero(scaled, scale.decimals))
        return std::string(scaled < 0 ? "-" : "") + "<" + plain(std::pow(10.0, -scale.decimals), scale.decimals);
    return plain(scaled, scale.decimals);
}

std::string UnitFormat::machine(double value, const Scale &scale)
{
    const double scaled = value / scale.divisor;
    if (!std::isfinite(scaled))
        return {};
    // 15 significant digits: all a double holds for certain, so a value
    // scaled by 1e-3 reads 15.999 rather than 15.998999999999999.
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.15g", scaled);
    std::string s(buf);
    // A spreadsheet reads 1e+06 too, but plain digits read everywhere.
    if (s.find('e') != std::string::npos && std::fabs(scaled) >= 1 && std::fabs(scaled) < 1e15) {
        std::snprintf(buf, sizeof buf, "%.0f", scaled);
        s = buf;
    }
    return s == "-0" ? "0" : s;
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
