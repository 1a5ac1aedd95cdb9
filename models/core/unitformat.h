#pragma once

#include <string>
#include <vector>

namespace bs {

// Formats values of a canonical unit for people: seconds as ns/µs/ms/s,
// bytes as KiB/MiB/GiB, rates with thousands separators. A column should
// use one scale for all its cells, chosen from its values, so that numbers
// line up and compare at a glance.
class UnitFormat {
public:
    struct Scale {
        double divisor = 1;
        std::string suffix; // "ms", "MiB", "req/s", ...
    };

    static Scale scaleFor(const std::string &unit, double typicalValue);
    static Scale scaleFor(const std::string &unit, const std::vector<double> &values);

    // The number alone, in the given scale: "82,481", "0.535", "27.4".
    static std::string number(double value, const Scale &scale);
    // The number with its suffix: "0.535 ms", "82,481 req/s".
    static std::string withUnit(double value, const Scale &scale);
    static std::string withUnit(double value, const std::string &unit);
    // "[0.52–0.61]" in the given scale (en dash, as the seed pages print it).
    static std::string range(double min, double max, const Scale &scale);

    // Up to 6 significant digits and at most 3 decimals, trailing zeros kept
    // only as far as the magnitude asks; thousands separated by commas.
    static std::string plain(double value);
};

} // namespace bs
