#include "jsonstream.h"

#include <algorithm>
#include <charconv>
#include <cmath>

namespace bs {

JsonStream::JsonStream(std::ostream &out)
    : m_out(out)
    , m_serializer(nlohmann::detail::output_adapter<char>(m_buffer), ' ', nlohmann::detail::error_handler_t::strict)
{
}

JsonStream::~JsonStream()
{
    flush();
}

void JsonStream::flush()
{
    m_out.write(m_buffer.data(), std::streamsize(m_buffer.size()));
    m_buffer.clear();
}

void JsonStream::indent()
{
    m_buffer += '\n';
    m_buffer.append(2 * m_levels.size(), ' ');
}

void JsonStream::next()
{
    if (m_afterKey) {
        m_afterKey = false;
        return;
    }
    if (m_levels.empty())
        return;
    if (m_buffer.size() >= kChunk)
        flush();
    if (m_levels.back().count++ > 0)
        m_buffer += ',';
    indent();
}

JsonStream &JsonStream::key(const char *name)
{
    next();
    m_buffer += '"';
    m_buffer += name;
    m_buffer += "\": ";
    m_afterKey = true;
    return *this;
}

void JsonStream::beginObject()
{
    next();
    m_buffer += '{';
    m_levels.push_back({false, 0});
}

void JsonStream::beginArray()
{
    next();
    m_buffer += '[';
    m_levels.push_back({true, 0});
}

void JsonStream::close(char bracket)
{
    const bool empty = m_levels.back().count == 0;
    m_levels.pop_back();
    if (!empty)
        indent();
    m_buffer += bracket;
}

void JsonStream::endObject()
{
    close('}');
}

void JsonStream::endArray()
{
    close(']');
}

void JsonStream::scalar(const nlohmann::json &j)
{
    next();
    m_serializer.dump(j, false, false, 0);
}

// Text of printable ASCII without a quote or backslash is written as it
// is, as the serializer would write it; anything else goes through it.
void JsonStream::value(const std::string &s)
{
    const bool plain = std::all_of(s.begin(), s.end(), [](char c) { return c >= 0x20 && c < 0x7f && c != '"' && c != '\\'; });
    if (!plain) {
        scalar(nlohmann::json(s));
        return;
    }
    next();
    m_buffer += '"';
    m_buffer += s;
    m_buffer += '"';
}

void JsonStream::value(const char *s)
{
    value(std::string(s));
}

// Numbers as nlohmann's serializer writes them (its dump_float and
// dump_integer), without making a json value for each: a history's JSON
// is mostly numbers.
void JsonStream::value(double x)
{
    next();
    if (!std::isfinite(x)) {
        m_buffer += "null";
        return;
    }
    char text[64];
    const char *end = nlohmann::detail::to_chars(text, text + sizeof text, x);
    m_buffer.append(text, std::size_t(end - text));
}

void JsonStream::value(std::size_t n)
{
    next();
    char text[24];
    const auto [end, ec] = std::to_chars(text, text + sizeof text, n);
    m_buffer.append(text, std::size_t(end - text));
}

void JsonStream::value(bool b)
{
    next();
    m_buffer += b ? "true" : "false";
}

void JsonStream::value(std::nullptr_t)
{
    next();
    m_buffer += "null";
}

void JsonStream::values(const std::vector<double> &xs)
{
    beginArray();
    for (double x : xs)
        value(x);
    endArray();
}

} // namespace bs
