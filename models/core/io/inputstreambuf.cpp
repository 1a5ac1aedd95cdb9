#include "inputstreambuf.h"

#include "inputlimits.h"
#include "isalinflater.h"

#include <algorithm>
#include <cstring>

namespace bs {

InputStreamBuf::InputStreamBuf(std::streambuf &source, std::uint64_t limit, const char *limitVariable)
    : m_source(source), m_limit(limit), m_limitVariable(limitVariable)
{
    std::memset(&m_zs, 0, sizeof m_zs);
    refill(2);
    m_gzip = m_zs.avail_in >= 2 && m_in.data()[0] == '\x1f' && m_in.data()[1] == '\x8b';
    if (m_gzip && inflateInit2(&m_zs, 15 + 16) != Z_OK)
        fail("", "cannot initialise zlib");
    if (m_gzip)
        m_isal = std::make_unique<IsalInflater>();
    setg(m_out.data(), m_out.data(), m_out.data());
}

InputStreamBuf::~InputStreamBuf()
{
    if (m_gzip)
        inflateEnd(&m_zs);
}

void InputStreamBuf::setLimit(std::uint64_t limit, const char *limitVariable)
{
    m_limit = limit;
    m_limitVariable = limitVariable;
}

void InputStreamBuf::fail(std::string place, std::string message)
{
    if (m_error.empty()) {
        m_place = std::move(place);
        m_error = std::move(message);
    }
    m_done = true;
}

bool InputStreamBuf::refill(std::size_t bytes)
{
    std::size_t have = m_zs.avail_in;
    if (have >= bytes)
        return true;
    // What is left of the window moves to its start, and the source fills the rest.
    if (have > 0)
        std::memmove(m_in.data(), m_zs.next_in, have);
    while (have < bytes) {
        const std::streamsize n = m_source.sgetn(m_in.data() + have, std::streamsize(m_in.size() - have));
        if (n <= 0)
            break;
        m_sourceBytes += std::uint64_t(n);
        have += std::size_t(n);
    }
    m_zs.next_in = reinterpret_cast<Bytef *>(m_in.data());
    m_zs.avail_in = uInt(have);
    return have >= bytes;
}

std::size_t InputStreamBuf::inflateInto(char *out, std::size_t room)
{
    return m_isal ? isalInflateInto(out, room) : zlibInflateInto(out, room);
}

namespace {
bool startsMember(const z_stream &zs)
{
    return zs.avail_in >= 2 && zs.next_in[0] == 0x1f && zs.next_in[1] == 0x8b;
}
} // namespace

std::size_t InputStreamBuf::isalInflateInto(char *out, std::size_t room)
{
    std::size_t produced = 0;
    while (produced < room && !m_done) {
        if (m_zs.avail_in == 0)
            refill(); // adds nothing at the end of the source
        const unsigned before = m_zs.avail_in;
        const unsigned char *in = m_zs.next_in;
        std::size_t n = 0;
        const auto status = m_isal->inflate(in, m_zs.avail_in, out + produced, room - produced, n);
        m_zs.next_in = const_cast<Bytef *>(in);
        produced += n;
        if (status == IsalInflater::Status::Error)
            return fallBackToZlib(out, room);
        if (status == IsalInflater::Status::MemberEnd) {
            refill(2); // another member's magic bytes may straddle the window's end
            if (startsMember(m_zs))
                m_isal->reset();
            else if (m_zs.avail_in > 0)
                return fallBackToZlib(out, room); // zlib names what follows the member
            else
                m_done = true;
        } else if (n == 0 && m_zs.avail_in == before && !refill(before + 1)) {
            return fallBackToZlib(out, room); // cut short: zlib says where
        }
    }
    return produced;
}

// Reads the stream again from its first byte with zlib, passing over the
// bytes already served, and inflates the window from there.
std::size_t InputStreamBuf::fallBackToZlib(char *out, std::size_t room)
{
    m_isal.reset();
    const std::uint64_t served = m_decoded;
    if (m_source.pubseekpos(0, std::ios_base::in) != std::streampos(0)) {
        fail("compressed byte " + std::to_string(m_sourceBytes - m_zs.avail_in), "corrupt gzip data");
        return 0;
    }
    inflateReset(&m_zs);
    m_zs.avail_in = 0;
    m_sourceBytes = m_decoded = 0;
    while (m_decoded < served && !m_done)
        m_decoded += zlibInflateInto(out, std::size_t(std::min<std::uint64_t>(room, served - m_decoded)));
    if (m_decoded < served)
        return 0; // zlib failed (or ended) before ISA-L did: its error stands
    return zlibInflateInto(out, room);
}

std::size_t InputStreamBuf::zlibInflateInto(char *out, std::size_t room)
{
    m_zs.next_out = reinterpret_cast<Bytef *>(out);
    m_zs.avail_out = uInt(room);
    while (m_zs.avail_out > 0 && !m_done) {
        if (!refill()) {
            fail("compressed byte " + std::to_string(m_sourceBytes),
                 "truncated gzip: the compressed data ends before the gzip stream does ("
                     + std::to_string(m_decoded + room - m_zs.avail_out) + " bytes decoded)");
            break;
        }
        const int rc = inflate(&m_zs, Z_NO_FLUSH);
        if (rc == Z_STREAM_END) {
            // Another member may follow (as `cat a.gz b.gz` makes): its two
            // magic bytes may straddle the end of a window.
            refill(2);
            if (startsMember(m_zs))
                inflateReset(&m_zs);
            else if (m_zs.avail_in > 0)
                fail("compressed byte " + std::to_string(m_sourceBytes - m_zs.avail_in),
                     "data after the end of the gzip stream (not another gzip member)");
            else
                m_done = true;
        } else if (rc != Z_OK && !(rc == Z_BUF_ERROR && m_zs.avail_in == 0)) {
            fail("compressed byte " + std::to_string(m_sourceBytes - m_zs.avail_in),
                 std::string("corrupt gzip data: ") + (m_zs.msg ? m_zs.msg : "inflate failed"));
        }
    }
    return room - m_zs.avail_out;
}

InputStreamBuf::int_type InputStreamBuf::underflow()
{
    if (gptr() < egptr())
        return traits_type::to_int_type(*gptr());
    if (m_done)
        return traits_type::eof();
    if (m_tokenLimit > 0 && position() - m_mark > m_tokenLimit) {
        fail("byte " + std::to_string(m_mark), "one JSON value (string or number) or gap between values of "
                 + InputLimits::beyond(m_tokenLimit, "", "BENCHSCOPE_MAX_STRING_KB"));
        return traits_type::eof();
    }
    std::size_t n = 0;
    if (m_gzip) {
        n = inflateInto(m_out.data(), m_out.size());
    } else {
        while (n < m_out.size() && refill()) {
            const std::size_t take = std::min<std::size_t>(m_zs.avail_in, m_out.size() - n);
            std::memcpy(m_out.data() + n, m_zs.next_in, take);
            m_zs.next_in += take;
            m_zs.avail_in -= uInt(take);
            n += take;
        }
    }
    if (m_decoded + n > m_limit) {
        fail("byte " + std::to_string(m_limit),
             std::string(m_gzip ? "decompresses to " : "the file holds ")
                 + InputLimits::beyond(m_limit, "", m_limitVariable));
        return traits_type::eof();
    }
    m_decoded += n;
    setg(m_out.data(), m_out.data(), m_out.data() + n);
    if (n == 0) {
        m_done = true;
        return traits_type::eof();
    }
    return traits_type::to_int_type(*gptr());
}

bool InputStreamBuf::nextWindow(const char *readTo)
{
    setg(eback(), const_cast<char *>(readTo), egptr());
    if (gptr() < egptr())
        return true;
    return underflow() != traits_type::eof();
}

bool InputStreamBuf::rewind()
{
    if (m_source.pubseekpos(0, std::ios_base::in) != std::streampos(0))
        return false;
    if (m_gzip)
        inflateReset(&m_zs);
    if (m_isal)
        m_isal->reset();
    m_zs.avail_in = 0;
    m_sourceBytes = m_decoded = m_mark = 0;
    m_done = false;
    m_error.clear();
    m_place.clear();
    setg(m_out.data(), m_out.data(), m_out.data());
    refill(2);
    return true;
}

std::string InputStreamBuf::head()
{
    underflow();
    return std::string(gptr(), egptr());
}

std::string InputStreamBuf::readAll()
{
    std::string out;
    while (underflow() != traits_type::eof()) {
        out.append(gptr(), egptr());
        setg(eback(), egptr(), egptr());
    }
    return out;
}

} // namespace bs
