#pragma once

#include "textline.h"

#include <string>
#include <vector>

namespace bs {

class CaptureBuilder;

// What every reader of a tool's text report shares (wrk, ab, hey, h2load,
// Catch2): the lines it did not read, named in one caveat, and how far the
// report got. A report that ends before its figures is refused at its last
// line, naming what was expected next; one that ends after them, before its
// last part, is read with a caveat that it is cut short.
class TextReport {
public:
    // `tool` names the report in messages ("wrk").
    explicit TextReport(std::string tool);

    // A non-blank line the reader does not know (not in the form the tool prints).
    void unread(const TextLine &line);
    // What the reader expects next, e.g. "the \"Requests/sec:\" line"; empty
    // once the report's last part is read.
    void expect(std::string next);
    const std::string &expected() const { return m_next; }

    // InputFailure at `last`: the report ends before what is expected next.
    [[noreturn]] void endsBeforeFigures(const TextLine &last) const;
    // The caveats: lines not read; cut short after its figures (what is missing).
    void addCaveats(CaptureBuilder &b, const TextLine &last) const;

private:
    std::string m_tool;
    std::string m_next;
    std::vector<TextLine> m_unread; // the first few
    std::size_t m_unreadCount = 0;
};

} // namespace bs
