#pragma once

#include <string>

namespace bs {

// One line of a tool's text output and its 1-based number, which names it
// in errors ("line 12").
struct TextLine {
    std::string text;
    int number;
    std::string place() const { return "line " + std::to_string(number); }
};

} // namespace bs
