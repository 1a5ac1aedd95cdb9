#pragma once

#include <string>

namespace bs {

// The one slug rule: lower-case ASCII letters, digits, '.' and '_' kept,
// every other run of characters one '-', none at the end ("GET /catalog"
// → "get-catalog"); "x" for text with nothing kept ("root" for "/").
namespace Slug {

// For ids made from labels (importers' participant and case ids).
std::string id(const std::string &text);
// For a file name made from an id or a title (report tables and charts):
// the same, without leading dots and at most kFileNameLength bytes.
std::string fileName(const std::string &text);
inline constexpr std::size_t kFileNameLength = 80;

} // namespace Slug

} // namespace bs
