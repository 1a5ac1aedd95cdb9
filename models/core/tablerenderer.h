#pragma once

#include "texttable.h"

#include <string>

namespace bs {

// Renders a TextTable as aligned text, GitHub Markdown, CSV (RFC 4180) or
// an HTML fragment.
class TableRenderer {
public:
    enum class Format { Text, Markdown, Csv, Html };

    static std::string render(const TextTable &table, Format format);
    static bool parseFormat(const std::string &name, Format &format); // "text", "markdown"/"md", "csv", "html"

private:
    static std::string text(const TextTable &table);
    static std::string markdown(const TextTable &table);
    static std::string csv(const TextTable &table);
    static std::string html(const TextTable &table);
};

} // namespace bs
