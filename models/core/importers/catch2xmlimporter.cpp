#include "catch2xmlimporter.h"

#include "capturebuilder.h"
#include "catch2figures.h"
#include "failureshare.h"
#include "inputfailure.h"
#include "loadtext.h"
#include "textline.h"

#include <algorithm>
#include <cctype>
#include <map>

namespace bs {

namespace {

// One start or end tag of the XML: name, attributes, and where it is.
struct XmlTag {
    std::string name;
    std::map<std::string, std::string> attributes;
    bool closing = false;     // </name>
    bool selfClosing = false; // <name/>
    TextLine line;

    std::string attribute(const std::string &key) const
    {
        const auto it = attributes.find(key);
        if (it == attributes.end())
            throw InputFailure{line.place(), "<" + name + "> has no " + key + " attribute"};
        return it->second;
    }
    double number(const std::string &key) const { return LoadText::number(attribute(key), line); }
};

std::string unescape(const std::string &s, const TextLine &line)
{
    static const std::pair<const char *, char> entities[] = {
        {"&quot;", '"'}, {"&apos;", '\''}, {"&lt;", '<'}, {"&gt;", '>'}, {"&amp;", '&'}};
    std::string out;
    for (std::size_t i = 0; i < s.size(); ++i) {
        if (s[i] != '&') {
            out += s[i];
            continue;
        }
        bool known = false;
        for (const auto &[text, c] : entities)
            if (s.compare(i, std::char_traits<char>::length(text), text) == 0) {
                out += c;
                i += std::char_traits<char>::length(text) - 1;
                known = true;
                break;
            }
        if (!known && s.compare(i, 2, "&#") == 0) {
            const auto end = s.find(';', i);
            if (end == std::string::npos)
                throw InputFailure{line.place(), "an unterminated character reference"};
            out += '?'; // numeric references (control characters in names) are not needed here
            i = end;
            known = true;
        }
        if (!known)
            throw InputFailure{line.place(), "an unknown entity in an attribute"};
    }
    return out;
}

// Reads the tags one after another, skipping text, comments, the XML
// declaration and CDATA; every malformed tag is an error at its line.
class TagScanner {
public:
    explicit TagScanner(const std::string &text) : m_text(text) { }

    bool next(XmlTag &tag)
    {
        for (;;) {
            const auto open = m_text.find('<', m_pos);
            if (open == std::string::npos)
                return false;
            advanceTo(open);
            if (skip("<!--", "-->") || skip("<?", "?>") || skip("<![CDATA[", "]]>") || skip("<!", ">"))
                continue;
            const auto close = m_text.find('>', open);
            if (close == std::string::npos)
                throw InputFailure{here().place(), "a tag is not closed: the file looks cut short"};
            tag = parse(m_text.substr(open + 1, close - open - 1));
            advanceTo(close + 1);
            return true;
        }
    }

    TextLine here() const { return {{}, m_line}; }

private:
    bool skip(const char *start, const char *end)
    {
        if (m_text.compare(m_pos, std::char_traits<char>::length(start), start) != 0)
            return false;
        const auto stop = m_text.find(end, m_pos);
        if (stop == std::string::npos)
            throw InputFailure{here().place(), std::string("no closing ") + end + ": the file looks cut short"};
        advanceTo(stop + std::char_traits<char>::length(end));
        return true;
    }

    void advanceTo(std::size_t pos)
    {
        m_line += int(std::count(m_text.begin() + long(m_pos), m_text.begin() + long(pos), '\n'));
        m_pos = pos;
    }

    XmlTag parse(std::string body) const
    {
        XmlTag t;
        t.line = here();
        if (!body.empty() && body[0] == '/') {
            t.closing = true;
            body.erase(0, 1);
        }
        if (!body.empty() && body.back() == '/') {
            t.selfClosing = true;
            body.pop_back();
        }
        std::size_t i = 0;
        auto isName = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-' || c == ':' || c == '.'; };
        while (i < body.size() && isName(body[i]))
            ++i;
        t.name = body.substr(0, i);
        if (t.name.empty())
            throw InputFailure{t.line.place(), "a tag without a name"};
        for (;;) {
            while (i < body.size() && std::isspace(static_cast<unsigned char>(body[i])))
                ++i;
            if (i == body.size())
                return t;
            const std::size_t start = i;
            while (i < body.size() && isName(body[i]))
                ++i;
            const std::string key = body.substr(start, i - start);
            if (key.empty() || i + 1 >= body.size() || body[i] != '=' || (body[i + 1] != '"' && body[i + 1] != '\''))
                throw InputFailure{t.line.place(), "a malformed attribute in <" + t.name + ">"};
            const char quote = body[i + 1];
            const auto end = body.find(quote, i + 2);
            if (end == std::string::npos)
                throw InputFailure{t.line.place(), "an attribute value without its closing quote in <" + t.name + ">"};
            t.attributes[key] = unescape(body.substr(i + 2, end - i - 2), t.line);
            i = end + 1;
        }
    }

    const std::string &m_text;
    std::size_t m_pos = 0;
    int m_line = 1;
};

// Walks the tags: test cases, their benchmarks and whether they passed.
class Catch2XmlReader {
public:
    explicit Catch2XmlReader(CaptureBuilder &b) : m_b(b) { }

