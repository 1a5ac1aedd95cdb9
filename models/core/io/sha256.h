#pragma once

#include <cstdint>
#include <string>

namespace bs {

// SHA-256 (FIPS 180-4), for checking that a raw-repetitions file is the one
// its summary names. Small and dependency-free so the runner stays Qt-free
// and OpenSSL-free.
class Sha256 {
public:
    Sha256();
    void update(const void *data, std::size_t size);
    std::string hexDigest(); // finishes; call once

    static std::string hex(const std::string &bytes);

private:
    void block(const std::uint8_t *p);

    std::uint32_t m_h[8];
    std::uint8_t m_buf[64];
    std::size_t m_bufLen = 0;
    std::uint64_t m_bits = 0;
};

} // namespace bs
