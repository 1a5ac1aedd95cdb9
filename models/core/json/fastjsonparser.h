#pragma once

#include "inputstreambuf.h"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <string>

namespace bs {

// A JSON lexer and parser that reads decoded windows whole (or one string in
// memory) and gives a nlohmann SAX handler the events nlohmann's own parser
// would give, many times faster: nlohmann reads a stream one character at a
// time and converts every number with strtoull.
//
// It reads a strict subset: anything it is not sure nlohmann reads the same
// way (any syntax error, a number too large, a byte order mark, a string
// escape it cannot pair, a value or gap near the token limit) makes it
// decline, and the caller parses again with nlohmann from the first byte, so
// that every error reads as it always has. When it accepts, the handler has
// seen exactly nlohmann's events (tests/tst_fastjsonparser.cpp compares the
// two on every file under sample-data/ and tests/data/).
class FastJsonParser {
public:
    using Sax = nlohmann::json_sax<nlohmann::json>;
    enum class Outcome {
        Accepted, // the document was read to the end of the input, whitespace after it only
        Stopped,  // the handler returned false (a limit)
        Declined, // left to nlohmann (or the stream failed: see InputStreamBuf::failed())
    };

    // Reads `in` from its current position to its end. `tokenLimit`: the
    // stream's token guard (InputLimits::stringBytes), which the fast parser
    // leaves to nlohmann by declining long before a value or gap reaches it.
    FastJsonParser(InputStreamBuf &in, Sax &sax, std::uint64_t tokenLimit);
    // Reads `text`, all of it.
    FastJsonParser(const std::string &text, Sax &sax);

    Outcome parse();
    // Decoded bytes before the place it declined or stopped.
    std::uint64_t offset() const { return m_base + std::uint64_t(m_p - m_window); }

private:
    enum class Step { Ok, Stop, Decline };

    bool more();
    int peek() { return m_p < m_end || more() ? static_cast<unsigned char>(*m_p) : -1; }
    // The next character that is not whitespace (-1 at the end).
    int skipSpace()
    {
        if (m_p < m_end && static_cast<unsigned char>(*m_p) > ' ')
            return static_cast<unsigned char>(*m_p);
        return skipSpaceSlow();
    }
    int skipSpaceSlow();
    void mark() { m_event = offset(); }

    Step scalar(int c);
    Step string(std::string &out);
    Step multibyte(std::string &out);
    Step escape(std::string &out);
    bool hex4(unsigned &code);
    Step number();
    Step anyNumber();
    Step literal(const char *word);

    InputStreamBuf *m_in = nullptr;
    Sax &m_sax;
    std::uint64_t m_guard = 0; // decline when this many bytes pass without an event
    const char *m_window = nullptr;
    const char *m_p = nullptr;
    const char *m_end = nullptr;
    std::uint64_t m_base = 0;  // decoded bytes before m_window
    std::uint64_t m_event = 0; // offset of the last event
    bool m_guardDeclined = false;
    std::string m_string;
    std::string m_token;
};

} // namespace bs
