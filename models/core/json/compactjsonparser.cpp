#include "compactjsonparser.h"

#include "fastjsonparser.h"
#include "inputlimits.h"

#include <algorithm>
#include <istream>

namespace bs {

namespace {

using json = nlohmann::json;

// Builds the DOM like nlohmann's own SAX DOM parser, diverting "buckets"
// arrays into CompactJsonParser::Buckets, and stops at the first limit passed.
class Handler : public nlohmann::json_sax<json> {
public:
    Handler(CompactJsonParser::Document &doc, bool buckets, InputStreamBuf *input)
        : m_doc(doc), m_divertBuckets(buckets), m_input(input), m_limits(InputLimits::current())
    {
    }

    bool null() override { return value(nullptr); }
    bool boolean(bool v) override { return value(v); }
    bool number_integer(number_integer_t v) override
    {
        if (m_bucketDepth == 1) {
            if (v < 0)
                markBad();
            else
                return push(std::uint64_t(v));
            return true;
        }
        return value(v);
    }
    bool number_unsigned(number_unsigned_t v) override
    {
        if (m_bucketDepth == 1)
            return push(v);
        return value(v);
    }
    bool number_float(number_float_t v, const string_t &text) override
    {
        // An integer token read as a double overflowed 64 bits: its digits would be lost.
        if (text.find_first_of(".eE") == std::string::npos)
            return fail("integer out of range: " + text.substr(0, 24) + (text.size() > 24 ? "..." : "") + " ("
                        + std::to_string(text.size()) + " characters) does not fit in 64 bits");
        return value(v);
    }
    bool string(string_t &v) override
    {
        if (v.size() > m_limits.stringBytes)
            return fail("a string of " + InputLimits::beyond(m_limits.stringBytes, "", "BENCHSCOPE_MAX_STRING_KB"));
        if (v.size() > 15) // beyond the small-string buffer
            m_bytes += v.size();
        return value(std::move(v));
    }
    bool binary(binary_t &) override { return value(nullptr); }

    bool start_object(std::size_t) override { return start(json::object()); }
    bool key(string_t &k) override
    {
        mark();
        if (m_bucketDepth > 0)
            return true;
        if (k.size() > m_limits.stringBytes)
            return fail("a key of " + InputLimits::beyond(m_limits.stringBytes, "", "BENCHSCOPE_MAX_STRING_KB"));
        if (!m_stack.empty() && m_stack.back()->contains(k)) {
            m_limitMessage = "duplicate key \"" + k.substr(0, 64) + (k.size() > 64 ? "..." : "")
                + "\": the object already has a member of that name (which one counts would be a guess)";
            m_limitPlace = containerPath();
            return false;
        }
        m_key = std::move(k);
        if (m_divertBuckets && m_key == "$buckets")
            return fail("the key \"$buckets\" is reserved");
        return true;
    }
    bool end_object() override { return end(); }
    bool start_array(std::size_t) override
    {
        if (m_divertBuckets && m_bucketDepth == 0 && !m_stack.empty() && m_stack.back()->is_object()
            && m_key == "buckets") {
            json placeholder = json::object();
            placeholder["$buckets"] = m_doc.buckets.size();
            if (!value(std::move(placeholder)))
                return false;
            m_doc.buckets.emplace_back();
            m_bucketDepth = 1;
            return true;
        }
        return start(json::array());
    }
    bool end_array() override
    {
        if (m_bucketDepth == 1) { // no growth slack kept per histogram
            current().packed.shrinkToFit();
            current().loose.shrink_to_fit();
        }
        return end();
    }
    bool parse_error(std::size_t position, const std::string &token, const nlohmann::detail::exception &ex) override
    {
        m_errorByte = position;
        m_errorMessage = ex.what();
        if (ex.id == 406) // nlohmann's out_of_range "number overflow"
            m_limitMessage = "number out of range: " + token.substr(0, 64)
                + (token.size() > 64 ? "..." : "") + " is too large for a floating-point number (at most about 1.8e308)";
        if (!m_limitMessage.empty() && m_limitPlace.empty())
            m_limitPlace = path();
        return false;
    }

