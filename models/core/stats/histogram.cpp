#include "histogram.h"

#include <algorithm>
#include <cmath>

namespace bs {

namespace {
constexpr std::uint64_t kSubBucketMask = Histogram::kSubBucketCount - 1;

int bucketIndexOf(std::uint64_t value)
{
    // Position of the highest set bit of (value | mask), relative to the
    // first bucket, which covers [0, 2048) at unit resolution.
    return 64 - __builtin_clzll(value | kSubBucketMask) - (Histogram::kSubBucketHalfCountMagnitude + 1);
}

void split(std::uint32_t index, int &bucket, std::uint64_t &subBucket)
{
    bucket = int(index >> Histogram::kSubBucketHalfCountMagnitude) - 1;
    subBucket = (index & (Histogram::kSubBucketHalfCount - 1)) + Histogram::kSubBucketHalfCount;
    if (bucket < 0) {
        subBucket -= Histogram::kSubBucketHalfCount;
        bucket = 0;
    }
}
} // namespace

std::uint32_t Histogram::indexFor(std::uint64_t value)
{
    const int bucket = bucketIndexOf(value);
    const std::uint64_t subBucket = value >> bucket;
    return std::uint32_t(((std::uint64_t(bucket) + 1) << kSubBucketHalfCountMagnitude)
                         + (subBucket - kSubBucketHalfCount));
}

std::uint64_t Histogram::lowestEquivalent(std::uint32_t index)
{
    int bucket;
    std::uint64_t subBucket;
    split(index, bucket, subBucket);
    return subBucket << bucket;
}

std::uint64_t Histogram::highestEquivalent(std::uint32_t index)
{
    int bucket;
    std::uint64_t subBucket;
    split(index, bucket, subBucket);
    return (subBucket << bucket) + ((std::uint64_t(1) << bucket) - 1);
}

bool Histogram::Check::fail(std::uint32_t index, long element)
{
    if (m_failedAt >= 0)
        return false;
    if (index > kMaxIndex) {
        m_why = "bucket index " + std::to_string(index) + " is above " + std::to_string(kMaxIndex)
            + ", the bucket of the largest 64-bit value";
        m_failedAt = element;
    } else {
        m_why = "the bucket counts add up to more than 2^64 - 1";
        m_failedAt = element + 1;
    }
    return false;
}

void Histogram::setBuckets(PackedBuckets buckets)
{
    m_buckets = std::move(buckets);
    m_total = 0;
    for (const Bucket &b : m_buckets)
        m_total += b.second;
}

void Histogram::setBuckets(std::vector<Bucket> buckets)
{
    std::stable_sort(buckets.begin(), buckets.end(),
                     [](const Bucket &a, const Bucket &b) { return a.first < b.first; });
    PackedBuckets packed;
    for (std::size_t i = 0; i < buckets.size();) {
        Bucket sum = buckets[i];
        for (++i; i < buckets.size() && buckets[i].first == sum.first; ++i)
            sum.second += buckets[i].second;
        if (sum.second != 0)
            packed.append(sum.first, sum.second);
    }
    packed.shrinkToFit();
    setBuckets(std::move(packed));
}

void Histogram::merge(const Histogram &other)
{
    PackedBuckets merged;
    auto a = m_buckets.begin(), b = other.m_buckets.begin();
    const auto aEnd = m_buckets.end(), bEnd = other.m_buckets.end();
    while (a != aEnd || b != bEnd) {
        if (b == bEnd || (a != aEnd && a->first < b->first)) {
            merged.append(a->first, a->second);
            ++a;
        } else if (a == aEnd || b->first < a->first) {
            merged.append(b->first, b->second);
            ++b;
        } else {
            if (const std::uint64_t sum = a->second + b->second; sum != 0) // 0: wrapped, which readers refuse first
                merged.append(a->first, sum);
            ++a;
            ++b;
        }
    }
    merged.shrinkToFit();
    m_buckets = std::move(merged);
    m_total += other.m_total;
}

std::uint64_t Histogram::valueAtPercentile(double p) const
{
    if (m_buckets.empty())
        return 0;
    p = std::clamp(p, 0.0, 100.0);
    const std::uint64_t total = totalCount();
    std::uint64_t target = std::uint64_t(std::ceil(p / 100.0 * double(total)));
    target = std::max<std::uint64_t>(target, 1);
    std::uint64_t seen = 0;
    for (const Bucket &b : m_buckets) {
        seen += b.second;
        if (seen >= target)
            return highestEquivalent(b.first);
    }
    return highestEquivalent(m_buckets.lastIndex());
}

std::uint64_t Histogram::minValue() const
{
    return m_buckets.empty() ? 0 : lowestEquivalent(m_buckets.front().first);
}

std::uint64_t Histogram::maxValue() const
{
    return m_buckets.empty() ? 0 : highestEquivalent(m_buckets.lastIndex());
}

double Histogram::mean() const
{
    const std::uint64_t total = totalCount();
    if (total == 0)
        return 0;
    double sum = 0;
    for (const Bucket &b : m_buckets) {
        const double mid = (double(lowestEquivalent(b.first)) + double(highestEquivalent(b.first))) / 2.0;
        sum += mid * double(b.second);
    }
    return sum / double(total);
}

} // namespace bs
