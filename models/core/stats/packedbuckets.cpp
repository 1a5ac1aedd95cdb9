#include "packedbuckets.h"

namespace bs {

namespace {
unsigned char *put(unsigned char *out, std::uint64_t v)
{
    while (v >= 0x80) {
        *out++ = static_cast<unsigned char>(v | 0x80);
        v >>= 7;
    }
    *out++ = static_cast<unsigned char>(v);
    return out;
}

std::uint64_t get(const unsigned char *&p)
{
    std::uint64_t v = 0;
    for (int shift = 0;; shift += 7) {
        const unsigned char b = *p++;
        v |= std::uint64_t(b & 0x7f) << shift;
        if (b < 0x80)
            return v;
    }
}
} // namespace

void PackedBuckets::const_iterator::decode()
{
    if (m_p == m_end)
        return;
    const unsigned char *p = m_p;
    m_bucket.first = m_base + std::uint32_t(get(p));
    m_bucket.second = get(p) + 1;
    m_base = m_bucket.first + 1;
    m_next = p;
}

void PackedBuckets::append(std::uint32_t index, std::uint64_t count)
{
    unsigned char bytes[kMaxAppendBytes];
    unsigned char *end = put(put(bytes, index - (m_size == 0 ? 0 : m_last + 1)), count - 1);
    m_bytes.insert(m_bytes.end(), bytes, end);
    m_last = index;
    ++m_size;
}

void PackedBuckets::clear()
{
    m_bytes.clear();
    m_size = 0;
    m_last = 0;
}

} // namespace bs
