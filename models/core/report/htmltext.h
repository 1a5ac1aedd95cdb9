#pragma once

#include <string>

namespace bs {

// Links from a capture made safe for an HTML page: a link from a capture is kept only when it is
// http(s) or relative (never javascript:, data:, file: or //host).
namespace HtmlText {

// (Text itself is escaped by TextEscape::html.)
// The URL when a page may link to it (http://, https://, or relative
// without a scheme and not starting with //), else empty.
std::string safeHref(const std::string &url);
// True when `url` is an absolute http(s) address a page or comment may link
// to (the check of --repo-url and --page-url, and of links in captures).
bool isWebAddress(const std::string &url);
// `text` escaped; a link to it when it is an http(s) URL (a source's page).
std::string linkOrText(const std::string &text);

// At most `most` bytes of `text`, cut at a character's start (UTF-8) and
// ended by "…" when cut: for a label from a file where a page needs only a
// name for something (an aria-label), never where its text is read.
std::string cut(const std::string &text, std::size_t most);

} // namespace HtmlText

} // namespace bs
