#include "histogramrecorder.h"

#include <algorithm>

namespace bs {

HistogramRecorder::HistogramRecorder(std::uint64_t highestTrackable)
    : m_counts(Histogram::indexFor(highestTrackable) + 1, 0)
{
}

void HistogramRecorder::reset()
{
    std::fill(m_counts.begin(), m_counts.end(), 0);
    m_total = 0;
}

void HistogramRecorder::add(const HistogramRecorder &other)
{
    if (other.m_counts.size() > m_counts.size())
        m_counts.resize(other.m_counts.size(), 0);
    for (std::size_t i = 0; i < other.m_counts.size(); ++i)
        m_counts[i] += other.m_counts[i];
    m_total += other.m_total;
}

Histogram HistogramRecorder::toHistogram(const std::string &unit) const
{
    PackedBuckets buckets;
    for (std::size_t i = 0; i < m_counts.size(); ++i)
        if (m_counts[i] != 0)
            buckets.append(std::uint32_t(i), m_counts[i]);
    buckets.shrinkToFit();
    Histogram h(unit);
    h.setBuckets(std::move(buckets));
    return h;
}

} // namespace bs
