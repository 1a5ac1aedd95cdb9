#pragma once

#include "texttable.h"

#include <string>

namespace bs {

// Renders a TextTable as aligned text, GitHub Markdown, CSV (RFC 4180) or
// an HTML fragment.
namespace TableRenderer {

enum class Format { Text, Markdown, Csv, Html };

std::string render(const TextTable &table, Format format);
bool parseFormat(const std::string &name, Format &format); // "text", "markdown"/"md", "csv", "html"

} // namespace TableRenderer

} // namespace bs
