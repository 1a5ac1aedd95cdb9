#pragma once

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

    using Bucket = std::pair<std::uint32_t, std::uint64_t>; // (counts index, count)

    Histogram() = default;
    explicit Histogram(std::string unit) : m_unit(std::move(unit)) { }

    static std::uint32_t indexFor(std::uint64_t value);
    static std::uint64_t lowestEquivalent(std::uint32_t index);
    static std::uint64_t highestEquivalent(std::uint32_t index);

    const std::string &unit() const { return m_unit; }
    void setUnit(std::string unit) { m_unit = std::move(unit); }

    // Buckets sorted by index, no zero counts.
    const std::vector<Bucket> &buckets() const { return m_buckets; }
    // Takes buckets in any order; merges duplicates and drops zero counts.
    // Indices above kMaxIndex and counts that add up past 2^64 - 1 are for
    // the reader to refuse first (checkBuckets).
    void setBuckets(std::vector<Bucket> buckets);
    // Where `buckets` (as read) first breaks the layout, as the element in a
    // flat index/count list (-1 when it does not), and why.
    static long checkBuckets(const std::vector<Bucket> &buckets, std::string &why);

    void record(std::uint64_t value, std::uint64_t count = 1);
    void merge(const Histogram &other);

    std::uint64_t totalCount() const;
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
    std::vector<Bucket> m_buckets;
};

} // namespace bs
