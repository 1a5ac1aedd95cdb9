#pragma once

#include <cstddef>
#include <string>

namespace bs {

// A suite's badge (docs/continuous.md "A badge"): a small SVG in the shape
// shields.io draws, "label | message" on two coloured boxes, drawn here
// without Qt. Every string is escaped for XML (TextEscape::html, control
// characters and invalid UTF-8 as U+FFFD), and the label is cut to
// kLabelLength characters, so a hostile or huge suite name draws a badge of
// bounded size that runs nothing.
namespace Badge {

// The message's colour: red for a regression, green for an improvement,
// grey-blue for no change established, grey when nothing was compared.
enum class Tone { Worse, Better, NoChange, Unknown };

inline constexpr std::size_t kLabelLength = 40;

std::string svg(const std::string &label, const std::string &message, Tone tone);

} // namespace Badge

} // namespace bs
