#include "isalinflater.h"

#include <isa-l/igzip_lib.h>

#include <algorithm>
#include <cstdint>
#include <limits>

namespace bs {

// Default-initialised, not zeroed: isal_inflate_init sets what inflation
// reads, and zeroing its 85 KiB for every file opened (a folder of
// captures is sniffed file by file) cost more than reading their heads.
IsalInflater::IsalInflater() : m_state(new inflate_state)
{
    reset();
}

IsalInflater::~IsalInflater() = default;

void IsalInflater::reset()
{
    isal_inflate_init(m_state.get());
    m_state->crc_flag = ISAL_GZIP;
}

IsalInflater::Status IsalInflater::inflate(const unsigned char *&in, unsigned &avail, char *out, std::size_t room,
                                           std::size_t &produced)
{
    inflate_state &s = *m_state;
    s.next_in = const_cast<std::uint8_t *>(in);
    s.avail_in = avail;
    s.next_out = reinterpret_cast<std::uint8_t *>(out);
    s.avail_out = std::uint32_t(std::min<std::size_t>(room, std::numeric_limits<std::uint32_t>::max()));
    const std::uint32_t given = s.avail_out;
    const int rc = isal_inflate(&s);
    in = s.next_in;
    avail = s.avail_in;
    produced = given - s.avail_out;
    if (rc != ISAL_DECOMP_OK)
        return Status::Error;
    return s.block_state == ISAL_BLOCK_FINISH ? Status::MemberEnd : Status::Ok;
}

} // namespace bs
