// The fast JSON parser against nlohmann's, through the same handler: on every
// file under sample-data/, tests/data/ and fuzz/seeds/ and on each class of
// tricky input (placed across a window boundary too), the two give the same
// document (types and values, histogram buckets) or the same error.
#include "fileio.h"
#include "compactjsonparser.h"
#include "inputlimits.h"
#include "inputstreambuf.h"
#include "memorystreambuf.h"

#include <QtTest/QtTest>

#include <filesystem>
#include <fstream>
#include <sstream>

using bs::CompactJsonParser::Engine;
using Document = bs::CompactJsonParser::Document;
using json = nlohmann::json;

Q_DECLARE_METATYPE(std::string)

namespace {

// Equal values of equal types (nlohmann's == takes 1 and 1u, even 1.0, as equal).
bool same(const json &a, const json &b)
{
    if (a.type() != b.type())
        return false;
    if (a.is_object()) {
        if (a.size() != b.size())
            return false;
        for (auto i = a.begin(), j = b.begin(); i != a.end(); ++i, ++j)
            if (i.key() != j.key() || !same(i.value(), j.value()))
                return false;
        return true;
    }
    if (a.is_array()) {
        if (a.size() != b.size())
            return false;
        for (std::size_t i = 0; i < a.size(); ++i)
            if (!same(a[i], b[i]))
                return false;
        return true;
    }
    if (a.is_number_float()) // bit for bit: -0.0 is not 0.0
        return std::signbit(a.get<double>()) == std::signbit(b.get<double>()) && a.get<double>() == b.get<double>();
    return a == b;
}

bool same(const Document &a, const Document &b)
{
    if (!same(a.root, b.root) || a.buckets.size() != b.buckets.size())
        return false;
    for (std::size_t i = 0; i < a.buckets.size(); ++i)
        if (a.buckets[i].packed != b.buckets[i].packed || a.buckets[i].loose != b.buckets[i].loose
            || a.buckets[i].elements != b.buckets[i].elements || a.buckets[i].badElement != b.buckets[i].badElement
            || a.buckets[i].check.failedAt() != b.buckets[i].check.failedAt())
            return false;
    return true;
}

struct Parsed {
    std::optional<Document> doc;
    bs::LoadError error;
};

// As the capture reader parses a file: its first window looked at, then the stream.
Parsed parseStream(const std::string &bytes, Engine engine)
{
    bs::MemoryStreamBuf memory(bytes);
    bs::InputStreamBuf in(memory, bs::InputLimits::current().captureBytes, "BENCHSCOPE_MAX_CAPTURE_MB");
    in.head();
    Parsed p;
    p.doc = bs::CompactJsonParser::parse(in, "f", p.error, engine);
    return p;
}

Parsed parseText(const std::string &text, Engine engine)
{
    Parsed p;
    p.doc = bs::CompactJsonParser::parse(text, "f", p.error, false, engine);
    return p;
}

std::string describe(const Parsed &p)
{
    return p.doc ? "a document" : p.error.toString();
}

// Auto (fast, nlohmann when declined) against nlohmann alone.
void compare(const Parsed &fast, const Parsed &reference, const std::string &what)
{
    QVERIFY2(bool(fast.doc) == bool(reference.doc),
             (what + ": fast gives " + describe(fast) + ", nlohmann " + describe(reference)).c_str());
    if (reference.doc)
        QVERIFY2(same(*fast.doc, *reference.doc), (what + ": the documents differ").c_str());
    else
        QCOMPARE(QString::fromStdString(fast.error.toString()), QString::fromStdString(reference.error.toString()));
}

std::string readBytes(const std::filesystem::path &file)
{
    std::ifstream in(file, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

} // namespace

class TestFastJsonParser : public QObject {
    Q_OBJECT

private slots:
    void everyFileReadsAlike();
    void eachClassReadsAlike_data();
    void eachClassReadsAlike();
};

void TestFastJsonParser::everyFileReadsAlike()
{
    const std::filesystem::path source = qEnvironmentVariable("BENCHSCOPE_SOURCE_DIR").toStdString();
    int files = 0, documents = 0;
    for (const char *folder : {"sample-data", "tests/data", "fuzz/seeds"}) {
        for (const auto &entry : std::filesystem::recursive_directory_iterator(source / folder)) {
            if (!entry.is_regular_file() || entry.file_size() > (64u << 20))
                continue;
            const std::string bytes = readBytes(entry.path());
            const std::string name = entry.path().lexically_relative(source).string();
            const Parsed reference = parseStream(bytes, Engine::Nlohmann);
            compare(parseStream(bytes, Engine::Auto), reference, name);
            // A document nlohmann reads, the fast parser reads by itself.
            if (reference.doc) {
                const Parsed fast = parseStream(bytes, Engine::FastOnly);
                QVERIFY2(fast.doc, (name + ": " + describe(fast)).c_str());
                ++documents;
            }
            // Whole text, as the importers parse it (no histogram buckets diverted).
            bs::MemoryStreamBuf memory(bytes);
            bs::InputStreamBuf in(memory, bs::InputLimits::current().captureBytes, "BENCHSCOPE_MAX_CAPTURE_MB");
            const std::string text = in.readAll();
            compare(parseText(text, Engine::Auto), parseText(text, Engine::Nlohmann), name + " (text)");
            ++files;
        }
    }
    QVERIFY2(files > 300, std::to_string(files).c_str());
    QVERIFY2(documents > 100, std::to_string(documents).c_str());
}

void TestFastJsonParser::eachClassReadsAlike_data()
{
    QTest::addColumn<std::string>("value");
    QTest::addColumn<bool>("fastDecides"); // false: the fast parser leaves it to nlohmann
    const std::pair<const char *, bool> values[] = {
        {"0", true}, {"-0", true}, {"-0.0", true}, {"123456789", true}, {"18446744073709551615", true},
        {"18446744073709551616", false}, {"-9223372036854775808", true}, {"-9223372036854775809", false},
        {"12345678901234567890123", false}, {"1.5", true}, {"1e5", true}, {"1E+5", true}, {"2.5e-3", true},
        {"1e-400", false}, {"1e999", false}, {"0.1000000000000000055511151231257827", true}, {"01", false},
        {"1.", false}, {".5", false}, {"+1", false}, {"-", false}, {"1e", false}, {"1-2", false},
        {"\"plain\"", true}, {"\"esc \\\" \\\\ \\/ \\b \\f \\n \\r \\t\"", true}, {"\"\\u00e9\\u20ac\\u0000\"", true},
        {"\"\\ud83d\\ude00\"", true}, {"\"\\ud83d\"", false}, {"\"\\ude00\"", false}, {"\"\\ud83dx\"", false},
        {"\"\\x\"", false}, {"\"\\u12g4\"", false}, {"\"caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80\"", true},
        {"\"\xc3\"", false}, {"\"\xc0\xaf\"", false}, {"\"\xed\xa0\x80\"", false}, {"\"\xf4\x90\x80\x80\"", false},
        {"\"\xe0\x80\xaf\"", false}, {"\"\xff\"", false}, {"\"tab\there\"", false}, {"\"open", false},
        {"true", true}, {"false", true}, {"null", true}, {"tru", false}, {"nul", false}, {"truex", false},
        {"[]", true}, {"{}", true}, {"[1,]", false}, {"{\"a\":1,}", false}, {"{\"a\" 1}", false},
        {"{\"a\":1,\"a\":2}", true}, {"{\"$buckets\":1}", true}, {"[1 2]", false}, {"{1:2}", false},
        {"{\"h\":{\"buckets\":[10,3,12,-1,40000000000,2,[1],\"x\"]}}", true},
        {"{\"h\":{\"buckets\":[10,3,12]}}", true}, {"{\"buckets\":{\"buckets\":[1,2]}}", true},
        {"[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]",
         true},
        {"{} x", false}, {"{} {}", false}, {"\xef\xbb\xbf{}", false}, {"\xef\xbb{}", false}, {"", false},
    };
    for (const auto &[value, fastDecides] : values)
        QTest::newRow(value) << std::string(value) << fastDecides;
}

void TestFastJsonParser::eachClassReadsAlike()
{
    QFETCH(std::string, value);
    QFETCH(bool, fastDecides);
    const std::string &v = value;
    // As the document, and inside one at every place across the first window's end.
    std::vector<std::string> texts = {v};
    for (std::size_t before = 0; before < 8; ++before)
        texts.push_back("{\"pad\":\"" + std::string(bs::InputStreamBuf::kWindow - 9 - before, 'x') + "\",\"v\":" + v
                        + "}");
    for (const std::string &text : texts) {
        for (const std::string &bytes : {text, bs::FileIO::gzip(text)}) {
            const Parsed reference = parseStream(bytes, Engine::Nlohmann);
            compare(parseStream(bytes, Engine::Auto), reference, value);
            if (fastDecides) // its document, or the handler's refusal (a limit, a duplicate key)
                compare(parseStream(bytes, Engine::FastOnly), reference, value + " read by the fast parser alone");
        }
        compare(parseText(text, Engine::Auto), parseText(text, Engine::Nlohmann), value + " (text)");
    }
}

QTEST_GUILESS_MAIN(TestFastJsonParser)
#include "tst_fastjsonparser.moc"