    void read(const std::string &text)
    {
        TagScanner scanner(text);
        XmlTag tag;
        while (scanner.next(tag))
            take(tag);
        if (m_depth != 0 || !m_sawRoot)
            throw InputFailure{scanner.here().place(), "the XML ends before its <Catch> element is closed"};
    }

private:
    void take(const XmlTag &t)
    {
        if (!t.closing && !t.selfClosing)
            ++m_depth;
        if (t.closing && --m_depth < 0)
            throw InputFailure{t.line.place(), "</" + t.name + "> closes nothing"};
        if (t.closing) {
            if (t.name == "TestCase")
                finishTestCase();
            else if (t.name == "BenchmarkResults")
                finishBenchmark(t);
            return;
        }
        if (t.name == "Catch" || t.name == "Catch2TestRun") {
            m_sawRoot = true;
            m_participant = m_b.participant(t.attributes.count("name") ? t.attributes.at("name") : "Catch2");
            if (t.attributes.count("catch2-version"))
                m_b.tool().version = t.attributes.at("catch2-version");
        } else if (!m_sawRoot && (t.name == "TestCase" || t.name == "BenchmarkResults")) {
            throw InputFailure{t.line.place(), "<" + t.name + "> outside a <Catch> element"};
        } else if (t.name == "TestCase") {
            m_testCase = t.attribute("name");
            m_failure.clear();
            m_cases.clear();
        } else if (t.name == "BenchmarkResults") {
            m_bench = Catch2Figures{};
            m_bench.name = t.attribute("name");
            m_benchFailure.clear();
            m_bench.samples = t.number("samples");
            if (t.attributes.count("resamples"))
                m_b.provenance().conditions.extra["resamples"] = t.attributes.at("resamples");
            m_inBenchmark = true;
        } else if (m_inBenchmark && (t.name == "mean" || t.name == "standardDeviation")) {
            Catch2Figures::Estimate &e = t.name == "mean" ? m_bench.mean : m_bench.stddev;
            e = Catch2Figures::Estimate::fromNanoseconds(t.number("value"), t.number("lowerBound"), t.number("upperBound"), t.line);
            m_b.provenance().conditions.extra["confidence"] = t.attribute("ci");
        } else if (m_inBenchmark && t.name == "failed") {
            m_benchFailure = t.attributes.count("message") ? t.attributes.at("message") : "no message";
        } else if (m_inBenchmark && t.name == "outliers") {
            m_bench.outlierVariance = t.number("variance");
            if (*m_bench.outlierVariance < 0 || *m_bench.outlierVariance > 1)
                throw InputFailure{t.line.place(), "the outlier variance must be between 0 and 1"};
        } else if (t.name == "Expression" && t.attributes.count("success") && t.attributes.at("success") == "false") {
            if (m_failure.empty())
                m_failure = (t.attributes.count("type") ? t.attributes.at("type") : "a check") + " at line "
                    + (t.attributes.count("line") ? t.attributes.at("line") : "?");
        } else if (t.name == "OverallResult" && !m_testCase.empty() && t.attribute("success") == "false" && m_failure.empty()) {
            m_failure = "the test case failed";
        }
        if (t.selfClosing && t.name == "BenchmarkResults")
            finishBenchmark(t);
    }

    void finishBenchmark(const XmlTag &t)
    {
        if (!m_inBenchmark)
            throw InputFailure{t.line.place(), "</BenchmarkResults> outside a benchmark"};
        m_inBenchmark = false;
        if (!m_benchFailure.empty()) {
            const std::string cs = m_b.caseId(m_bench.name, m_testCase);
            FailureShare::apply(m_b.result(m_participant, cs), 1, 1, "runs", "failed (" + m_benchFailure + ")");
            return;
        }
        if (!m_bench.mean.value)
            throw InputFailure{t.line.place(), "benchmark \"" + m_bench.name + "\" has no <mean>"};
        m_cases.push_back(m_bench.store(m_b, m_participant, m_testCase));
    }

    void finishTestCase()
    {
        if (!m_failure.empty())
            for (const std::string &cs : m_cases)
                FailureShare::apply(m_b.result(m_participant, cs), 1, 1, "runs of test case \"" + m_testCase + "\"",
                                    "failed (" + m_failure + ")");
        m_testCase.clear();
    }

    CaptureBuilder &m_b;
    std::string m_participant;
    std::string m_testCase;
    std::string m_failure; // the first failed check of the test case
    std::vector<std::string> m_cases; // the test case's benchmarks
    Catch2Figures m_bench;
    std::string m_benchFailure; // <failed message="..."/>: the benchmark threw
    bool m_inBenchmark = false;
    bool m_sawRoot = false;
    int m_depth = 0;
};

} // namespace

bool Catch2XmlImporter::detect(const ImportInput &in) const
{
    if (in.json)
        return false;
    const std::string head = in.text.substr(0, 4096);
    return (head.find("<Catch ") != std::string::npos || head.find("<Catch2TestRun") != std::string::npos)
        && in.text.find("<BenchmarkResults") != std::string::npos;
}

Capture Catch2XmlImporter::import(const ImportInput &in) const
{
    CaptureBuilder b(in, "Catch2", "benchmark-harness");
    Catch2Figures::define(b);
    Catch2XmlReader reader(b);
    reader.read(in.text);
    return b.finish();
}

} // namespace bs
