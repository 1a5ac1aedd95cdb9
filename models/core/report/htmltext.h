#pragma once

#include <string>

namespace bs {

// Text from a capture made safe for an HTML page: every string is escaped
// where it is shown, and a link from a capture is kept only when it is
// http(s) or relative (never javascript:, data:, file: or //host).
namespace HtmlText {

// For text content and attribute values alike: & < > " ' escaped; control
// characters other than tab and newline dropped.
std::string escape(const std::string &text);
// The URL when a page may link to it (http://, https://, or relative
// without a scheme and not starting with //), else empty.
std::string safeHref(const std::string &url);
// `text` escaped; a link to it when it is an http(s) URL (a source's page).
std::string linkOrText(const std::string &text);

} // namespace HtmlText

} // namespace bs
