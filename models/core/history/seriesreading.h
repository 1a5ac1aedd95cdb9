#pragma once

#include "historyseries.h"

#include <cmath>
#include <cstddef>
#include <vector>

namespace bs {

// One series read for the change-point search (docs/history.md, "Change
// points"): its usable points and, per usable point, its runs on the
// series' scale (the log where every run is positive) with the outlier
// runs set aside, and their median, the observation PELT segments.
//
// An outlier run is one of a minority of a revision's runs that lies far
// from the series' local level: beyond kOutlierSigmas robust σ of the runs
// within revisions and beyond the minimum change, from the running median
// of nine revisions' medians (which keeps a step's edge where it is).
// When half or more of a revision's runs lie there, the revision moved and
// every run counts. A series of fewer than 20 usable revisions keeps every
// run (too few to tell a level from a step).
class SeriesReading {
public:
    SeriesReading(const std::vector<HistoryPoint> &points, double minChangePct);

    // The noise of one revision's median: the larger of what successive
    // medians say (robust to the steps: the MAD of their differences / √2)
    // and what the runs within revisions say, never 0.
    double sigma() const;

    // The runs kept of usable revisions [begin, end), on the series' scale, sorted.
    std::vector<double> pool(std::size_t begin, std::size_t end) const;
    // The same runs in the series' unit, sorted.
    std::vector<double> values(std::size_t begin, std::size_t end) const;
    // How many runs of usable revisions [begin, end) were set aside.
    std::size_t setAside(std::size_t begin, std::size_t end) const;

    double back(double v) const { return logScale ? std::exp(v) : v; }

    std::vector<std::size_t> usable; // indexes of the usable points
    bool logScale = true;
    std::vector<std::vector<double>> runs; // per usable point, kept, sorted
    std::vector<double> medians;           // per usable point, of the kept runs

    // A run further than this many robust σ of the runs within revisions
    // from the local level may be an outlier.
    static constexpr double kOutlierSigmas = 4;
    // The local level is the median of the medians of this many revisions
    // either side (nine in all, shifted inwards at the series' ends).
    static constexpr std::size_t kLevelReach = 4;

private:
    double scale(double v) const { return logScale ? std::log(v) : v; }
    void setOutliersAside(double minChangePct);

    std::vector<std::vector<double>> m_values; // per usable point, kept, in the unit
    std::vector<std::size_t> m_setAside;       // per usable point
};

} // namespace bs
