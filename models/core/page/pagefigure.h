#pragma once

#include "capture.h"
#include "loaderror.h"

#include <cstddef>
#include <functional>
#include <map>
#include <string>
#include <vector>

namespace bs {

// A figure written into an author's prose at publish time, so a conclusion
// cannot go stale: `{{ change BEFORE AFTER case=serialize participant=zmdb }}`
// becomes "-53.8%" from the captures (docs/publish.md, "Figures in prose").
//
//   change  BEFORE AFTER case=C participant=P [metric=M]   Δ of the medians, as the Diff page prints it
//   ratio   BEFORE AFTER case=C participant=P [metric=M]   after / before: "0.46×"
//   p       BEFORE AFTER case=C participant=P [metric=M]   the Mann–Whitney p: "0.0079"
//   verdict BEFORE AFTER case=C participant=P [metric=M]   "better", "worse", "no change established", ...
//   value   CAPTURE      case=C participant=P [metric=M]   the table's figure: "82,481 req/s"
//   against CAPTURE      case=C participant=P [metric=M]   its ratio to the baseline, as the table: "61%"
//
// A figure that cannot be computed is an error naming the page's line,
// never a blank.
struct PageFigure {
    enum class Kind { Change, Ratio, P, Verdict, Value, Against };

    std::size_t line = 0;
    std::string source;                // the text between the braces, for messages
    Kind kind = Kind::Value;
    std::vector<std::string> captures; // one (value, against) or two (before, after): references as in blocks
    std::string caseId;
    std::string participant;
    std::string metric; // empty: the (after) capture's primary metric

    // The text between "{{" and "}}"; false with `message` set.
    static bool parse(const std::string &text, std::size_t line, PageFigure &out, std::string &message);

    // The figure's text from the captures (`capture` gives a reference's
    // capture, or null); false with `message` set.
    using Lookup = std::function<const Capture *(const std::string &reference)>;
    bool evaluate(const Lookup &capture, std::string &text, std::string &message) const;
};

} // namespace bs
