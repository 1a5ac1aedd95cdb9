#pragma once

#include "packedbuckets.h"

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace bs {

// A sparse log-linear histogram with 3 significant decimal digits, laid out
// as HdrHistogram lays out its counts (2048 sub-buckets, so any recorded
// value is known to within 1/1024 of itself). Histograms of the same layout
// merge by adding counts, which is what lets repetitions be pooled and any
// percentile recomputed later. Values are unsigned integers in `unit`
// (latency: "ns"); nothing is dropped for being large.
class Histogram {
public:
    static constexpr int kSignificantDigits = 3;
    static constexpr int kSubBucketHalfCountMagnitude = 10;
    static constexpr std::uint64_t kSubBucketCount = 2048;
    static constexpr std::uint64_t kSubBucketHalfCount = 1024;

    // The index of the bucket holding UINT64_MAX: no value has a higher one.
    static constexpr std::uint32_t kMaxIndex = 56319;

    using Bucket = PackedBuckets::Bucket; // (counts index, count)

    // Checks buckets as they are read, pair by pair: where they first break
    // the layout (an index above kMaxIndex, counts adding up past 2^64 - 1),
    // as the element in the flat index/count list, and why.
    class Check {
    public:
        // The pair whose index is element `element`; false once broken.
        bool add(std::uint32_t index, std::uint64_t count, long element)
        {
            if (m_failedAt < 0 && index <= kMaxIndex && !__builtin_add_overflow(m_total, count, &m_total))
                return true;
            return fail(index, element);
        }
        long failedAt() const { return m_failedAt; } // -1 while sound
        const std::string &why() const { return m_why; }

    private:
        bool fail(std::uint32_t index, long element);

        std::uint64_t m_total = 0;
        long m_failedAt = -1;
        std::string m_why;
    };

    Histogram() = default;
    explicit Histogram(std::string unit) : m_unit(std::move(unit)) { }

    static std::uint32_t indexFor(std::uint64_t value);
    static std::uint64_t lowestEquivalent(std::uint32_t index);
    static std::uint64_t highestEquivalent(std::uint32_t index);

    const std::string &unit() const { return m_unit; }
    void setUnit(std::string unit) { m_unit = std::move(unit); }

    // Buckets sorted by index, no zero counts.
    const PackedBuckets &buckets() const { return m_buckets; }
    // Takes buckets in any order; merges duplicates and drops zero counts.
    // Indices above kMaxIndex and counts that add up past 2^64 - 1 are for
    // the reader to refuse first (Check).
    void setBuckets(std::vector<Bucket> buckets);
    void setBuckets(PackedBuckets buckets);

    void merge(const Histogram &other);

    std::uint64_t totalCount() const { return m_total; }
    bool isEmpty() const { return m_buckets.empty(); }
    // Value at percentile p in [0, 100]: the highest value equivalent to the
    // bucket holding the ceil(p/100 * total)-th value, as HdrHistogram does.
    std::uint64_t valueAtPercentile(double p) const;
    std::uint64_t minValue() const;
    std::uint64_t maxValue() const;
    double mean() const;

    bool operator==(const Histogram &o) const { return m_unit == o.m_unit && m_buckets == o.m_buckets; }

private:
    std::string m_unit = "ns";
    PackedBuckets m_buckets;
    std::uint64_t m_total = 0;
};

} // namespace bs
