#include "gzipstreambuf.h"

#include <cstring>

namespace bs {

GzipStreamBuf::GzipStreamBuf(const std::string &compressed) : m_in(compressed)
{
    std::memset(&m_zs, 0, sizeof m_zs);
    if (inflateInit2(&m_zs, 15 + 16) != Z_OK) {
        m_error = "cannot initialise zlib";
        m_done = true;
    }
    m_zs.next_in = reinterpret_cast<Bytef *>(const_cast<char *>(m_in.data()));
    m_zs.avail_in = uInt(m_in.size());
    setg(m_buf, m_buf, m_buf);
}

GzipStreamBuf::~GzipStreamBuf()
{
    inflateEnd(&m_zs);
}

GzipStreamBuf::int_type GzipStreamBuf::underflow()
{
    while (!m_done) {
        m_zs.next_out = reinterpret_cast<Bytef *>(m_buf);
        m_zs.avail_out = sizeof m_buf;
        const int rc = inflate(&m_zs, Z_NO_FLUSH);
        const std::size_t produced = sizeof m_buf - m_zs.avail_out;
        m_decoded += produced;
        if (rc == Z_STREAM_END) {
            // Another member may follow (as `cat a.gz b.gz` makes).
            if (m_zs.avail_in >= 2 && m_zs.next_in[0] == 0x1f && m_zs.next_in[1] == 0x8b)
                inflateReset(&m_zs);
            else
                m_done = true;
        } else if (rc != Z_OK) {
            m_place = "compressed byte " + std::to_string(m_in.size() - m_zs.avail_in);
            if (rc == Z_BUF_ERROR && m_zs.avail_in == 0)
                m_error = "truncated gzip: the compressed data ends before the gzip stream does ("
                    + std::to_string(m_decoded) + " bytes decoded)";
            else
                m_error = std::string("corrupt gzip data: ") + (m_zs.msg ? m_zs.msg : "inflate failed");
            m_done = true;
        }
        if (produced > 0) {
            setg(m_buf, m_buf, m_buf + produced);
            return traits_type::to_int_type(m_buf[0]);
        }
    }
    return traits_type::eof();
}

} // namespace bs
