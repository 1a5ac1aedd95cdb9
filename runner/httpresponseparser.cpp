#include "httpresponseparser.h"

#include <algorithm>
#include <cstring>
#include <strings.h>

namespace bs {

namespace {

bool startsWithNoCase(const char *s, std::size_t n, const char *prefix)
{
    const std::size_t p = std::strlen(prefix);
    return n >= p && strncasecmp(s, prefix, p) == 0;
}

// Trims spaces and tabs around [begin, end).
void trim(const char *&begin, const char *&end)
{
    while (begin < end && (*begin == ' ' || *begin == '\t'))
        ++begin;
    while (end > begin && (end[-1] == ' ' || end[-1] == '\t'))
        --end;
}

bool containsTokenNoCase(const char *begin, const char *end, const char *token)
{
    const std::size_t t = std::strlen(token);
    for (const char *p = begin; p + t <= end; ++p)
        if (strncasecmp(p, token, t) == 0)
            return true;
    return false;
}

} // namespace

void HttpResponseParser::reset(bool headRequest)
{
    m_phase = Phase::StatusLine;
    m_head = headRequest;
    m_started = false;
    m_http10 = false;
    m_keepAlive = true;
    m_chunked = false;
    m_hasLength = false;
    m_sawCr = false;
    m_status = 0;
    m_remaining = 0;
    m_bodyBytes = 0;
    m_lineLength = 0;
    m_contentTypeLength = 0;
    m_error = "";
    m_body.clear();
}

HttpResponseParser::State HttpResponseParser::fail(const char *message)
{
    m_error = message;
    m_keepAlive = false;
    return State::Error;
}

bool HttpResponseParser::takeBody(const char *data, std::size_t n)
{
    m_bodyBytes += n;
    if (!m_keepBody)
        return true;
    if (m_body.size() + n > kMaxKeptBody)
        return false;
    m_body.append(data, n);
    return true;
}

HttpResponseParser::State HttpResponseParser::feed(const char *data, std::size_t size, std::size_t &consumed)
{
    std::size_t pos = 0;
    if (size)
        m_started = true;
    while (pos < size) {
        switch (m_phase) {
        case Phase::Body:
        case Phase::ChunkData: {
            const std::size_t n = std::size_t(std::min<unsigned long long>(m_remaining, size - pos));
            if (!takeBody(data + pos, n)) {
                consumed = pos;
                return fail("response body too large to keep for the contract check (more than 16 MiB)");
            }
            pos += n;
            m_remaining -= n;
            if (m_remaining == 0)
                m_phase = m_phase == Phase::Body ? Phase::Done : Phase::ChunkDataEnd;
            break;
        }
        case Phase::UntilClose:
            if (!takeBody(data + pos, size - pos)) {
                consumed = pos;
                return fail("response body too large to keep for the contract check (more than 16 MiB)");
            }
            pos = size;
            break;
        case Phase::Done:
            break;
        default: {
            // Line-oriented phases: gather up to the next LF.
            const char *nl = static_cast<const char *>(std::memchr(data + pos, '\n', size - pos));
            const std::size_t n = (nl ? std::size_t(nl - (data + pos)) : size - pos);
            if (m_lineLength + n > kMaxLine) {
                consumed = pos;
                return fail("header line too long");
            }
            std::memcpy(m_line + m_lineLength, data + pos, n);
            m_lineLength += n;
            pos += n;
            if (!nl)
                break;
            ++pos; // the LF
            if (m_lineLength && m_line[m_lineLength - 1] == '\r')
                --m_lineLength;
            const bool ok = lineComplete();
            m_lineLength = 0;
            if (!ok) {
                consumed = pos;
                return State::Error;
            }
        }
        }
        if (m_phase == Phase::Done) {
            consumed = pos;
            return State::Complete;
        }
    }
    consumed = pos;
    return State::Incomplete;
}

HttpResponseParser::State HttpResponseParser::finishOnClose()
{
    if (m_phase == Phase::UntilClose || m_phase == Phase::Done) {
        m_phase = Phase::Done;
        m_keepAlive = false;
        return State::Complete;
    }
    if (!m_started)
        return State::Incomplete;
    return fail("connection closed in the middle of a response");
}

bool HttpResponseParser::lineComplete()
{
    switch (m_phase) {
    case Phase::StatusLine:
        return statusLine();
    case Phase::Header:
        return m_lineLength == 0 ? headersDone() : headerLine();
    case Phase::ChunkSize:
        return chunkSizeLine();
    case Phase::ChunkDataEnd:
        if (m_lineLength != 0) {
            fail("chunk data longer than its size");
            return false;
        }
        m_phase = Phase::ChunkSize;
        return true;
    case Phase::Trailer:
        if (m_lineLength == 0)
            m_phase = Phase::Done;
        return true;
    default:
        return true;
    }
}

bool HttpResponseParser::statusLine()
{
    // "HTTP/1.1 200 OK"
    if (m_lineLength < 12 || std::memcmp(m_line, "HTTP/1.", 7) != 0 || m_line[8] != ' ') {
        fail("malformed status line");
        return false;
    }
    m_http10 = m_line[7] == '0';
    m_keepAlive = !m_http10;
    int status = 0;
    for (int i = 9; i < 12; ++i) {
        if (m_line[i] < '0' || m_line[i] > '9') {
            fail("malformed status code");
            return false;
        }
        status = status * 10 + (m_line[i] - '0');
    }
    m_status = status;
    m_phase = Phase::Header;
    return true;
}

bool HttpResponseParser::headerLine()
{
    const char *colon = static_cast<const char *>(std::memchr(m_line, ':', m_lineLength));
    if (!colon) {
        fail("malformed header line (no colon)");
        return false;
    }
    const std::size_t nameLength = std::size_t(colon - m_line);
    const char *value = colon + 1;
    const char *end = m_line + m_lineLength;
    trim(value, end);
    if (nameLength == 14 && startsWithNoCase(m_line, nameLength, "content-length")) {
        unsigned long long n = 0;
        if (value == end) {
            fail("empty Content-Length");
            return false;
        }
        for (const char *p = value; p < end; ++p) {
            if (*p < '0' || *p > '9' || n > (1ULL << 50)) {
                fail("malformed Content-Length");
                return false;
            }
            n = n * 10 + unsigned(*p - '0');
        }
        // The same length twice is one length (RFC 9110, 8.6); two that
        // differ leave the body's end unknown: an error, never a guess.
        if (m_hasLength && n != m_remaining) {
            fail("conflicting Content-Length headers");
            return false;
        }
        m_hasLength = true;
        m_remaining = n;
    } else if (nameLength == 17 && startsWithNoCase(m_line, nameLength, "transfer-encoding")) {
        m_chunked = containsTokenNoCase(value, end, "chunked");
    } else if (nameLength == 10 && startsWithNoCase(m_line, nameLength, "connection")) {
        if (containsTokenNoCase(value, end, "close"))
            m_keepAlive = false;
        else if (containsTokenNoCase(value, end, "keep-alive"))
            m_keepAlive = true;
    } else if (nameLength == 12 && startsWithNoCase(m_line, nameLength, "content-type")) {
        m_contentTypeLength = std::min<std::size_t>(std::size_t(end - value), kMaxContentType);
        std::memcpy(m_contentType, value, m_contentTypeLength);
    }
    return true;
}

bool HttpResponseParser::headersDone()
{
    const bool noBody = m_head || m_status == 204 || m_status == 304 || (m_status >= 100 && m_status < 200);
    if (m_status >= 100 && m_status < 200 && m_status != 101) {
        // An interim response: the real one follows.
        reset(m_head);
        m_started = true;
        return true;
    }
    if (noBody)
        m_phase = Phase::Done;
    else if (m_chunked)
        m_phase = Phase::ChunkSize;
    else if (m_hasLength)
        m_phase = m_remaining ? Phase::Body : Phase::Done;
    else {
        m_phase = Phase::UntilClose;
        m_keepAlive = false;
    }
    return true;
}

bool HttpResponseParser::chunkSizeLine()
{
    unsigned long long n = 0;
    std::size_t i = 0;
    for (; i < m_lineLength; ++i) {
        const char c = m_line[i];
        int d;
        if (c >= '0' && c <= '9')
            d = c - '0';
        else if (c >= 'a' && c <= 'f')
            d = c - 'a' + 10;
        else if (c >= 'A' && c <= 'F')
            d = c - 'A' + 10;
        else
            break;
        if (n > (1ULL << 50)) {
            fail("chunk size too large");
            return false;
        }
        n = n * 16 + unsigned(d);
    }
    if (i == 0 || (i < m_lineLength && m_line[i] != ';' && m_line[i] != ' ')) {
        fail("malformed chunk size");
        return false;
    }
    m_remaining = n;
    m_phase = n ? Phase::ChunkData : Phase::Trailer;
    return true;
}

} // namespace bs
