#include "pelt.h"

#include <algorithm>
#include <limits>

namespace bs {

std::vector<std::size_t> Pelt::changes(const std::vector<double> &x, double penalty, std::size_t minLength)
{
    const std::size_t n = x.size(), L = std::max<std::size_t>(minLength, 1);
    if (n < 2 * L)
        return {};
    // Prefix sums of x and x², centred on the first value so that the cost
    // of a long flat stretch does not lose its digits.
    std::vector<double> s(n + 1, 0), q(n + 1, 0);
    for (std::size_t i = 0; i < n; ++i) {
        const double v = x[i] - x[0];
        s[i + 1] = s[i] + v;
        q[i + 1] = q[i] + v * v;
    }
    auto cost = [&](std::size_t a, std::size_t b) { // segment [a, b)
        const double sum = s[b] - s[a];
        const double c = (q[b] - q[a]) - sum * sum / double(b - a);
        return c > 0 ? c : 0;
    };
    const double none = std::numeric_limits<double>::infinity();
    std::vector<double> best(n + 1, none); // F(t): the least penalised cost of x[0, t)
    std::vector<std::size_t> last(n + 1, 0); // where the last segment of that starts
    best[0] = -penalty;
    // Candidates for the start of the last segment, each at least L before t.
    std::vector<std::size_t> candidates{0}, kept;
    for (std::size_t t = L; t <= n; ++t) {
        double f = none;
        std::size_t from = 0;
        for (std::size_t c : candidates) {
            const double v = best[c] + cost(c, t) + penalty;
            if (v < f) { // the earliest start wins a tie: fewer segments
                f = v;
                from = c;
            }
        }
        best[t] = f;
        last[t] = from;
        // Prune: a start that is already worse than t by more than a
        // penalty can never start the last segment later (K = 0 for this cost).
        kept.clear();
        for (std::size_t c : candidates)
            if (best[c] + cost(c, t) <= f)
                kept.push_back(c);
        // The start that becomes L long at t + 1, when a segmentation can end there.
        if (t + 1 >= 2 * L && best[t + 1 - L] < none)
            kept.push_back(t + 1 - L);
        candidates.swap(kept);
    }
    std::vector<std::size_t> starts;
    for (std::size_t t = last[n]; t > 0; t = last[t])
        starts.push_back(t);
    return {starts.rbegin(), starts.rend()};
}

} // namespace bs
