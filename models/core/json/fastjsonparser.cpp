#include "fastjsonparser.h"

#include <charconv>
#include <cstdint>
#include <limits>
#include <string_view>
#include <vector>

namespace bs {

namespace {

// Characters a JSON number may hold; a number is taken greedily over them
// and then checked against the grammar, so that "1-2" or "01" is declined.
struct NumberChars {
    bool is[256] = {};
    NumberChars()
    {
        for (const char c : std::string_view("0123456789+-.eE"))
            is[static_cast<unsigned char>(c)] = true;
    }
};
const NumberChars kNumberChars;

bool isDigit(char c) { return c >= '0' && c <= '9'; }

// Skips the digits at `i`; false when there are none.
bool digits(std::string_view text, std::size_t &i)
{
    const std::size_t from = i;
    while (i < text.size() && isDigit(text[i]))
        ++i;
    return i > from;
}

// True when `text` is a JSON number: -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?
bool wellFormed(std::string_view text, bool &isFloat)
{
    std::size_t i = text.size() > 0 && text[0] == '-' ? 1 : 0;
    if (i < text.size() && text[i] == '0')
        ++i;
    else if (!digits(text, i))
        return false;
    isFloat = false;
    if (i < text.size() && text[i] == '.') {
        isFloat = true;
        ++i;
        if (!digits(text, i))
            return false;
    }
    if (i < text.size() && (text[i] == 'e' || text[i] == 'E')) {
        isFloat = true;
        ++i;
        if (i < text.size() && (text[i] == '+' || text[i] == '-'))
            ++i;
        if (!digits(text, i))
            return false;
    }
    return i == text.size();
}

// The magnitude of a well-formed integer; false when it passes 2^64 - 1.
bool magnitude(std::string_view text, std::uint64_t &v)
{
    v = 0;
    for (const char c : text)
        if (c != '-' && (__builtin_mul_overflow(v, 10u, &v) || __builtin_add_overflow(v, unsigned(c - '0'), &v)))
            return false;
    return true;
}

void appendUtf8(std::string &out, unsigned code)
{
    if (code < 0x80) {
        out.push_back(char(code));
    } else if (code < 0x800) {
        out.push_back(char(0xC0 | (code >> 6)));
        out.push_back(char(0x80 | (code & 0x3F)));
    } else if (code < 0x10000) {
        out.push_back(char(0xE0 | (code >> 12)));
        out.push_back(char(0x80 | ((code >> 6) & 0x3F)));
        out.push_back(char(0x80 | (code & 0x3F)));
    } else {
        out.push_back(char(0xF0 | (code >> 18)));
        out.push_back(char(0x80 | ((code >> 12) & 0x3F)));
        out.push_back(char(0x80 | ((code >> 6) & 0x3F)));
        out.push_back(char(0x80 | (code & 0x3F)));
    }
}

} // namespace

FastJsonParser::FastJsonParser(InputStreamBuf &in, Sax &sax, std::uint64_t tokenLimit)
    : m_in(&in), m_sax(sax), m_guard(tokenLimit / 2), m_window(in.window()), m_p(m_window), m_end(in.windowEnd()),
      m_base(in.position())
{
    m_event = m_base;
}

FastJsonParser::FastJsonParser(const std::string &text, Sax &sax)
    : m_sax(sax), m_window(text.data()), m_p(m_window), m_end(text.data() + text.size())
{
}

// Loads the next window once this one is read; false at the end of the
// input, on a stream error, or when no event came for half the token limit.
bool FastJsonParser::more()
{
    if (!m_in)
        return false;
    m_base += std::uint64_t(m_end - m_window);
    m_window = m_p = m_end;
    if (m_guard > 0 && m_base - m_event > m_guard) {
        m_guardDeclined = true;
        return false;
    }
    const bool got = m_in->nextWindow(m_end);
    m_window = m_p = m_in->window();
    m_end = m_in->windowEnd();
    return got && m_p < m_end;
}

int FastJsonParser::skipSpaceSlow()
{
    for (;;) {
        while (m_p < m_end) {
            const char c = *m_p;
            if (c != ' ' && c != '\n' && c != '\r' && c != '\t')
                return static_cast<unsigned char>(c);
            ++m_p;
        }
        if (!more())
            return -1;
    }
}

FastJsonParser::Outcome FastJsonParser::parse()
{
    constexpr std::size_t unknownSize = std::size_t(-1);
    std::vector<char> open; // '{' or '[' for each container being read
    Step step = Step::Ok;
    int c = skipSpace();
    if (c == 0xEF) // a byte order mark: nlohmann skips a whole one and refuses a part
        return Outcome::Declined;
    for (;;) {
        // A value.
        c = skipSpace();
        mark();
        if (c == '{') {
            ++m_p;
            if (!m_sax.start_object(unknownSize))
                return Outcome::Stopped;
            if (skipSpace() == '}') {
                ++m_p;
                mark();
                if (!m_sax.end_object())
                    return Outcome::Stopped;
            } else {
                open.push_back('{');
                goto key;
            }
        } else if (c == '[') {
            ++m_p;
            if (!m_sax.start_array(unknownSize))
                return Outcome::Stopped;
            if (skipSpace() == ']') {
                ++m_p;
                mark();
                if (!m_sax.end_array())
                    return Outcome::Stopped;
            } else {
                open.push_back('[');
                continue;
            }
        } else if ((step = scalar(c)) != Step::Ok) {
            return step == Step::Stop ? Outcome::Stopped : Outcome::Declined;
        }
        // After a value: a separator, the end of its container, or the end of the input.
        for (;;) {
            c = skipSpace();
            if (open.empty())
                return c == -1 && !m_guardDeclined && !(m_in && m_in->failed()) ? Outcome::Accepted : Outcome::Declined;
            const char close = open.back() == '{' ? '}' : ']';
            if (c == ',') {
                ++m_p;
                break;
            }
            if (c != close)
                return Outcome::Declined;
            ++m_p;
            mark();
            open.pop_back();
            if (!(close == '}' ? m_sax.end_object() : m_sax.end_array()))
                return Outcome::Stopped;
        }
        if (open.back() == '[')
            continue;
    key:
        if (skipSpace() != '"')
            return Outcome::Declined;
        ++m_p;
        if ((step = string(m_string)) != Step::Ok)
            return Outcome::Declined;
        mark();
        if (!m_sax.key(m_string))
            return Outcome::Stopped;
        if (skipSpace() != ':')
            return Outcome::Declined;
        ++m_p;
    }
}

FastJsonParser::Step FastJsonParser::scalar(int c)
{
    bool ok = true;
    if (c == '"') {
        ++m_p;
        if (const Step s = string(m_string); s != Step::Ok)
            return s;
        mark();
        ok = m_sax.string(m_string);
    } else if (c == '-' || (c >= '0' && c <= '9')) {
        return number();
    } else if (c == 't') {
        if (literal("true") != Step::Ok)
            return Step::Decline;
        ok = m_sax.boolean(true);
    } else if (c == 'f') {
        if (literal("false") != Step::Ok)
            return Step::Decline;
        ok = m_sax.boolean(false);
    } else if (c == 'n') {
        if (literal("null") != Step::Ok)
            return Step::Decline;
        ok = m_sax.null();
    } else {
        return Step::Decline;
    }
    return ok ? Step::Ok : Step::Stop;
}

FastJsonParser::Step FastJsonParser::literal(const char *word)
{
    for (const char *w = word; *w; ++w) {
        if (peek() != static_cast<unsigned char>(*w))
            return Step::Decline;
        ++m_p;
    }
    mark();
    return Step::Ok;
}

// The string after its opening quote, decoded, up to and past its closing quote.
FastJsonParser::Step FastJsonParser::string(std::string &out)
{
    out.clear();
    for (;;) {
        const char *q = m_p;
        while (q < m_end) {
            const unsigned char ch = static_cast<unsigned char>(*q);
            if (ch == '"' || ch == '\\' || ch < 0x20 || ch >= 0x80)
                break;
            ++q;
        }
        out.append(m_p, q);
        m_p = q;
        if (m_p == m_end) {
            if (!more())
                return Step::Decline;
            continue;
        }
        const unsigned char ch = static_cast<unsigned char>(*m_p);
        Step s = Step::Decline;
        if (ch == '"') {
            ++m_p;
            return Step::Ok;
        }
        if (ch == '\\')
            s = escape(out);
        else if (ch >= 0x80)
            s = multibyte(out);
        if (s != Step::Ok)
            return s; // a control character, an ill-formed byte or escape
    }
}

// One UTF-8 sequence of 2 to 4 bytes, well-formed as nlohmann (and Unicode) require.
FastJsonParser::Step FastJsonParser::multibyte(std::string &out)
{
    const unsigned char lead = static_cast<unsigned char>(*m_p);
    int follow = 0;
    unsigned lo = 0x80, hi = 0xBF;
    if (lead >= 0xC2 && lead <= 0xDF)
        follow = 1;
    else if (lead == 0xE0)
        follow = 2, lo = 0xA0;
    else if ((lead >= 0xE1 && lead <= 0xEC) || lead == 0xEE || lead == 0xEF)
        follow = 2;
    else if (lead == 0xED)
        follow = 2, hi = 0x9F;
    else if (lead == 0xF0)
        follow = 3, lo = 0x90;
    else if (lead >= 0xF1 && lead <= 0xF3)
        follow = 3;
    else if (lead == 0xF4)
        follow = 3, hi = 0x8F;
    else
        return Step::Decline;
    out.push_back(char(lead));
    ++m_p;
    for (int i = 0; i < follow; ++i) {
        const int b = peek();
        if (b < int(lo) || b > int(hi))
            return Step::Decline;
        out.push_back(char(b));
        ++m_p;
        lo = 0x80, hi = 0xBF;
    }
    return Step::Ok;
}

bool FastJsonParser::hex4(unsigned &code)
{
    code = 0;
    for (int i = 0; i < 4; ++i) {
        const int c = peek();
        unsigned d;
        if (c >= '0' && c <= '9')
            d = unsigned(c - '0');
        else if (c >= 'a' && c <= 'f')
            d = unsigned(c - 'a' + 10);
        else if (c >= 'A' && c <= 'F')
            d = unsigned(c - 'A' + 10);
        else
            return false;
        code = code * 16 + d;
        ++m_p;
    }
    return true;
}

// An escape at the backslash; \uD800-\uDBFF must pair with \uDC00-\uDFFF.
FastJsonParser::Step FastJsonParser::escape(std::string &out)
{
    ++m_p;
    const int c = peek();
    if (c < 0)
        return Step::Decline;
    ++m_p;
    switch (c) {
    case '"': out.push_back('"'); return Step::Ok;
    case '\\': out.push_back('\\'); return Step::Ok;
    case '/': out.push_back('/'); return Step::Ok;
    case 'b': out.push_back('\b'); return Step::Ok;
    case 'f': out.push_back('\f'); return Step::Ok;
    case 'n': out.push_back('\n'); return Step::Ok;
    case 'r': out.push_back('\r'); return Step::Ok;
    case 't': out.push_back('\t'); return Step::Ok;
    case 'u': break;
    default: return Step::Decline;
    }
    unsigned code;
    if (!hex4(code) || (code >= 0xDC00 && code <= 0xDFFF))
        return Step::Decline;
    if (code >= 0xD800 && code <= 0xDBFF) {
        unsigned low;
        if (peek() != '\\' || (++m_p, peek() != 'u') || (++m_p, !hex4(low)) || low < 0xDC00 || low > 0xDFFF)
            return Step::Decline;
        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00);
    }
    appendUtf8(out, code);
    return Step::Ok;
}

