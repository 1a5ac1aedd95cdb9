#pragma once

#include "rubybenchmarkrow.h"

#include <optional>
#include <string>
#include <vector>

namespace bs {

// One table of Ruby's Benchmark text as read: the rows under a "user
// system total real" header, the line above it that titles it (a Markdown
// heading, the program's "Testing …" line), and for bmbm the rehearsal
// printed before it.
struct RubyBenchmarkTable {
    std::string title; // empty when nothing titles it
    TextLine start;    // its header, or its rehearsal's first line
    std::vector<RubyBenchmarkRow> rows;
    std::optional<TextLine> rehearsal;
    std::vector<RubyBenchmarkRow> rehearsalRows;

    // How many of the rows are measurements: the last rows of a table
    // without a rehearsal that are, in every column, the sum or the mean of
    // the rows above them (to the printed figures' rounding) are what
    // Benchmark.bm's extra labels print (">total:", ">avg:"), computed from
    // the others. At most three such rows, after at least two measured ones.
    std::size_t measured() const;
    // bmbm prints its rows in the rehearsal's order: InputFailure at a row
    // whose label differs from the rehearsal's, or at one more than it has.
    void checkRehearsal() const;
};

} // namespace bs
