#pragma once

#include "reportcontent.h"

#include <string>

namespace bs {

// Writes report content as one HTML page (index.html) that links only
// assets/page.css and assets/page.js beside it: no CDN, no web font, no
// request to any host, so it works from file:// and from a static host.
// Sections with level 2 are listed in the contents; a tab set follows the
// WAI-ARIA tabs pattern once page.js runs, and without it every panel
// shows, one after another. Every panel and table has an id usable as a
// permalink ("#section/tab"). Every string from the content is escaped; a
// chart's `svg` (drawn by our chart code, not from a capture) is inlined.
namespace HtmlPage {

std::string render(const ReportContent &content);

// The two assets index.html links, by path relative to it.
inline constexpr const char *kStylePath = "assets/page.css";
inline constexpr const char *kScriptPath = "assets/page.js";
const std::string &style();
const std::string &script();

// How a table cell's text is shown: a figure and its "[min–max]",
// "(once)" or a status word ("—", "missing", "contract failed") set apart
// so they can be styled; escaped.
std::string cellHtml(const std::string &text);

} // namespace HtmlPage

} // namespace bs
