#pragma once

#include <cstdint>
#include <streambuf>

namespace bs {

// A gzip file inflated whole by libdeflate (about twice zlib's speed), into
// memory mapped for it and given back page by page as it is read, so that it
// costs no more memory at its peak than the compressed and the decoded bytes
// together, and the decoded bytes only until the parser has passed them.
// The output is bounded: it never takes more than the cap given, whatever
// size the gzip trailer declares.
class WholeGzip {
public:
    WholeGzip() = default;
    ~WholeGzip();
    WholeGzip(const WholeGzip &) = delete;
    WholeGzip &operator=(const WholeGzip &) = delete;

    // Reads `source` to its end and inflates every member. False when it
    // holds more than `compressedCap` bytes, the content passes `cap` bytes,
    // a member is corrupt or cut short, or anything but another member
    // follows one: the caller then inflates as a stream with zlib, which
    // says where and why.
    bool inflate(std::streambuf &source, std::uint64_t compressedCap, std::uint64_t cap);

    const char *data() const { return m_data; }
    std::uint64_t size() const { return m_size; }
    // Gives back the memory before `to` (a place in data()), in steps of 2 MiB.
    void release(const char *to);

    // At most this many decoded bytes per compressed byte (plus a MiB):
    // more is inflated as a stream, so that a bomb never takes its size.
    static constexpr std::uint64_t kMaxRatio = 32;

private:
    char *m_data = nullptr;
    std::uint64_t m_mapped = 0;
    std::uint64_t m_size = 0;
    std::uint64_t m_released = 0;
};

} // namespace bs
