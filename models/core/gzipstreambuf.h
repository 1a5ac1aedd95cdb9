#pragma once

#include <zlib.h>

#include <streambuf>
#include <string>

namespace bs {

// An input stream buffer that inflates gzip data (one or more members) from
// memory as it is read, so a large capture is parsed without ever holding
// its whole decompressed text. A truncated or corrupt stream ends the input
// and is reported by error(), with the compressed byte where it happened.
class GzipStreamBuf : public std::streambuf {
public:
    explicit GzipStreamBuf(const std::string &compressed);
    ~GzipStreamBuf() override;
    GzipStreamBuf(const GzipStreamBuf &) = delete;
    GzipStreamBuf &operator=(const GzipStreamBuf &) = delete;

    bool failed() const { return !m_error.empty(); }
    const std::string &error() const { return m_error; }
    const std::string &errorPlace() const { return m_place; }

protected:
    int_type underflow() override;

private:
    const std::string &m_in;
    z_stream m_zs;
    bool m_done = false;
    std::string m_error;
    std::string m_place;
    std::size_t m_decoded = 0;
    char m_buf[1 << 16];
};

} // namespace bs
