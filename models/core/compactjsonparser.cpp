#include "compactjsonparser.h"

namespace bs {

namespace {

using json = nlohmann::json;

// Builds the DOM like nlohmann's own SAX DOM parser, diverting "buckets"
// arrays into CompactJsonParser::Buckets.
class Handler : public nlohmann::json_sax<json> {
public:
    explicit Handler(CompactJsonParser::Document &doc) : m_doc(doc) { }

    bool null() override { return value(nullptr, false); }
    bool boolean(bool v) override { return value(v, false); }
    bool number_integer(number_integer_t v) override
    {
        if (m_bucketDepth == 1) {
            if (v < 0)
                markBad();
            else
                push(std::uint64_t(v));
            return true;
        }
        return value(v, false);
    }
    bool number_unsigned(number_unsigned_t v) override
    {
        if (m_bucketDepth == 1) {
            push(v);
            return true;
        }
        return value(v, false);
    }
    bool number_float(number_float_t v, const string_t &) override { return value(v, true); }
    bool string(string_t &v) override { return value(std::move(v), true); }
    bool binary(binary_t &) override { return value(nullptr, true); }

    bool start_object(std::size_t) override
    {
        if (m_bucketDepth > 0) {
            markBad();
            ++m_bucketDepth;
            return true;
        }
        m_stack.push_back(add(json::object()));
        return true;
    }
    bool key(string_t &k) override
    {
        if (m_bucketDepth > 0)
            return true;
        m_key = std::move(k);
        return true;
    }
    bool end_object() override
    {
        if (m_bucketDepth > 0) {
            --m_bucketDepth;
            return true;
        }
        m_stack.pop_back();
        return true;
    }
    bool start_array(std::size_t) override
    {
        if (m_bucketDepth > 0) {
            markBad();
            ++m_bucketDepth;
            return true;
        }
        if (!m_stack.empty() && m_stack.back()->is_object() && m_key == "buckets") {
            json placeholder = json::object();
            placeholder["$buckets"] = m_doc.buckets.size();
            add(std::move(placeholder));
            m_doc.buckets.emplace_back();
            m_bucketDepth = 1;
            return true;
        }
        m_stack.push_back(add(json::array()));
        return true;
    }
    bool end_array() override
    {
        if (m_bucketDepth > 0) {
            if (--m_bucketDepth == 0)
                current().pairs.shrink_to_fit(); // no growth slack kept per histogram
            return true;
        }
        m_stack.pop_back();
        return true;
    }
    bool parse_error(std::size_t position, const std::string &, const nlohmann::detail::exception &ex) override
    {
        m_errorByte = position;
        m_errorMessage = ex.what();
        return false;
    }

    std::size_t m_errorByte = 0;
    std::string m_errorMessage;

private:
    CompactJsonParser::Buckets &current() { return m_doc.buckets.back(); }
    void markBad()
    {
        if (current().badElement < 0)
            current().badElement = current().elements;
        ++current().elements;
    }
    // Elements alternate: bucket index, then its count.
    void push(std::uint64_t v)
    {
        auto &b = current();
        if (b.elements % 2 == 0) {
            if (v > 0xffffffffULL && b.badElement < 0)
                b.badElement = b.elements;
            b.pairs.emplace_back(std::uint32_t(v), 0);
        } else if (!b.pairs.empty()) {
            b.pairs.back().second = v;
        }
        ++b.elements;
    }

    template<typename V>
    bool value(V &&v, bool nonIntegerInBuckets)
    {
        if (m_bucketDepth > 0) {
            (void)nonIntegerInBuckets;
            markBad();
            return true;
        }
        add(json(std::forward<V>(v)));
        return true;
    }

    json *add(json &&v)
    {
        if (m_stack.empty()) {
            m_doc.root = std::move(v);
            return &m_doc.root;
        }
        json *parent = m_stack.back();
        if (parent->is_array()) {
            parent->push_back(std::move(v));
            return &parent->back();
        }
        json &slot = (*parent)[m_key];
        slot = std::move(v);
        return &slot;
    }

    CompactJsonParser::Document &m_doc;
    std::vector<json *> m_stack;
    std::string m_key;
    int m_bucketDepth = 0;
};

} // namespace

namespace {

template<typename Input>
std::optional<CompactJsonParser::Document> parseInput(Input &&input, const std::string &path, LoadError &error)
{
    CompactJsonParser::Document doc;
    Handler handler(doc);
    if (nlohmann::json::sax_parse(std::forward<Input>(input), &handler, nlohmann::json::input_format_t::json, false))
        return doc;
    // nlohmann says "[json.exception.parse_error.101] parse error at line L,
    // column C: WHAT"; the place goes in `place`, WHAT in the message.
    std::string msg = handler.m_errorMessage;
    std::string place = "byte " + std::to_string(handler.m_errorByte);
    const auto at = msg.find(" at line ");
    const auto colon = msg.find(": ", at == std::string::npos ? 0 : at);
    if (at != std::string::npos && colon != std::string::npos) {
        place = msg.substr(at + 4, colon - at - 4) + " (" + place + ")";
        msg = msg.substr(colon + 2);
    }
    error = LoadError{path, place, "JSON syntax error: " + msg};
    return std::nullopt;
}

} // namespace

std::string CompactJsonParser::placeOfByte(const std::string &text, std::size_t byte)
{
    std::size_t line = 1, column = 1;
    const std::size_t end = std::min(byte, text.size());
    for (std::size_t i = 0; i + 1 < end; ++i) {
        if (text[i] == '\n') {
            ++line;
            column = 1;
        } else {
            ++column;
        }
    }
    return "line " + std::to_string(line) + ", column " + std::to_string(column) + " (byte "
        + std::to_string(byte) + ")";
}

std::optional<CompactJsonParser::Document> CompactJsonParser::parse(const std::string &text, const std::string &path,
                                                                    LoadError &error)
{
    return parseInput(text, path, error);
}

std::optional<CompactJsonParser::Document> CompactJsonParser::parse(std::istream &in, const std::string &path,
                                                                    LoadError &error)
{
    return parseInput(in, path, error);
}

} // namespace bs
