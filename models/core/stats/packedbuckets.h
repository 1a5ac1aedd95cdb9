#pragma once

#include <cstddef>
#include <cstdint>
#include <iterator>
#include <utility>
#include <vector>

namespace bs {

// A histogram's buckets, (counts index, count) with indices rising and no
// zero count, packed as variable-length integers: each index as its step
// from the one before, each count less one, seven bits a byte. A capture's
// histograms are most of its numbers, and a bucket takes two or three bytes
// here where a pair of integers takes sixteen. Read in order only (every
// use of a histogram walks it from its lowest bucket).
class PackedBuckets {
public:
    using Bucket = std::pair<std::uint32_t, std::uint64_t>;

    class const_iterator {
    public:
        using iterator_category = std::forward_iterator_tag;
        using value_type = Bucket;
        using difference_type = std::ptrdiff_t;
        using pointer = const Bucket *;
        using reference = const Bucket &;

        const Bucket &operator*() const { return m_bucket; }
        const Bucket *operator->() const { return &m_bucket; }
        const_iterator &operator++()
        {
            m_p = m_next;
            decode();
            return *this;
        }
        bool operator==(const const_iterator &o) const { return m_p == o.m_p; }
        bool operator!=(const const_iterator &o) const { return m_p != o.m_p; }

    private:
        friend class PackedBuckets;
        const_iterator(const unsigned char *p, const unsigned char *end) : m_p(p), m_next(p), m_end(end) { decode(); }
        void decode();

        const unsigned char *m_p;
        const unsigned char *m_next;
        const unsigned char *m_end;
        Bucket m_bucket{0, 0};
        std::uint32_t m_base = 0; // the lowest index the next bucket may have
    };

    // Whether (index, count) may follow the last bucket: a higher index and a count above 0.
    bool fits(std::uint32_t index, std::uint64_t count) const { return count > 0 && (m_size == 0 || index > m_last); }
    // Adds a bucket that fits() after the last.
    void append(std::uint32_t index, std::uint64_t count);
    void clear();
    void shrinkToFit() { m_bytes.shrink_to_fit(); }

    std::size_t size() const { return m_size; }
    bool empty() const { return m_size == 0; }
    const_iterator begin() const { return {m_bytes.data(), m_bytes.data() + m_bytes.size()}; }
    const_iterator end() const { return {m_bytes.data() + m_bytes.size(), m_bytes.data() + m_bytes.size()}; }
    Bucket front() const { return *begin(); }
    std::uint32_t lastIndex() const { return m_last; }
    // The bytes held, and reserved (for a reader's memory budget).
    std::size_t bytes() const { return m_bytes.size(); }
    std::size_t capacity() const { return m_bytes.capacity(); }
    // The most bytes one append() adds.
    static constexpr std::size_t kMaxAppendBytes = 15;

    bool operator==(const PackedBuckets &o) const { return m_size == o.m_size && m_bytes == o.m_bytes; }
    bool operator!=(const PackedBuckets &o) const { return !(*this == o); }

private:
    std::vector<unsigned char> m_bytes;
    std::size_t m_size = 0;
    std::uint32_t m_last = 0;
};

} // namespace bs
