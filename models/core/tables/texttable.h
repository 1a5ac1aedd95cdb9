#pragma once

#include <string>
#include <vector>

namespace bs {

// A table of display texts: what the CLI prints and what exporters write.
// Built from a capture (CaptureTables) or from a view's model as shown.
struct TextTable {
    std::string title;
    std::vector<std::string> header;
    std::vector<std::vector<std::string>> rows;
    std::vector<bool> numeric;      // per column: right-align
    std::vector<std::string> notes; // printed under the table
};

} // namespace bs
