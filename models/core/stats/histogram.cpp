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

long Histogram::checkBuckets(const std::vector<Bucket> &buckets, std::string &why)
{
    std::uint64_t total = 0;
    for (std::size_t i = 0; i < buckets.size(); ++i) {
        if (buckets[i].first > kMaxIndex) {
            why = "bucket index " + std::to_string(buckets[i].first) + " is above " + std::to_string(kMaxIndex)
                + ", the bucket of the largest 64-bit value";
            return long(2 * i);
        }
        if (__builtin_add_overflow(total, buckets[i].second, &total)) {
            why = "the bucket counts add up to more than 2^64 - 1";
            return long(2 * i + 1);
        }
    }
    return -1;
}

void Histogram::setBuckets(std::vector<Bucket> buckets)
{
    // Already canonical (as every file we write is): take it as it is.
    bool canonical = true;
    for (std::size_t i = 0; i < buckets.size() && canonical; ++i)
        canonical = buckets[i].second != 0 && (i == 0 || buckets[i - 1].first < buckets[i].first);
    if (canonical) {
        m_buckets = std::move(buckets);
        return;
    }
    std::sort(buckets.begin(), buckets.end(),
              [](const Bucket &a, const Bucket &b) { return a.first < b.first; });
    m_buckets.clear();
    m_buckets.reserve(buckets.size());
    for (const Bucket &b : buckets) {
        if (b.second == 0)
            continue;
        if (!m_buckets.empty() && m_buckets.back().first == b.first)
            m_buckets.back().second += b.second;
        else
            m_buckets.push_back(b);
    }
}

void Histogram::record(std::uint64_t value, std::uint64_t count)
{
    if (count == 0)
        return;
    const std::uint32_t index = indexFor(value);
    auto it = std::lower_bound(m_buckets.begin(), m_buckets.end(), index,
                               [](const Bucket &b, std::uint32_t i) { return b.first < i; });
    if (it != m_buckets.end() && it->first == index)
        it->second += count;
    else
        m_buckets.insert(it, Bucket(index, count));
}

void Histogram::merge(const Histogram &other)
{
    std::vector<Bucket> merged;
    merged.reserve(m_buckets.size() + other.m_buckets.size());
    std::merge(m_buckets.begin(), m_buckets.end(), other.m_buckets.begin(), other.m_buckets.end(),
               std::back_inserter(merged),
               [](const Bucket &a, const Bucket &b) { return a.first < b.first; });
    setBuckets(std::move(merged));
}

std::uint64_t Histogram::totalCount() const
{
    std::uint64_t total = 0;
    for (const Bucket &b : m_buckets)
        total += b.second;
    return total;
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
    return highestEquivalent(m_buckets.back().first);
}

std::uint64_t Histogram::minValue() const
{
    return m_buckets.empty() ? 0 : lowestEquivalent(m_buckets.front().first);
}

std::uint64_t Histogram::maxValue() const
{
    return m_buckets.empty() ? 0 : highestEquivalent(m_buckets.back().first);
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
