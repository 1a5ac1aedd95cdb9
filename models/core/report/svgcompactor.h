#pragma once

#include <string>

namespace bs {

// Makes the SVG that Qt's QSvgGenerator writes (a group per paint state,
// most of them empty, every attribute spelt out on every group, each line
// segment its own polyline) small enough to inline in a page by the dozen,
// drawing the same picture: empty groups and <desc> dropped, attributes
// equal to what the element inherits or to SVG's initial value dropped,
// sibling groups of equal attributes merged, joined segments made one
// polyline with points closer than 0.25 px to its line left out, numbers
// to one decimal, whitespace between tags removed; its <title> left to the
// page; control characters XML cannot hold (a label's NUL, ESC, DEL) as
// U+FFFD (TextEscape::xmlControls). Empty when the SVG is
// not well-formed or holds an element charts are not drawn with (script,
// image, a, foreignObject, use, style, ...).
namespace SvgCompactor {

std::string compact(const std::string &svg);

} // namespace SvgCompactor

} // namespace bs
