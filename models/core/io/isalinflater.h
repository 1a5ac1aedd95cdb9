#pragma once

#include <cstddef>
#include <memory>

struct inflate_state;

namespace bs {

// One gzip stream inflated by ISA-L (igzip), about twice zlib's speed, in
// whatever windows the caller gives it. It says only whether a member
// ended or something went wrong, not what: InputStreamBuf then reads the
// stream again with zlib, so that every error keeps zlib's words and place.
class IsalInflater {
public:
    enum class Status { Ok, MemberEnd, Error };

    IsalInflater();
    ~IsalInflater();
    IsalInflater(const IsalInflater &) = delete;
    IsalInflater &operator=(const IsalInflater &) = delete;

    // Inflates from `in` (advanced past what it took; `avail` lessened) into
    // `out`, at most `room` bytes; `produced` is how many it wrote. The
    // gzip header and trailer (CRC-32 and size) are checked.
    Status inflate(const unsigned char *&in, unsigned &avail, char *out, std::size_t room, std::size_t &produced);
    // Ready for a new member (or the stream again from its first byte).
    void reset();

private:
    std::unique_ptr<inflate_state> m_state;
};

} // namespace bs
