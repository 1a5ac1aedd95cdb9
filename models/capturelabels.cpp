#include "capturelabels.h"

#include "capturename.h"
#include "qs.h"

#include <algorithm>

namespace {

// A title is cut when it shares this many characters (to a word's start)
// with another; the cut keeps its first words up to kLead characters.
constexpr int kSharedToCut = 20;
constexpr int kLead = 18;

bool isWordStart(const QString &text, int at)
{
    return at == 0 || at >= text.size() || text.at(at - 1).isSpace();
}

// Where `a` and `b` stop agreeing, moved back to the start of that word.
int sharedWords(const QString &a, const QString &b)
{
    int n = 0;
    while (n < a.size() && n < b.size() && a.at(n) == b.at(n))
        ++n;
    if (n == a.size() && n == b.size())
        return 0; // the same title: nothing to tell apart by cutting
    while (n > 0 && !isWordStart(a, n))
        --n;
    return n;
}

QString cut(const QString &title, int shared)
{
    int lead = 0;
    for (int at = 1; at < shared && at <= kLead; ++at)
        if (isWordStart(title, at))
            lead = at;
    return title.left(lead).trimmed() + QStringLiteral("… ") + title.mid(shared).trimmed();
}

} // namespace

QStringList CaptureLabels::suiteTitles(const QStringList &titles)
{
    QStringList shown;
    for (int i = 0; i < titles.size(); ++i) {
        int shared = 0;
        for (int j = 0; j < titles.size(); ++j)
            if (j != i)
                shared = std::max(shared, sharedWords(titles[i], titles[j]));
        shown << (shared >= kSharedToCut ? cut(titles[i], shared) : titles[i]);
    }
    return shown;
}

QStringList CaptureLabels::entries(const std::vector<const bs::Capture *> &captures)
{
    const std::vector<std::string> names = bs::CaptureName::apart(captures, true);
    QStringList out;
    for (std::size_t i = 0; i < captures.size(); ++i)
        out << mark(*captures[i]) + qs(names[i]);
    return out;
}

bool CaptureLabels::isPartial(const bs::Capture &c)
{
    const auto &caveats = c.provenance.caveats;
    return std::any_of(caveats.begin(), caveats.end(), [](const std::string &s) { return s.rfind("Partial capture", 0) == 0; })
        || std::any_of(c.results.begin(), c.results.end(),
                       [](const bs::Result &r) { return r.status == bs::ResultStatus::Cancelled; });
}

bool CaptureLabels::isFailed(const bs::Capture &c)
{
    return !c.results.empty() && std::none_of(c.results.begin(), c.results.end(), [](const bs::Result &r) {
        return r.status == bs::ResultStatus::Ok;
    });
}

QString CaptureLabels::mark(const bs::Capture &c)
{
    return isFailed(c) ? QStringLiteral("failed · ") : isPartial(c) ? QStringLiteral("partial · ") : QString();
}
