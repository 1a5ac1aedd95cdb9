#pragma once

#include "loaderror.h"

#include <cstddef>
#include <string>
#include <vector>

namespace bs {

// One ```benchscope block of an authored page: which captures, and which
// of Benchscope's sections of them stands there (docs/publish.md, "The
// block language"). Lines are `key: value`; `#` at a line's start or
// after a space starts a comment.
//
//   captures: http/saturation.json.gz     # paths relative to the page, or names from the front matter
//   show: all-cases                       # what to show of them (below)
//   metric: rps                           # for all-cases and chart: which metric (default: the primary)
//   case: get-user                        # for a chart of one case
struct PageBlock {
    enum class Show {
        Suite,      // everything the plain `publish` shows of these captures (the default)
        Tables,     // the tab set: All cases and a tab per case
        AllCases,   // the all-cases table (and its bars) of `metric`
        Case,       // one case's table and charts (`argument`: the case id)
        Contract,   // the shared contract
        Coverage,   // route coverage
        Provenance, // machine, tools, conditions
        Caveats,    // the conditions and caveats
        Downloads,  // the captures' files
        Diff,       // before/after of two captures, in the order given
        History,    // the history of three or more (or two) captures
        Chart,      // one chart (`argument`: bars, or range, box, latency of `caseId`)
    };

    std::size_t line = 0; // the block's first line in the page file
    std::vector<std::string> captures;
    Show show = Show::Suite;
    std::string argument; // the case of Show::Case, the kind of Show::Chart
    std::string metric;   // all-cases, chart: the metric (default: the capture's primary)
    std::string caseId;   // chart range|box|latency: the case

    // The block's text (from `firstLine` on); false with `error.place` and
    // `error.message` set (the caller names the file).
    static bool parse(const std::string &text, std::size_t firstLine, PageBlock &out, LoadError &error);
    // "all-cases", "case", ...: the words of `show:`.
    static const char *showName(Show s);
};

} // namespace bs
