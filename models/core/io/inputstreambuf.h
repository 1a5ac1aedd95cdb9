#pragma once

#include <zlib.h>

#include <cstdint>
#include <memory>
#include <streambuf>
#include <string>

namespace bs {

class IsalInflater;

// A file's content as a stream, decoded once: plain bytes pass through, gzip
// (told by its magic bytes, one or more members) is inflated as it is read,
// in windows of 64 KiB, so neither is ever held whole. ISA-L inflates it;
// at the first thing ISA-L cannot read (a corrupt or cut stream, bytes
// after a member), zlib reads the stream again from its first byte, passes
// over what was served already, and goes on from there, so that where and
// why the stream fails is said in zlib's words, as always. Reading stops with an
// error (failed(), error(), errorPlace()) on a truncated or corrupt gzip
// stream, past the decoded size limit, or when the token guard sees more
// bytes than allowed since the parser's last markToken().
class InputStreamBuf : public std::streambuf {
public:
    static constexpr std::size_t kWindow = 1 << 16;

    // `limit`: most decoded bytes allowed; `limitVariable` names the
    // environment variable that raises it, in the error.
    InputStreamBuf(std::streambuf &source, std::uint64_t limit, const char *limitVariable);
    ~InputStreamBuf() override;
    InputStreamBuf(const InputStreamBuf &) = delete;
    InputStreamBuf &operator=(const InputStreamBuf &) = delete;

    bool isGzip() const { return m_gzip; }
    // The first window of decoded content (less for a shorter file). Reads
    // nothing away: the stream still starts at the first byte.
    std::string head();
    void setLimit(std::uint64_t limit, const char *limitVariable);
    // Reads the rest of the content (from the current position).
    std::string readAll();

    // For a parser that reads whole windows: the unread decoded bytes of the
    // current window, and nextWindow(), which marks the window read up to
    // `readTo` and decodes the next one (false at the end or on an error).
    const char *window() const { return gptr(); }
    const char *windowEnd() const { return egptr(); }
    bool nextWindow(const char *readTo);
    // Back to the first byte of the content, as newly made (for a second
    // parse of the same content); false when the source cannot seek.
    bool rewind();

    // Decoded bytes read so far.
    std::uint64_t position() const { return m_decoded - std::uint64_t(egptr() - gptr()); }
    void setTokenLimit(std::uint64_t bytes) { m_tokenLimit = bytes; }
    void markToken() { m_mark = position(); }

    bool failed() const { return !m_error.empty(); }
    const std::string &error() const { return m_error; }
    const std::string &errorPlace() const { return m_place; }

protected:
    int_type underflow() override;

private:
    // Makes at least `bytes` compressed bytes available; false when the
    // source ends first.
    bool refill(std::size_t bytes = 1);
    std::size_t inflateInto(char *out, std::size_t room);
    std::size_t isalInflateInto(char *out, std::size_t room);
    std::size_t zlibInflateInto(char *out, std::size_t room);
    std::size_t fallBackToZlib(char *out, std::size_t room);
    void fail(std::string place, std::string message);

    std::streambuf &m_source;
    // A window of bytes, left uninitialised (only what was read into it is
    // read): a folder of captures opens a stream per file to sniff it.
    struct Window {
        std::unique_ptr<char[]> bytes{new char[kWindow]};
        char *data() { return bytes.get(); }
        static constexpr std::size_t size() { return kWindow; }
    };
    Window m_in;
    Window m_out;
    std::unique_ptr<IsalInflater> m_isal; // none once zlib took over (or for plain bytes)
    z_stream m_zs; // zlib's state; its next_in and avail_in are the compressed window for both
    bool m_gzip = false;
    bool m_done = false;
    std::uint64_t m_sourceBytes = 0; // bytes taken from the source
    std::uint64_t m_decoded = 0;     // bytes put into the get area
    std::uint64_t m_limit;
    const char *m_limitVariable;
    std::uint64_t m_tokenLimit = 0;
    std::uint64_t m_mark = 0;
    std::string m_error;
    std::string m_place;
};

} // namespace bs
