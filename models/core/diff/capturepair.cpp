#include "capturepair.h"

#include "capturename.h"

namespace bs {

namespace {

// "r2 records r1 as its parent", "by revision date (2026-05-01, 2026-05-02)".
std::string recordedReason(const Capture &before, const Capture &after)
{
    if (!after.revision.parent.empty() && after.revision.parent == before.revision.id)
        return CaptureName::revision(after) + " records " + CaptureName::revision(before) + " as its parent";
    return "by revision date (" + before.revision.date + ", then " + after.revision.date + ")";
}

// "connections 50 in local, 200 in remote; condition target ..." (both
// sides are stated where a difference forbids).
std::string forbiddingText(const std::vector<ProvenanceWarning> &forbidding, const Capture &first, const Capture &second)
{
    auto shown = [](const ProvenanceWarning &w, const std::string &v) { return w.quoted ? "\"" + v + "\"" : v; };
    std::string text;
    for (const ProvenanceWarning &w : forbidding)
        text += (text.empty() ? "" : "; ") + w.what + " " + shown(w, w.before) + " in " + CaptureName::revision(first)
            + ", " + shown(w, w.after) + " in " + CaptureName::revision(second);
    return text;
}

} // namespace

std::optional<bool> CapturePair::recordedOrder(const Capture &a, const Capture &b)
{
    const bool aParent = !b.revision.parent.empty() && b.revision.parent == a.revision.id;
    const bool bParent = !a.revision.parent.empty() && a.revision.parent == b.revision.id;
    if (aParent != bParent)
        return aParent;
    if (!a.revision.date.empty() && !b.revision.date.empty() && a.revision.date != b.revision.date)
        return a.revision.date < b.revision.date;
    return std::nullopt;
}

CapturePair CapturePair::of(const Capture &first, const Capture &second, bool stated)
{
    CapturePair pair;
    pair.forbidding = ProvenanceDiff::forbidding(ProvenanceDiff::compare(first, second));
    if (!pair.forbidding.empty()) {
        pair.kind = Kind::Incomparable;
        pair.reason = "measured under other conditions (" + forbiddingText(pair.forbidding, first, second)
            + "): two experiments, not a before/after";
        return pair;
    }
    const std::optional<bool> recorded = recordedOrder(first, second);
    if (stated || recorded) {
        pair.kind = Kind::BeforeAfter;
        if (!stated && !*recorded)
            std::swap(pair.before, pair.after);
        const Capture &before = pair.before == 0 ? first : second, &after = pair.before == 0 ? second : first;
        pair.reason = stated ? "in the order they were named" : recordedReason(before, after);
        return pair;
    }
    pair.reason = "neither records which came first (no revision.parent, no revision dates that differ) and they "
                  "were not named in an order: name them BEFORE AFTER to compare them";
    return pair;
}

} // namespace bs
