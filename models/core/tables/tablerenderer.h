#pragma once

#include "table.h"
#include "texttable.h"

#include <string>

namespace bs {

// Renders a TextTable as aligned text, GitHub Markdown, CSV (RFC 4180) or
// an HTML fragment.
namespace TableRenderer {

enum class Format { Text, Markdown, Csv, Html };

std::string render(const TextTable &table, Format format);
// A built table in the form its format is for: CSV gets Table::machine()
// (separate value, min, max and n columns a spreadsheet reads), the others
// Table::human().
TextTable textFor(const Table &table, Format format);
std::string render(const Table &table, Format format);
bool parseFormat(const std::string &name, Format &format); // "text", "markdown"/"md", "csv", "html"

} // namespace TableRenderer

} // namespace bs
