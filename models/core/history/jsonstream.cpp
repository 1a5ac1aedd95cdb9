#include "jsonstream.h"

namespace bs {

JsonStream::JsonStream(std::ostream &out)
    : m_out(out)
    , m_serializer(nlohmann::detail::output_adapter<char>(out), ' ', nlohmann::detail::error_handler_t::strict)
{
}

void JsonStream::next()
{
    if (m_afterKey) {
        m_afterKey = false;
        return;
    }
    if (m_levels.empty())
        return;
    Level &l = m_levels.back();
    if (l.count++ > 0)
        m_out.put(',');
    m_out.put('\n');
    for (std::size_t i = 0; i < m_levels.size(); ++i)
        m_out.write("  ", 2);
}

JsonStream &JsonStream::key(const char *name)
{
    next();
    m_out.put('"');
    m_out << name;
    m_out.write("\": ", 3);
    m_afterKey = true;
    return *this;
}

void JsonStream::beginObject()
{
    next();
    m_out.put('{');
    m_levels.push_back({false, 0});
}

void JsonStream::beginArray()
{
    next();
    m_out.put('[');
    m_levels.push_back({true, 0});
}

void JsonStream::close(char bracket)
{
    const bool empty = m_levels.back().count == 0;
    m_levels.pop_back();
    if (!empty) {
        m_out.put('\n');
        for (std::size_t i = 0; i < m_levels.size(); ++i)
            m_out.write("  ", 2);
    }
    m_out.put(bracket);
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
