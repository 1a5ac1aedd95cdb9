#pragma once

#include "histogram.h"

#include <cstdint>
#include <vector>

namespace bs {

// A dense, allocation-free-on-the-hot-path recorder with the same layout as
// Histogram, for the runner's per-thread recording and for importers that
// record one value at a time. Its counts array covers
// values up to `highestTrackable`; larger values are still recorded (the
// array grows), so nothing above a timeout is lost.
class HistogramRecorder {
public:
    explicit HistogramRecorder(std::uint64_t highestTrackable = 60'000'000'000ULL);

    void record(std::uint64_t value, std::uint64_t count = 1)
    {
        const std::uint32_t index = Histogram::indexFor(value);
        if (index >= m_counts.size())
            m_counts.resize(index + 1, 0);
        m_counts[index] += count;
        m_total += count;
    }
    bool isEmpty() const { return m_total == 0; }
    void reset();
    void add(const HistogramRecorder &other);
    std::uint64_t totalCount() const { return m_total; }
    Histogram toHistogram(const std::string &unit = "ns") const;

private:
    std::vector<std::uint64_t> m_counts;
    std::uint64_t m_total = 0;
};

} // namespace bs
