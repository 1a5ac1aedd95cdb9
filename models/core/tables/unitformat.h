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

// Figures printed side by side in one cell (a value and its [min–max], a
// before and an after): where two of them differ, their texts must too.
struct Figures {
    double value = 0;
    double min = 0;
    double max = 0;
};

Scale scaleFor(const std::string &unit, double typicalValue);
// The precision rule, one scale for every column of one metric family
// (latency p50, p90, p99 of a capture): the unit fits the median non-zero
// magnitude of the values (a 16 ms p99 reads 16.0 ms, not 15,999.0 µs);
// the decimals, one count for all, give the median three significant
// digits and are raised (by at most kExtraDecimals) until the figures of
// every cell that differ print differently and no non-zero value prints
// as 0 ("40.8 [40.8–43.0]", not "41 [41–43]"). Values all whole numbers
// in the canonical unit (counts) print without decimals. Never more
// decimals than the figures have in the unit shown: CPU time counted in
// whole milliseconds reads "320 [300–320]", not "320.000 [300.000–320.000]",
// a latency of whole-millisecond buckets "0 ms", not "0.00 ms".
Scale scaleFor(const std::string &unit, const std::vector<double> &values,
               const std::vector<Figures> &cells = {});
inline constexpr int kSignificantDigits = 3;
inline constexpr int kExtraDecimals = 3;

// The number alone, in the given scale: "82,481", "0.535", "27.4". A
// non-zero value too small for the scale's decimals reads "<0.001".
std::string number(double value, const Scale &scale);
// The number for a machine (CSV): in the scale's unit, no thousands
// separators, 15 significant digits without trailing zeros ("15999.04",
// "0.000535", "-3"); empty for NaN and infinities.
std::string machine(double value, const Scale &scale);
// The number with its suffix: "0.535 ms", "82,481 req/s".
std::string withUnit(double value, const Scale &scale);
std::string withUnit(double value, const std::string &unit);
// "[0.52–0.61]" in the given scale (en dash, as the seed pages print it).
std::string range(double min, double max, const Scale &scale);

// Up to 6 significant digits and at most 3 decimals (more below 0.001),
// without trailing zeros unless `decimals` fixes them; thousands
// separated by commas.
std::string plain(double value, int decimals = -1);

} // namespace UnitFormat

} // namespace bs
