#include "wholegzip.h"

#include <libdeflate.h>

#include <sys/mman.h>

#include <algorithm>
#include <memory>
#include <vector>

namespace bs {

namespace {

// The rest of `source`; false when it holds more than `most` bytes.
bool readAll(std::streambuf &source, std::uint64_t most, std::vector<char> &bytes)
{
    std::size_t have = 0;
    for (;;) {
        bytes.resize(have + std::max<std::size_t>(1 << 20, have / 2));
        const std::streamsize n = source.sgetn(bytes.data() + have, std::streamsize(bytes.size() - have));
        if (n <= 0)
            break;
        have += std::size_t(n);
        if (have > most)
            return false;
    }
    bytes.resize(have);
    bytes.shrink_to_fit();
    return true;
}

bool isMember(const std::vector<char> &in, std::size_t at)
{
    return in.size() - at >= 2 && in[at] == '\x1f' && in[at + 1] == '\x8b';
}

} // namespace

WholeGzip::~WholeGzip()
{
    if (m_data)
        munmap(m_data, m_mapped);
}

bool WholeGzip::inflate(std::streambuf &source, std::uint64_t compressedCap, std::uint64_t cap)
{
    std::vector<char> in;
    if (!readAll(source, compressedCap, in))
        return false;
    cap = std::min<std::uint64_t>(cap, kMaxRatio * in.size() + (1 << 20));
    // Reserved, not taken: a page costs memory once written.
    void *map = mmap(nullptr, cap, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (map == MAP_FAILED)
        return false;
    m_data = static_cast<char *>(map);
    m_mapped = cap;
    const std::unique_ptr<libdeflate_decompressor, void (*)(libdeflate_decompressor *)> d(
        libdeflate_alloc_decompressor(), libdeflate_free_decompressor);
    if (!d)
        return false;
    std::size_t at = 0;
    while (at < in.size()) { // `cat a.gz b.gz`: one member after another
        std::size_t used = 0, got = 0;
        if (!isMember(in, at)
            || libdeflate_gzip_decompress_ex(d.get(), in.data() + at, in.size() - at, m_data + m_size, cap - m_size,
                                             &used, &got)
                != LIBDEFLATE_SUCCESS)
            return false;
        at += used;
        m_size += got;
    }
    return at > 0;
}

void WholeGzip::release(const char *to)
{
    constexpr std::uint64_t step = 2 << 20; // a system call per 2 MiB read
    const std::uint64_t end = std::uint64_t(to - m_data) / step * step;
    if (end > m_released) {
        madvise(m_data + m_released, end - m_released, MADV_DONTNEED);
        m_released = end;
    }
}

} // namespace bs