    std::size_t m_errorByte = 0;
    std::string m_errorMessage;
    std::string m_limitMessage; // set when a limit, not the syntax, stopped the parse
    std::string m_limitPlace;

private:
    CompactJsonParser::Buckets &current() { return m_doc.buckets.back(); }
    void mark()
    {
        if (m_input)
            m_input->markToken();
    }
    bool fail(std::string message)
    {
        m_limitMessage = std::move(message);
        m_limitPlace = path();
        return false;
    }
    // Accounts for a vector about to grow by one element: the new block is
    // allocated while the old one is still held, so that sum must fit.
    template<typename Vector>
    bool grow(const Vector &v, std::uint64_t elementBytes)
    {
        if (v.size() < v.capacity())
            return true;
        const std::uint64_t oldBytes = v.capacity() * elementBytes;
        const std::uint64_t newBytes = std::max<std::uint64_t>(1, 2 * v.capacity()) * elementBytes;
        m_bytes += newBytes;
        if (overBudget())
            return false;
        m_bytes -= oldBytes;
        return true;
    }
    bool overBudget()
    {
        return m_bytes > m_limits.documentBytes
            && !fail("the document takes " + InputLimits::beyond(m_limits.documentBytes, "", "BENCHSCOPE_MAX_DOCUMENT_MB")
                     + " of memory once read");
    }
    // "$.results[3].repetitions" for the value being read; the middle of a
    // very deep path is left out.
    std::string path() const
    {
        std::string p = segments();
        if (!m_stack.empty() && m_bucketDepth == 0)
            p += m_stack.back()->is_array() ? "[" + std::to_string(m_stack.back()->size()) + "]" : "." + m_key;
        return shortened(p);
    }
    // "$.results[3]" for the object or array being read.
    std::string containerPath() const { return shortened(segments()); }
    std::string segments() const
    {
        std::string p = "$";
        for (const std::string &s : m_segments)
            p += s;
        return p;
    }
    static std::string shortened(const std::string &p)
    {
        return p.size() > 160 ? p.substr(0, 80) + "..." + p.substr(p.size() - 60) : p;
    }
    void markBad()
    {
        if (current().badElement < 0)
            current().badElement = current().elements;
        ++current().elements;
    }
    // Elements alternate: bucket index, then its count.
    bool push(std::uint64_t v)
    {
        mark();
        auto &b = current();
        if (b.elements % 2 == 0) {
            if (v > 0xffffffffULL && b.badElement < 0)
                b.badElement = b.elements;
            b.pendingIndex = v;
        } else if (!addPair(b, std::uint32_t(b.pendingIndex), v)) {
            return false;
        }
        ++b.elements;
        return true;
    }
    // Kept packed while the pairs come in order; past the first refusal
    // nothing more is kept (the histogram is refused at it).
    bool addPair(CompactJsonParser::Buckets &b, std::uint32_t index, std::uint64_t count)
    {
        if (!b.check.add(index, count, b.elements - 1) || b.badElement >= 0)
            return true;
        if (!b.isLoose && b.packed.fits(index, count)) {
            if (!growPacked(b.packed))
                return false;
            b.packed.append(index, count);
            return true;
        }
        if (!b.isLoose) {
            b.loose.assign(b.packed.begin(), b.packed.end());
            b.packed = PackedBuckets();
            b.isLoose = true;
        }
        if (!grow(b.loose, sizeof(Histogram::Bucket)))
            return false;
        b.loose.emplace_back(index, count);
        return true;
    }
    bool growPacked(const PackedBuckets &p)
    {
        if (p.capacity() - p.bytes() >= PackedBuckets::kMaxAppendBytes)
            return true;
        m_bytes += 2 * std::max(p.capacity(), PackedBuckets::kMaxAppendBytes);
        if (overBudget())
            return false;
        m_bytes -= p.capacity();
        return true;
    }

    bool start(json &&container)
    {
        mark();
        if (int(m_stack.size()) + m_bucketDepth >= m_limits.depth)
            return fail("nesting deeper than " + std::to_string(m_limits.depth)
                        + " levels (the limit; set BENCHSCOPE_MAX_JSON_DEPTH to raise it, see docs/limits.md)");
        if (m_bucketDepth > 0) {
            markBad();
            ++m_bucketDepth;
            return true;
        }
        std::string segment;
        if (!m_stack.empty())
            segment = m_stack.back()->is_array() ? "[" + std::to_string(m_stack.back()->size()) + "]" : "." + m_key;
        json *added = add(std::move(container));
        if (!added)
            return false;
        m_stack.push_back(added);
        m_segments.push_back(std::move(segment));
        return true;
    }
    bool end()
    {
        mark();
        if (m_bucketDepth > 0) {
            --m_bucketDepth;
            return true;
        }
        m_stack.pop_back();
        if (!m_segments.empty())
            m_segments.pop_back();
        return true;
    }

    template<typename V>
    bool value(V &&v)
    {
        mark();
        if (m_bucketDepth > 0) {
            markBad();
            return true;
        }
        return add(json(std::forward<V>(v))) != nullptr;
    }

    // Adds a value where the parse is; null once the memory budget is spent.
    json *add(json &&v)
    {
        if (v.is_object() || v.is_array() || v.is_string())
            m_bytes += kContainerBytes;
        if (m_stack.empty()) {
            m_doc.root = std::move(v);
            return overBudget() ? nullptr : &m_doc.root;
        }
        json *parent = m_stack.back();
        if (parent->is_array()) {
            auto &elements = parent->get_ref<json::array_t &>();
            if (!grow(elements, sizeof(json)))
                return nullptr;
            elements.push_back(std::move(v));
            return &elements.back();
        }
        m_bytes += kObjectMemberBytes + (m_key.size() > 15 ? m_key.size() : 0);
        json *slot = &(*parent)[m_key];
        *slot = std::move(v);
        return overBudget() ? nullptr : slot;
    }

