#include "jsonstream.h"

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

void JsonStream::value(const std::string &s)
{
    scalar(nlohmann::json(s));
}

void JsonStream::value(const char *s)
{
    scalar(nlohmann::json(s));
}

void JsonStream::value(double x)
{
    scalar(nlohmann::json(x));
}

void JsonStream::value(std::size_t n)
{
    scalar(nlohmann::json(n));
}

void JsonStream::value(bool b)
{
    scalar(nlohmann::json(b));
}

void JsonStream::value(std::nullptr_t)
{
    scalar(nlohmann::json(nullptr));
}

void JsonStream::values(const std::vector<double> &xs)
{
    beginArray();
    for (double x : xs)
        value(x);
    endArray();
}

} // namespace bs
