#pragma once

#include "loaderror.h"
#include "pageblock.h"
#include "pagefigure.h"

#include <cstddef>
#include <string>
#include <utility>
#include <vector>

namespace bs {

// An authored page (`benchscope-cli publish --page PAGE.md`): the author's
// Markdown with the places of Benchscope's sections (```benchscope blocks)
// and figures in the prose ({{ ... }}), read and checked before any capture
// is loaded. docs/publish.md, "Authoring the page".
//
// An optional front matter stands first, between two "---" lines:
//
//   ---
//   title: zmdb benchmarks
//   description: Measured on one machine, with every run downloadable.
//   link: Repository https://example.org/zmdb      # as often as wanted: a label, then the URL
//   capture: opt-before local/latest-optimizations.before.json.gz   # a name for a capture
//   ---
struct PageSource {
    // One piece of the page in order: the author's prose (safe HTML, with
    // the figures' places marked) or a block.
    struct Part {
        std::string html;           // the prose (empty for a block)
        bool isBlock = false;
        std::size_t block = 0;      // index into `blocks`
        std::string headingId;      // a block: the id of the heading above it
    };

    std::string path; // the page file
    std::string title;
    std::string description;
    std::vector<std::pair<std::string, std::string>> links;    // label, URL (http(s) or relative)
    std::vector<std::pair<std::string, std::string>> names;    // a capture's name, its path as written
    std::vector<Part> parts;
    std::vector<PageBlock> blocks;
    std::vector<PageFigure> figures;

    // Reads and parses the page file (at most kMaxBytes); false with
    // `error` naming the file and the line.
    static bool read(const std::string &path, PageSource &out, LoadError &error);
    static bool parse(const std::string &path, const std::string &text, PageSource &out, LoadError &error);
    static constexpr std::size_t kMaxBytes = 4 * 1024 * 1024;

    // The file a capture reference stands for: a name from the front
    // matter, else a path, relative to the page's folder.
    std::string resolve(const std::string &reference) const;
    // Every capture file the blocks and figures name, each once, in the
    // order first named.
    std::vector<std::string> captureFiles() const;
    // The prose of a part with each figure's text in its place (`texts`
    // in the order of `figures`, escaped here).
    std::string prose(const Part &part, const std::vector<std::string> &texts) const;
};

} // namespace bs
