#include "sha256.h"

#include <algorithm>
#include <cstring>

#if defined(__x86_64__) && defined(__GNUC__)
#include <cpuid.h>
#include <immintrin.h>
#define BS_SHA_NI 1
#endif

namespace bs {

namespace {
constexpr std::uint32_t K[64] = {
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2};

inline std::uint32_t rotr(std::uint32_t x, int n) { return (x >> n) | (x << (32 - n)); }

#ifdef BS_SHA_NI
bool hasShaNi()
{
    unsigned a, b, c, d;
    if (!__get_cpuid(1, &a, &b, &c, &d) || !(c & bit_SSSE3) || !(c & bit_SSE4_1))
        return false;
    return __get_cpuid_count(7, 0, &a, &b, &c, &d) && (b & bit_SHA);
}

// `count` blocks by the SHA-NI instructions: four rounds a step, the
// message schedule W[t] = σ1(W[t−2]) + W[t−7] + σ0(W[t−15]) + W[t−16] four
// words at a time (sha256msg1 the σ0 part, sha256msg2 the σ1 part), the
// state kept as ABEF and CDGH as sha256rnds2 wants it.
__attribute__((target("sha,ssse3,sse4.1"))) void shaNiBlocks(std::uint32_t h[8], const std::uint8_t *p,
                                                            std::size_t count)
{
    const __m128i byteSwap = _mm_set_epi64x(0x0c0d0e0f08090a0bULL, 0x0405060700010203ULL);
    __m128i tmp = _mm_shuffle_epi32(_mm_loadu_si128(reinterpret_cast<const __m128i *>(&h[0])), 0xB1); // CDAB
    __m128i state1 = _mm_shuffle_epi32(_mm_loadu_si128(reinterpret_cast<const __m128i *>(&h[4])), 0x1B); // EFGH
    __m128i state0 = _mm_alignr_epi8(tmp, state1, 8); // ABEF
    state1 = _mm_blend_epi16(state1, tmp, 0xF0);      // CDGH
    for (; count > 0; --count, p += 64) {
        const __m128i abef = state0, cdgh = state1;
        __m128i w[4];
        for (int g = 0; g < 16; ++g) {
            __m128i x;
            if (g < 4) {
                x = _mm_shuffle_epi8(_mm_loadu_si128(reinterpret_cast<const __m128i *>(p + 16 * g)), byteSwap);
            } else {
                x = _mm_sha256msg1_epu32(w[g % 4], w[(g - 3) % 4]);
                x = _mm_add_epi32(x, _mm_alignr_epi8(w[(g - 1) % 4], w[(g - 2) % 4], 4));
                x = _mm_sha256msg2_epu32(x, w[(g - 1) % 4]);
            }
            w[g % 4] = x;
            __m128i msg = _mm_add_epi32(x, _mm_loadu_si128(reinterpret_cast<const __m128i *>(&K[4 * g])));
            state1 = _mm_sha256rnds2_epu32(state1, state0, msg);
            msg = _mm_shuffle_epi32(msg, 0x0E);
            state0 = _mm_sha256rnds2_epu32(state0, state1, msg);
        }
        state0 = _mm_add_epi32(state0, abef);
        state1 = _mm_add_epi32(state1, cdgh);
    }
    // Back from ABEF and CDGH to A..D and E..H.
    tmp = _mm_shuffle_epi32(state0, 0x1B);
    state1 = _mm_shuffle_epi32(state1, 0xB1);
    state0 = _mm_blend_epi16(tmp, state1, 0xF0);
    state1 = _mm_alignr_epi8(state1, tmp, 8);
    _mm_storeu_si128(reinterpret_cast<__m128i *>(&h[0]), state0);
    _mm_storeu_si128(reinterpret_cast<__m128i *>(&h[4]), state1);
}
#endif

bool accelerated(Sha256::Engine engine)
{
#ifdef BS_SHA_NI
    static const bool has = hasShaNi();
    return engine == Sha256::Engine::Fastest && has;
#else
    (void)engine;
    return false;
#endif
}
} // namespace

Sha256::Sha256(Engine engine)
    : m_accelerated(accelerated(engine))
    , m_h{0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19}
{
}

void Sha256::block(const std::uint8_t *p)
{
    std::uint32_t w[64];
    for (int i = 0; i < 16; ++i)
        w[i] = std::uint32_t(p[4 * i]) << 24 | std::uint32_t(p[4 * i + 1]) << 16
            | std::uint32_t(p[4 * i + 2]) << 8 | std::uint32_t(p[4 * i + 3]);
    for (int i = 16; i < 64; ++i) {
        const std::uint32_t s0 = rotr(w[i - 15], 7) ^ rotr(w[i - 15], 18) ^ (w[i - 15] >> 3);
        const std::uint32_t s1 = rotr(w[i - 2], 17) ^ rotr(w[i - 2], 19) ^ (w[i - 2] >> 10);
        w[i] = w[i - 16] + s0 + w[i - 7] + s1;
    }
    std::uint32_t a = m_h[0], b = m_h[1], c = m_h[2], d = m_h[3], e = m_h[4], f = m_h[5], g = m_h[6],
                  h = m_h[7];
    for (int i = 0; i < 64; ++i) {
        const std::uint32_t S1 = rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25);
        const std::uint32_t ch = (e & f) ^ (~e & g);
        const std::uint32_t t1 = h + S1 + ch + K[i] + w[i];
        const std::uint32_t S0 = rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22);
        const std::uint32_t maj = (a & b) ^ (a & c) ^ (b & c);
        const std::uint32_t t2 = S0 + maj;
        h = g;
        g = f;
        f = e;
        e = d + t1;
        d = c;
        c = b;
        b = a;
        a = t1 + t2;
    }
    m_h[0] += a; m_h[1] += b; m_h[2] += c; m_h[3] += d;
    m_h[4] += e; m_h[5] += f; m_h[6] += g; m_h[7] += h;
}

