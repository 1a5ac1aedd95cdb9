#pragma once

#include <string>
#include <vector>

namespace bs {

// One line of a tool's console text with its 1-based number, so that an
// error can say where ("line 12"). Shared by the text importers.
struct TextLine {
    std::string text;
    int number = 0;

    std::string place() const { return "line " + std::to_string(number); }
    // `field` as a finite number; InputFailure at this line otherwise
    // ("expected a number, found \"1e999999\"").
    double toNumber(const std::string &field) const;

    // The lines of `text`, a trailing '\r' dropped from each.
    static std::vector<TextLine> split(const std::string &text);
};

} // namespace bs
