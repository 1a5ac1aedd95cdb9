#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace bs {

// An author's Markdown (CommonMark with GitHub's tables, strikethrough and
// task lists) as safe HTML, parsed by md4c. Nothing in the text can reach
// the page as markup: raw HTML is shown as text, a link is kept only when
// it is http(s), relative or an anchor (HtmlText::safeHref; else its text
// stays, unlinked), an
// image becomes a link to it (the page loads nothing it did not write), and
// every text is escaped. Headings get ids (Slug) for permalinks.
//
// Fenced code blocks whose info string is `lang` (the page's "benchscope"
// blocks) are not rendered: the HTML is cut there, and the block's text and
// the line of its first text line are handed back, so the caller places its
// own content between the pieces.
namespace MarkdownHtml {

struct Fence {
    std::string text;
    std::size_t line = 0;      // 1-based line in the Markdown of the fence's first content line
    std::string headingId;     // the id of the last heading before it, or empty
};

struct Piece {
    std::string html; // the prose before the fence (or after the last one)
    bool hasFence = false;
    Fence fence;
};

// The pieces in order: each with the HTML before its fence, the last one
// without a fence. `usedIds` are ids the page has already (headings get
// ids not among them, and are added).
std::vector<Piece> render(const std::string &markdown, const std::string &lang, std::vector<std::string> &usedIds);

} // namespace MarkdownHtml

} // namespace bs
