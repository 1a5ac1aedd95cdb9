#include "seriesreading.h"

#include "summarizer.h"

#include <algorithm>

namespace bs {

namespace {

// Fewer revisions than this are too few for their successive differences
// to tell noise from steps, or a running median a level from a step: in a
// history of six revisions with three real changes, half of them are steps.
constexpr std::size_t kFewRevisions = 20;

// σ of a normal sample from its median absolute deviation (1.4826 · MAD);
// 0 when more than half the values are equal.
double robustSigma(std::vector<double> x)
{
    if (x.empty())
        return 0;
    const double centre = Summarizer::median(x);
    for (double &v : x)
        v = std::fabs(v - centre);
    return 1.4826 * Summarizer::median(std::move(x));
}

// The values of revisions [begin, end) together, sorted.
std::vector<double> gather(const std::vector<std::vector<double>> &perRevision, std::size_t begin, std::size_t end)
{
    std::vector<double> v;
    for (std::size_t k = begin; k < end; ++k)
        v.insert(v.end(), perRevision[k].begin(), perRevision[k].end());
    std::sort(v.begin(), v.end());
    return v;
}

} // namespace

SeriesReading::SeriesReading(const std::vector<HistoryPoint> &points, double minChangePct)
{
    for (std::size_t i = 0; i < points.size(); ++i)
        if (points[i].usable() && points[i].hasValues())
            usable.push_back(i);
    logScale = std::all_of(usable.begin(), usable.end(), [&](std::size_t i) {
        return std::all_of(points[i].values.begin(), points[i].values.end(), [](double v) { return v > 0; });
    });
    runs.resize(usable.size());
    m_values.resize(usable.size());
    m_setAside.assign(usable.size(), 0);
    medians.resize(usable.size());
    for (std::size_t k = 0; k < usable.size(); ++k) {
        m_values[k] = points[usable[k]].values;
        std::sort(m_values[k].begin(), m_values[k].end());
        for (double v : m_values[k]) // the scale is increasing: the runs stay sorted
            runs[k].push_back(scale(v));
        medians[k] = Summarizer::medianOfSorted(runs[k]);
    }
    setOutliersAside(minChangePct);
}

// An outlier run cannot make a step: six ×1.5 runs in four revisions lift
// their medians and their pooled runs as much as a real step of 8% would,
// but they lie far from the runs around them, where the runs of a revision
// that moved lie together. The local level is the running median of nine
// revisions' medians, which follows a step from its first revision on
// (a running median keeps an edge) and is not moved by up to four
// revisions of outliers; the limit is at least the minimum change, so runs
// that agree to within it (σ 0 for identical runs) are never set aside.
void SeriesReading::setOutliersAside(double minChangePct)
{
    if (runs.size() < kFewRevisions)
        return;
    std::vector<double> within;
    for (const std::vector<double> &r : runs)
        if (r.size() > 2)
            within.push_back(robustSigma(r));
    if (within.empty())
        return;
    const double sigmaRun = Summarizer::median(within);
    const std::size_t n = runs.size(), width = std::min(n, 2 * kLevelReach + 1);
    std::vector<double> level(n);
    for (std::size_t k = 0; k < n; ++k) {
        // The window keeps its width at the ends, shifted inwards.
        const std::size_t from = std::min(k > kLevelReach ? k - kLevelReach : 0, n - width);
        level[k] = Summarizer::median(std::vector<double>(medians.begin() + std::ptrdiff_t(from),
                                                          medians.begin() + std::ptrdiff_t(from + width)));
    }
    for (std::size_t k = 0; k < n; ++k) {
        const double minimum = logScale ? std::log1p(minChangePct / 100) : minChangePct / 100 * std::fabs(level[k]);
        const double limit = std::max(kOutlierSigmas * sigmaRun, minimum);
        auto far = [&](double v) { return std::fabs(v - level[k]) > limit; };
        const std::size_t count = std::size_t(std::count_if(runs[k].begin(), runs[k].end(), far));
        if (count == 0 || 2 * count >= runs[k].size())
            continue;
        std::vector<double> keptRuns, keptValues;
        for (std::size_t j = 0; j < runs[k].size(); ++j)
            if (!far(runs[k][j])) {
                keptRuns.push_back(runs[k][j]);
                keptValues.push_back(m_values[k][j]);
            }
        runs[k].swap(keptRuns);
        m_values[k].swap(keptValues);
        m_setAside[k] = count;
        medians[k] = Summarizer::medianOfSorted(runs[k]);
    }
}

double SeriesReading::sigma() const
{
    std::vector<double> diffs, within;
    for (std::size_t k = 1; k < medians.size(); ++k)
        diffs.push_back(medians[k] - medians[k - 1]);
    // A median of n runs has the noise of one run times 1.2533 / √n.
    for (const std::vector<double> &r : runs)
        if (r.size() > 1)
            within.push_back(robustSigma(r) * 1.2533 / std::sqrt(double(r.size())));
    const double fromSteps = diffs.size() + 1 >= kFewRevisions ? robustSigma(diffs) / std::sqrt(2.0) : 0;
    const double fromRuns = within.empty() ? 0 : Summarizer::median(std::move(within));
    double floor = 1e-6; // a relative millionth on the log scale
    if (!logScale)
        floor = std::max(1e-12, 1e-6 * std::fabs(Summarizer::median(medians)));
    return std::max({fromSteps, fromRuns, floor});
}

std::vector<double> SeriesReading::pool(std::size_t begin, std::size_t end) const
{
    return gather(runs, begin, end);
}

std::vector<double> SeriesReading::values(std::size_t begin, std::size_t end) const
{
    return gather(m_values, begin, end);
}

std::size_t SeriesReading::setAside(std::size_t begin, std::size_t end) const
{
    std::size_t n = 0;
    for (std::size_t k = begin; k < end; ++k)
        n += m_setAside[k];
    return n;
}

} // namespace bs
