#pragma once

#include "capture.h"
#include "provenancediff.h"

#include <optional>
#include <string>
#include <vector>

namespace bs {

// What two captures of one suite are to a page that shows them (docs/diff.md
// "A pair on a page"): a before/after only when their order is known and
// their provenance allows a comparison; otherwise two captures, each shown,
// with the reason named. The order is never guessed (no file name, no
// capture time): it is what the user said (`stated`: the two named in this
// order, as diff's BEFORE AFTER), else what the captures record (one's
// revision.parent is the other's id), else their revisions' own dates.
struct CapturePair {
    enum class Kind {
        BeforeAfter,  // compared: `before` → `after`
        OrderUnknown, // nothing says which came first
        Incomparable, // measured under other conditions (`forbidding`)
    };
    Kind kind = Kind::OrderUnknown;
    // Indexes into (first, second): 0 and 1, or 1 and 0.
    std::size_t before = 0;
    std::size_t after = 1;
    // How the order is known, or why there is no before/after, in words.
    std::string reason;
    std::vector<ProvenanceWarning> forbidding;

    static CapturePair of(const Capture &first, const Capture &second, bool stated);
    // Whether `a` comes before `b` by what they record (parent, then
    // revision dates that differ); nullopt when they do not say.
    static std::optional<bool> recordedOrder(const Capture &a, const Capture &b);
};

} // namespace bs
