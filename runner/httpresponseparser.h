#pragma once

#include <cstddef>
#include <string>

namespace bs {

// An incremental HTTP/1.1 response parser that allocates nothing while
// parsing: feed it bytes as they arrive, in pieces of any size. It knows
// Content-Length, chunked transfer coding and bodies ended by the server
// closing the connection. Only the few headers the runner needs are kept;
// the body is kept only when asked (for contract checks, not under load).
class HttpResponseParser {
public:
    enum class State { Incomplete, Complete, Error };

    // `headRequest`: the response has no body whatever its headers say.
    void reset(bool headRequest = false);
    void setKeepBody(bool keep) { m_keepBody = keep; }

    // Consumes bytes up to the end of one response. Returns Complete with
    // `consumed` set to the bytes used (the rest belong to a next response),
    // Incomplete when more bytes are needed, or Error (see errorMessage()).
    State feed(const char *data, std::size_t size, std::size_t &consumed);
    // The connection closed: completes a body delimited by close, otherwise
    // the response was cut short (Error, or Incomplete if nothing arrived yet).
    State finishOnClose();

    bool started() const { return m_started; }
    int status() const { return m_status; }
    bool keepAlive() const { return m_keepAlive; }
    std::string contentType() const { return std::string(m_contentType, m_contentTypeLength); }
    const std::string &body() const { return m_body; }
    std::size_t bodyBytes() const { return m_bodyBytes; }
    const char *errorMessage() const { return m_error; }

private:
    enum class Phase { StatusLine, Header, Body, ChunkSize, ChunkData, ChunkDataEnd, Trailer, UntilClose, Done };

    bool lineComplete();          // acts on the line in m_line
    bool statusLine();
    bool headerLine();
    bool headersDone();
    bool chunkSizeLine();
    State fail(const char *message);
    bool takeBody(const char *data, std::size_t n); // false past kMaxKeptBody

    static constexpr std::size_t kMaxLine = 8192;
    static constexpr std::size_t kMaxContentType = 255;
    static constexpr std::size_t kMaxKeptBody = 16u << 20;

    Phase m_phase = Phase::StatusLine;
    bool m_head = false;
    bool m_keepBody = false;
    bool m_started = false;
    bool m_http10 = false;
    bool m_keepAlive = true;
    bool m_chunked = false;
    bool m_hasLength = false;
    bool m_sawCr = false;
    int m_status = 0;
    unsigned long long m_remaining = 0;
    std::size_t m_bodyBytes = 0;
    std::size_t m_lineLength = 0;
    std::size_t m_contentTypeLength = 0;
    const char *m_error = "";
    char m_line[kMaxLine];
    char m_contentType[kMaxContentType];
    std::string m_body;
};

} // namespace bs