void Sha256::blocks(const std::uint8_t *p, std::size_t count)
{
#ifdef BS_SHA_NI
    if (m_accelerated) {
        shaNiBlocks(m_h, p, count);
        return;
    }
#endif
    for (; count > 0; --count, p += 64)
        block(p);
}

void Sha256::update(const void *data, std::size_t size)
{
    const auto *p = static_cast<const std::uint8_t *>(data);
    m_bits += std::uint64_t(size) * 8;
    if (m_bufLen > 0) {
        const std::size_t take = std::min(size, sizeof m_buf - m_bufLen);
        std::memcpy(m_buf + m_bufLen, p, take);
        m_bufLen += take;
        p += take;
        size -= take;
        if (m_bufLen < sizeof m_buf)
            return;
        blocks(m_buf, 1);
        m_bufLen = 0;
    }
    blocks(p, size / 64); // whole blocks straight from the input
    p += size / 64 * 64;
    size %= 64;
    std::memcpy(m_buf, p, size);
    m_bufLen = size;
}

std::string Sha256::hexDigest()
{
    const std::uint64_t bits = m_bits;
    const std::uint8_t pad = 0x80;
    update(&pad, 1);
    const std::uint8_t zero = 0;
    while (m_bufLen != 56)
        update(&zero, 1);
    std::uint8_t len[8];
    for (int i = 0; i < 8; ++i)
        len[i] = std::uint8_t(bits >> (56 - 8 * i));
    update(len, 8);
    static const char digits[] = "0123456789abcdef";
    std::string out;
    for (std::uint32_t v : m_h)
        for (int s = 28; s >= 0; s -= 4)
            out += digits[(v >> s) & 0xf];
    return out;
}

std::string Sha256::hex(const std::string &bytes)
{
    Sha256 h;
    h.update(bytes.data(), bytes.size());
    return h.hexDigest();
}

} // namespace bs
