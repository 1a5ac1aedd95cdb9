#pragma once

#include <string>
#include <vector>

namespace bs {

// Formats values of a canonical unit for people: seconds as ns/µs/ms/s,
// bytes as KiB/MiB/GiB, rates with thousands separators. A column should
// use one scale for all its cells, chosen from its values, so that numbers
// line up and compare at a glance.
namespace UnitFormat {

struct Scale {
    double divisor = 1;
    std::string suffix; // "ms", "MiB", "req/s", ...
    int decimals = -1;  // fixed decimals for a column; -1: as each value needs
};

Scale scaleFor(const std::string &unit, double typicalValue);
// One scale for a column: the unit fits the smallest non-zero value (so
// no cell loses digits), and the decimals are the most any cell needs.
Scale scaleFor(const std::string &unit, const std::vector<double> &values);
// One scale per column for columns of one family (latency p50, p90,
// p99): the unit fits the family's smallest non-zero value, so every
// column reads in the same unit; the decimals are per column.
std::vector<Scale> familyScales(const std::string &unit, const std::vector<std::vector<double>> &columns);

// The number alone, in the given scale: "82,481", "0.535", "27.4".
std::string number(double value, const Scale &scale);
// The number with its suffix: "0.535 ms", "82,481 req/s".
std::string withUnit(double value, const Scale &scale);
std::string withUnit(double value, const std::string &unit);
// "[0.52–0.61]" in the given scale (en dash, as the seed pages print it).
std::string range(double min, double max, const Scale &scale);

// Up to 6 significant digits and at most 3 decimals (more below 0.001),
// without trailing zeros unless `decimals` fixes them; thousands
// separated by commas.
std::string plain(double value, int decimals = -1);
// How many decimals plain() shows for the value.
int decimalsOf(double value);

} // namespace UnitFormat

} // namespace bs
