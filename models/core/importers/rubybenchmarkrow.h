#pragma once

#include "textline.h"

#include <array>
#include <string>

namespace bs {

// One row of Ruby's stdlib Benchmark text as Benchmark::Tms#format prints
// it with FORMAT ("%10.6u %10.6y %10.6t %10.6r", %r in parentheses): the
// label left-justified in its column (it may be empty, hold spaces, colons
// and parentheses, or be wider than its column), then the user, system and
// total CPU seconds and the real seconds:
// "sort!   1.460000   0.000000   1.460000 (  1.460465)".
struct RubyBenchmarkRow {
    enum Column { User, System, Total, Real };

    std::string label; // trimmed
    std::array<double, 4> seconds{};
    std::array<double, 4> rounding{}; // half a unit of each printed figure's last digit
    TextLine line;

    // Whether `text` (a line without its comment marker, trimmed) is shaped
    // as a row: it ends in a parenthesised figure after three words, each
    // with a digit in it.
    static bool shaped(const std::string &text);
    // The row of a shaped `text`; InputFailure naming the line when a figure
    // is not a time as Benchmark prints it ("1x9", "1e999999", "-0.5").
    static RubyBenchmarkRow read(const std::string &text, const TextLine &line);
};

} // namespace bs