    // A std::map node with its key and value; the heap part of an object,
    // array or string value.
    static constexpr std::uint64_t kObjectMemberBytes = 96;
    static constexpr std::uint64_t kContainerBytes = 48;

    CompactJsonParser::Document &m_doc;
    bool m_divertBuckets;
    InputStreamBuf *m_input;
    const InputLimits &m_limits;
    std::vector<json *> m_stack;
    std::vector<std::string> m_segments; // path segment of each container in m_stack
    std::string m_key;
    int m_bucketDepth = 0;
    std::uint64_t m_bytes = 0;
};

// The error for a failed sax_parse: a limit's (with its JSON path), or
// nlohmann's syntax error "[json.exception.parse_error.101] parse error at
// line L, column C: WHAT" with the place in `place` (from `text` when the
// input is in memory) and WHAT in the message.
LoadError failure(const Handler &handler, const std::string &path, const std::string *text)
{
    if (!handler.m_limitMessage.empty())
        return LoadError{path, handler.m_limitPlace, handler.m_limitMessage};
    std::string msg = handler.m_errorMessage;
    std::string place = "byte " + std::to_string(handler.m_errorByte);
    const auto at = msg.find(" at line ");
    const auto colon = msg.find(": ", at == std::string::npos ? 0 : at);
    if (at != std::string::npos && colon != std::string::npos) {
        place = msg.substr(at + 4, colon - at - 4) + " (" + place + ")";
        msg = msg.substr(colon + 2);
    }
    if (text)
        place = CompactJsonParser::placeOfByte(*text, handler.m_errorByte ? handler.m_errorByte - 1 : 0);
    return LoadError{path, place, "not valid JSON: " + msg};
}

// Engine::FastOnly's answer when the fast parser leaves the document to nlohmann.
std::nullopt_t declined(const std::string &path, std::string place, LoadError &error)
{
    error = LoadError{path, std::move(place), "the fast parser declined (nlohmann's parser reads this document)"};
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
                                                                    LoadError &error, bool buckets, Engine engine)
{
    if (engine != Engine::Nlohmann) {
        Document doc;
        Handler handler(doc, buckets, nullptr);
        FastJsonParser fast(text, handler);
        const auto outcome = fast.parse();
        if (outcome == FastJsonParser::Outcome::Accepted)
            return doc;
        if (outcome == FastJsonParser::Outcome::Stopped) {
            error = failure(handler, path, &text);
            return std::nullopt;
        }
        if (engine == Engine::FastOnly)
            return declined(path, "byte " + std::to_string(fast.offset()), error);
    }
    Document doc;
    Handler handler(doc, buckets, nullptr);
    if (json::sax_parse(text, &handler, json::input_format_t::json, false))
        return doc;
    error = failure(handler, path, &text);
    return std::nullopt;
}

void CompactJsonParser::Buckets::moveInto(Histogram &h)
{
    if (isLoose)
        h.setBuckets(std::move(loose));
    else
        h.setBuckets(std::move(packed));
}

std::optional<CompactJsonParser::Document> CompactJsonParser::parse(InputStreamBuf &in, const std::string &path,
                                                                    LoadError &error, Engine engine)
{
    const InputLimits &limits = InputLimits::current();
    if (engine != Engine::Nlohmann) {
        Document doc;
        Handler handler(doc, true, nullptr);
        FastJsonParser fast(in, handler, limits.stringBytes);
        const auto outcome = fast.parse();
        // A broken or oversized stream explains any JSON error that followed it.
        if (in.failed()) {
            error = LoadError{path, in.errorPlace(), in.error()};
            return std::nullopt;
        }
        if (outcome == FastJsonParser::Outcome::Accepted)
            return doc;
        if (outcome == FastJsonParser::Outcome::Stopped) {
            error = failure(handler, path, nullptr);
            return std::nullopt;
        }
        if (engine == Engine::FastOnly)
            return declined(path, "byte " + std::to_string(fast.offset()), error);
        if (!in.rewind()) {
            error = LoadError{path, "byte " + std::to_string(fast.offset()),
                              "not valid JSON (the stream cannot be read again to say why)"};
            return std::nullopt;
        }
    }
    Document doc;
    Handler handler(doc, true, &in);
    in.setTokenLimit(limits.stringBytes);
    std::istream stream(&in);
    // Strict: after the document only whitespace may follow, and reading to
    // the end also checks a gzip stream's trailer.
    const bool ok = json::sax_parse(stream, &handler, json::input_format_t::json, true);
    in.setTokenLimit(0);
    if (in.failed()) {
        error = LoadError{path, in.errorPlace(), in.error()};
        return std::nullopt;
    }
    if (ok)
        return doc;
    error = failure(handler, path, nullptr);
    return std::nullopt;
}

} // namespace bs
