#pragma once

#include <cstdint>
#include <string>

namespace bs {

// SHA-256 (FIPS 180-4), for checking that a raw-repetitions file is the one
// its summary names and that an index entry's file is unchanged. Small and
// dependency-free so the runner stays Qt-free and OpenSSL-free. Whole
// blocks go through the processor's SHA instructions where it has them
// (x86-64 SHA-NI: a warm history hashes every capture file), else through
// the portable code.
class Sha256 {
public:
    enum class Engine { Fastest, Portable }; // Portable: for tests, on any machine
    explicit Sha256(Engine engine = Engine::Fastest);
    void update(const void *data, std::size_t size);
    std::string hexDigest(); // finishes; call once

    static std::string hex(const std::string &bytes);

private:
    void blocks(const std::uint8_t *p, std::size_t count);
    void block(const std::uint8_t *p);

    bool m_accelerated;
    std::uint32_t m_h[8];
    std::uint8_t m_buf[64];
    std::size_t m_bufLen = 0;
    std::uint64_t m_bits = 0;
};

} // namespace bs
