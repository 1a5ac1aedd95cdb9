#include "capturepairing.h"

#include "capturelistmodel.h"
#include "qs.h"

#include <algorithm>

namespace CapturePairing {

namespace {

bool sameSuite(const bs::Capture &a, const bs::Capture &b)
{
    return CaptureListModel::suiteKey(a) == CaptureListModel::suiteKey(b);
}

// The suite's captures among `captures`, earliest revision first.
std::vector<CapturePtr> suiteOf(const std::vector<CapturePtr> &captures, const bs::Capture &member)
{
    std::vector<CapturePtr> suite;
    for (const CapturePtr &c : captures)
        if (c && sameSuite(*c, member))
            suite.push_back(c);
    std::stable_sort(suite.begin(), suite.end(),
                     [](const CapturePtr &a, const CapturePtr &b) { return CaptureListModel::revisionBefore(*a, *b); });
    return suite;
}

// The capture to pair when none is named: the latest of the last suite
// that has two or more open, else the last capture.
CapturePtr fallbackCurrent(const std::vector<CapturePtr> &captures)
{
    CapturePtr last;
    for (auto it = captures.rbegin(); it != captures.rend(); ++it) {
        if (!*it)
            continue;
        if (!last)
            last = *it;
        const std::vector<CapturePtr> suite = suiteOf(captures, **it);
        if (suite.size() >= 2)
            return suite.back();
    }
    return last;
}

} // namespace

CapturePtr predecessor(const std::vector<CapturePtr> &captures, const CapturePtr &after)
{
    if (!after)
        return nullptr;
    CapturePtr earlier, later;
    for (const CapturePtr &c : captures) {
        if (!c || c == after || !sameSuite(*c, *after))
            continue;
        if (CaptureListModel::revisionBefore(*c, *after)) {
            if (!earlier || CaptureListModel::revisionBefore(*earlier, *c))
                earlier = c;
        } else if (!later || CaptureListModel::revisionBefore(*c, *later)) {
            later = c;
        }
    }
    return earlier ? earlier : later;
}

Pair defaultPair(const std::vector<CapturePtr> &captures, const CapturePtr &current, const BaselineSet &baselines)
{
    const CapturePtr focus = current ? current : fallbackCurrent(captures);
    if (!focus)
        return {};
    std::vector<CapturePtr> offered = captures;
    if (std::find(offered.begin(), offered.end(), focus) == offered.end())
        offered.push_back(focus);
    const std::vector<CapturePtr> suite = suiteOf(offered, *focus);
    if (suite.size() < 2)
        return {nullptr, focus,
                QStringLiteral("Only one capture of the suite “%1” is open: open another revision of it to compare "
                               "(captures of other suites are not paired unless you pick them).")
                    .arg(qs(focus->suite.name()))};
    for (const CapturePtr &c : suite)
        if (baselines.isBaseline(*c) && c != suite.back())
            return {c, suite.back(), {}};
    CapturePtr before = predecessor(offered, focus), after = focus;
    if (CaptureListModel::revisionBefore(*after, *before))
        std::swap(before, after);
    return {before, after, {}};
}

} // namespace CapturePairing