// A number at its first character, as nlohmann gives it: a negative integer
// as number_integer, another integer as number_unsigned, else number_float
// with its text. An integer past 64 bits or a double past its range is
// declined (nlohmann's error says which).
FastJsonParser::Step FastJsonParser::number()
{
    // Most numbers (every histogram bucket) are short integers within the window.
    const bool negative = *m_p == '-';
    const char *q = m_p + negative;
    const char *const first = q;
    const char *const end = m_end - first > 19 ? first + 19 : m_end; // 19 digits never overflow
    std::uint64_t v = 0;
    while (q < end && unsigned(*q - '0') < 10)
        v = v * 10 + unsigned(*q++ - '0');
    if (q < m_end && q > first && !kNumberChars.is[static_cast<unsigned char>(*q)] && (*first != '0' || q - first == 1)
        && !(negative && v > std::uint64_t(std::numeric_limits<std::int64_t>::max()))) {
        m_p = q;
        mark();
        const bool ok = negative ? m_sax.number_integer(-std::int64_t(v)) : m_sax.number_unsigned(v);
        return ok ? Step::Ok : Step::Stop;
    }
    return anyNumber();
}

// A number in full: a float, a long integer, or one that may go on in the next window.
FastJsonParser::Step FastJsonParser::anyNumber()
{
    const char *q = m_p;
    while (q < m_end && kNumberChars.is[static_cast<unsigned char>(*q)])
        ++q;
    std::string_view text(m_p, std::size_t(q - m_p));
    m_p = q;
    if (q == m_end) { // it may go on in the next window
        m_token.assign(text);
        while (m_p == m_end && more()) {
            q = m_p;
            while (q < m_end && kNumberChars.is[static_cast<unsigned char>(*q)])
                ++q;
            m_token.append(m_p, q);
            m_p = q;
        }
        if (m_guardDeclined || (m_in && m_in->failed()))
            return Step::Decline;
        text = m_token;
    }
    bool isFloat = false;
    if (!wellFormed(text, isFloat))
        return Step::Decline;
    mark();
    bool ok;
    if (isFloat) {
        double d = 0;
        const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), d);
        if (ec != std::errc() || end != text.data() + text.size())
            return Step::Decline; // out of range (nlohmann refuses an overflow and reads an underflow)
        std::string copy(text);
        ok = m_sax.number_float(d, copy);
    } else {
        std::uint64_t v;
        if (!magnitude(text, v))
            return Step::Decline;
        if (text[0] == '-') {
            constexpr std::uint64_t most = std::uint64_t(std::numeric_limits<std::int64_t>::max()) + 1;
            if (v > most)
                return Step::Decline;
            ok = m_sax.number_integer(v == most ? std::numeric_limits<std::int64_t>::min() : -std::int64_t(v));
        } else {
            ok = m_sax.number_unsigned(v);
        }
    }
    return ok ? Step::Ok : Step::Stop;
}

} // namespace bs
