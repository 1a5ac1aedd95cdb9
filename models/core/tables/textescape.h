#pragma once

#include <string>

namespace bs {

// Text from a file, made safe where it is shown. Every string a capture or
// another tool's output carries (labels, ids, descriptions, error details)
// goes through one of these before it reaches a terminal, a Markdown file or
// an HTML page.
namespace TextEscape {

// For a terminal: control characters (C0, DEL and C1, so no escape sequence
// reaches the terminal raw) are shown as \xHH or \u00HH, and the
// bidirectional embedding, override and isolate controls (U+202A..U+202E,
// U+2066..U+2069, which reorder the rest of a line) as \uHHHH; tabs and line
// breaks too when `keepLines` is false (a table cell). Invalid UTF-8 is
// shown as \xHH byte by byte.
std::string terminal(const std::string &text, bool keepLines = false);

// For HTML text and attribute values: & < > " ' as entities; control
// characters other than tab and newline dropped, and so are the
// bidirectional controls (U+202A..U+202E, U+2066..U+2069).
std::string html(const std::string &text);

// For XML (an SVG we write): the control characters XML 1.0 cannot hold
// (C0 other than tab, line feed and carriage return; DEL) as U+FFFD, the
// bidirectional controls (U+202A..U+202E, U+2066..U+2069) dropped, the
// rest byte for byte; markup is left as it is (the caller escapes text).
std::string xmlControls(const std::string &xml);

// For one line of Markdown (a heading, a list item, a table cell): inert
// text. < > & as entities (no tag survives), emphasis, code, table, math and
// link characters escaped, a block opener at the start made literal, a
// zero-width joiner breaking @mentions, #123 and !12 references and bare
// links, line breaks as spaces, control characters as for a terminal (the
// whole rule above markdown() in textescape.cpp).
std::string markdown(const std::string &text);

// For a URL: every byte `keep` refuses as %XX (upper-case hex).
std::string percentEncoded(const std::string &text, bool (*keep)(unsigned char));

} // namespace TextEscape

} // namespace bs
