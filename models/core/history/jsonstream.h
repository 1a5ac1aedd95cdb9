#pragma once

#include <nlohmann/json.hpp>

#include <cstddef>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

namespace bs {

// Writes JSON straight to a stream, laid out as nlohmann's dump(2) lays it
// out (two spaces a level, "[]" and "{}" when empty) and with its scalars
// written as nlohmann writes them (numbers by its own to_chars, strings that
// need escaping by its serializer), so the
// text is the same as building the document and dumping it, without the
// document: a large output costs no allocation per member. The text goes
// out in chunks, the rest when the JsonStream ends.
class JsonStream {
public:
    explicit JsonStream(std::ostream &out);
    ~JsonStream();
    JsonStream(const JsonStream &) = delete;
    JsonStream &operator=(const JsonStream &) = delete;

    void beginObject();
    void endObject();
    void beginArray();
    void endArray();
    // The next member's key (a plain identifier: written as is).
    JsonStream &key(const char *name);

    void value(const std::string &s);
    void value(const char *s);
    void value(double x);
    void value(std::size_t n);
    void value(bool b);
    void value(std::nullptr_t);
    void values(const std::vector<double> &xs); // an array of numbers
    template <typename T>
    void value(const std::optional<T> &v)
    {
        if (v)
            value(*v);
        else
            value(nullptr);
    }

private:
    static constexpr std::size_t kChunk = 1 << 16;
    void next(); // the separator and indent before a member or element
    void indent();
    void flush();
    void scalar(const nlohmann::json &j);
    void close(char bracket);

    struct Level {
        bool array;
        std::size_t count;
    };
    std::ostream &m_out;
    std::string m_buffer; // declared before the serializer, which writes to it
    nlohmann::detail::serializer<nlohmann::json> m_serializer;
    std::vector<Level> m_levels;
    bool m_afterKey = false;
};

} // namespace bs
