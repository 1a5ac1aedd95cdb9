#include "pagesource.h"

#include "fileio.h"
#include "htmltext.h"
#include "markdownhtml.h"
#include "pagetext.h"
#include "textescape.h"

#include <algorithm>
#include <filesystem>
#include <sstream>

namespace bs {

namespace {

using PageText::trim;

// A figure's place in the prose: U+E000, its index, U+E001 (characters of
// the private use area, taken out of the author's text first).
const std::string kOpen = "\xEE\x80\x80", kClose = "\xEE\x80\x81";

std::vector<std::string> splitLines(const std::string &text)
{
    std::vector<std::string> lines;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);)
        lines.push_back(line);
    return lines;
}

// The "---" front matter at the top: its lines are read into `out` and
// blanked (so line numbers stay). False with `error` set.
bool frontMatter(std::vector<std::string> &lines, PageSource &out, LoadError &error)
{
    if (lines.empty() || trim(lines[0]) != "---")
        return true;
    for (std::size_t i = 1; i < lines.size(); ++i) {
        const std::string line = trim(lines[i]);
        lines[i - 1].clear();
        if (line == "---") {
            lines[i].clear();
            return true;
        }
        if (line.empty() || line[0] == '#')
            continue;
        error.place = "line " + std::to_string(i + 1);
        const std::size_t colon = line.find(':');
        const std::string key = colon == std::string::npos ? line : trim(line.substr(0, colon));
        const std::string value = colon == std::string::npos ? std::string() : trim(line.substr(colon + 1));
        const std::size_t space = value.find_last_of(" \t");
        if (key == "title")
            out.title = value;
        else if (key == "description")
            out.description = value;
        else if ((key == "link" || key == "capture") && space != std::string::npos) {
            const std::string first = trim(value.substr(0, space)), second = value.substr(space + 1);
            if (key == "link" && HtmlText::safeHref(second).empty()) {
                error.message = "link: \"" + TextEscape::terminal(second) + "\" is not an http(s) or relative URL";
                return false;
            }
            (key == "link" ? out.links : out.names).emplace_back(first, second);
        } else {
            error.message = key == "link" || key == "capture"
                ? key + ": needs " + (key == "link" ? "a label and a URL" : "a name and a file")
                : "unknown front matter \"" + TextEscape::terminal(key) + "\"; it takes title, description, link and capture";
            return false;
        }
    }
    error = {"", "line 1", "the front matter's \"---\" is never closed"};
    return false;
}

// Whether a line opens or closes a fenced code block (``` or ~~~), so
// figures are not looked for inside code. `fence` is the open fence.
void trackFence(const std::string &line, std::string &fence)
{
    const std::string t = trim(line);
    for (const char *mark : {"```", "~~~"}) {
        if (t.rfind(mark, 0) != 0)
            continue;
        const std::size_t n = t.find_first_not_of(mark[0]);
        const std::string run = t.substr(0, n == std::string::npos ? t.size() : n);
        if (fence.empty())
            fence = run;
        else if (run[0] == fence[0] && run.size() >= fence.size() && trim(t.substr(run.size())).empty())
            fence.clear();
        return;
    }
}

// Each "{{ ... }}" of the prose parsed into `out.figures` and replaced by
// its mark. False with `error` set.
bool markFigures(std::vector<std::string> &lines, PageSource &out, LoadError &error)
{
    std::string fence;
    for (std::size_t i = 0; i < lines.size(); ++i) {
        std::string &line = lines[i];
        for (const std::string *mark : {&kOpen, &kClose})
            for (std::size_t at; (at = line.find(*mark)) != std::string::npos;)
                line.replace(at, mark->size(), "\xEF\xBF\xBD");
        const bool wasCode = !fence.empty();
        trackFence(line, fence);
        if (wasCode || !fence.empty())
            continue;
        for (std::size_t open; (open = line.find("{{")) != std::string::npos;) {
            const std::size_t close = line.find("}}", open + 2);
            error.place = "line " + std::to_string(i + 1);
            if (close == std::string::npos) {
                error.message = "\"{{\" without \"}}\" on the same line";
                return false;
            }
            PageFigure f;
            if (!PageFigure::parse(line.substr(open + 2, close - open - 2), i + 1, f, error.message))
                return false;
            line.replace(open, close + 2 - open, kOpen + std::to_string(out.figures.size()) + kClose);
            out.figures.push_back(std::move(f));
        }
    }
    return true;
}

} // namespace

bool PageSource::read(const std::string &path, PageSource &out, LoadError &error)
{
    const std::optional<std::string> text = FileIO::readFile(path, error);
    if (text && text->size() > kMaxBytes) {
        error = {path, {}, "a page file of more than 4 MiB; a page is prose and blocks, its figures come from the captures"};
        return false;
    }
    return text && parse(path, *text, out, error);
}

bool PageSource::parse(const std::string &path, const std::string &text, PageSource &out, LoadError &error)
{
    out = {};
    out.path = path;
    error = {};
    std::vector<std::string> lines = splitLines(text);
    bool ok = frontMatter(lines, out, error) && markFigures(lines, out, error);
    std::string body;
    for (const std::string &line : lines)
        body += line + "\n";
    std::vector<std::string> ids;
    for (MarkdownHtml::Piece &piece : ok ? MarkdownHtml::render(body, "benchscope", ids) : std::vector<MarkdownHtml::Piece>{}) {
        if (!piece.html.empty())
            out.parts.push_back({std::move(piece.html), false, 0, {}});
        if (!piece.hasFence)
            continue;
        PageBlock block;
        if (!PageBlock::parse(piece.fence.text, piece.fence.line, block, error)) {
            ok = false;
            break;
        }
        out.parts.push_back({{}, true, out.blocks.size(), piece.fence.headingId});
        out.blocks.push_back(std::move(block));
    }
    if (!ok)
        error.file = path;
    return ok;
}

std::string PageSource::resolve(const std::string &reference) const
{
    std::string file = reference;
    for (const auto &[name, target] : names)
        if (name == reference)
            file = target;
    const std::filesystem::path p(file);
    if (p.is_absolute())
        return file;
    return (std::filesystem::path(path).parent_path() / p).lexically_normal().string();
}

std::vector<std::string> PageSource::captureFiles() const
{
    std::vector<std::string> files;
    auto add = [&](const std::vector<std::string> &refs) {
        for (const std::string &ref : refs)
            if (const std::string f = resolve(ref); std::find(files.begin(), files.end(), f) == files.end())
                files.push_back(f);
    };
    for (const Part &part : parts)
        if (part.isBlock)
            add(blocks[part.block].captures);
    for (const PageFigure &f : figures)
        add(f.captures);
    return files;
}

std::string PageSource::prose(const Part &part, const std::vector<std::string> &texts) const
{
    std::string html = part.html;
    for (std::size_t at; (at = html.find(kOpen)) != std::string::npos;) {
        const std::size_t close = html.find(kClose, at);
        const std::size_t index = std::stoul(html.substr(at + kOpen.size(), close - at - kOpen.size()));
        html.replace(at, close + kClose.size() - at,
                     index < texts.size() ? "<span class=\"figure\">" + TextEscape::html(texts[index]) + "</span>" : "");
    }
    return html;
}

} // namespace bs
