// Names from files made inert in Markdown (TextEscape::markdown), as the
// pull-request comment, `diff --format markdown`, `history` and the reports
// show them: thousands of generated hostile names (emphasis, code, links,
// images, HTML, entities, autolinks, math, wiki links, block starts,
// mentions and references), each escaped on a line of its own, in a list
// item, in a heading and in a table cell, parsed by md4c as GitHub's dialect
// with raw HTML, math and wiki links on: no span, no HTML, no block but the
// context's, the reader sees the name's text, and no mention, reference or
// bare link can form. Plain names stay as they were.
#include "textescape.h"

#include <md4c.h>

#include <QtTest>

#include <random>
#include <string>
#include <vector>

namespace {

const std::string kJoiner = "\xe2\x80\x8d";

// What md4c saw in a document.
struct Parsed {
    std::map<int, int> blocks; // MD_BLOCKTYPE -> times entered
    int spans = 0;
    int foreignTexts = 0; // text that is not normal text or an entity: code, HTML, math, breaks
    std::string text;     // the normal text and the entities decoded, as a reader sees it
};

int enterBlock(MD_BLOCKTYPE type, void *, void *p)
{
    ++static_cast<Parsed *>(p)->blocks[type];
    return 0;
}

int enterSpan(MD_SPANTYPE, void *, void *p)
{
    ++static_cast<Parsed *>(p)->spans;
    return 0;
}

int text(MD_TEXTTYPE type, const MD_CHAR *t, MD_SIZE size, void *p)
{
    Parsed &r = *static_cast<Parsed *>(p);
    const std::string s(t, size);
    if (type == MD_TEXT_NORMAL)
        r.text += s;
    else if (type == MD_TEXT_ENTITY && (s == "&lt;" || s == "&gt;" || s == "&amp;" || s == "&#32;"))
        r.text += s == "&lt;" ? "<" : s == "&gt;" ? ">" : s == "&amp;" ? "&" : " ";
    else
        ++r.foreignTexts;
    return 0;
}

Parsed parse(const std::string &markdown)
{
    MD_PARSER parser {};
    parser.flags = MD_DIALECT_GITHUB | MD_FLAG_LATEXMATHSPANS | MD_FLAG_WIKILINKS;
    parser.enter_block = enterBlock;
    parser.leave_block = [](MD_BLOCKTYPE, void *, void *) { return 0; };
    parser.enter_span = enterSpan;
    parser.leave_span = [](MD_SPANTYPE, void *, void *) { return 0; };
    parser.text = text;
    Parsed r;
    md_parse(markdown.data(), MD_SIZE(markdown.size()), &parser, &r);
    return r;
}

std::string withoutJoiners(std::string s)
{
    for (std::size_t at; (at = s.find(kJoiner)) != std::string::npos;)
        s.erase(at, kJoiner.size());
    return s;
}

std::string trimmed(const std::string &s)
{
    const auto a = s.find_first_not_of(' '), b = s.find_last_not_of(' ');
    return a == std::string::npos ? std::string() : s.substr(a, b - a + 1);
}

// What a reader should see: the name as a terminal shows it, on one line.
std::string shown(const std::string &name)
{
    std::string s = bs::TextEscape::terminal(name, true);
    for (char &c : s)
        if (c == '\n' || c == '\t')
            c = ' ';
    return trimmed(s);
}

// A mention, an issue or merge request reference or a bare link that
// GitHub's or GitLab's filters would find in the rendered text.
bool referenceForms(const std::string &seen)
{
    for (std::size_t i = 0; i + 1 < seen.size(); ++i) {
        const unsigned char next = static_cast<unsigned char>(seen[i + 1]);
        if (std::strchr("@#!%~$&", seen[i]) && (std::isalnum(next) || next == '_' || next == '"'))
            return true;
    }
    std::string lower = seen;
    for (char &c : lower)
        c = char(std::tolower(static_cast<unsigned char>(c)));
    return lower.find("://") != std::string::npos || lower.find("www.") != std::string::npos;
}

const char *const kFragments[] = {
    "*", "**", "_", "__", "`", "``", "~", "~~", "\\", "|", "[x](https://evil.example/)", "![i](x.png)", "[x]",
    "[[wiki]]", "[^1]", "<b>", "</details>", "<img src=x onerror=alert(1)>", "<!-- c -->", "<https://evil.example>",
    "&lt;", "&#64;", "&amp;", "@octocat", "@org/team", "#123", "!12", "~label", "%\"milestone\"", "$x$", "$$", "$5",
    "https://evil.example/a", "HTTP://X.Y", "www.evil.example", "WWW.x.y", "a@b.example", "mailto:a@b.example", "# ",
    "## h", "> ", "- ", "+ ", "* ", "1. ", "2) ", "---", "===", "***", "    ", "\t", "\n", "\n\n", ":smile:", "[ ] ", "x",
    "GET /api", "é", "\x1b[31m", "\xc2\x9b", "\x7f", "\xff",
};

std::vector<std::string> hostileNames()
{
    std::vector<std::string> names(std::begin(kFragments), std::end(kFragments));
    std::mt19937 rng(44);
    std::uniform_int_distribution<std::size_t> pick(0, std::size(kFragments) - 1), count(2, 5), sep(0, 2);
    const char *separators[] = {"", " ", "a"};
    for (int i = 0; i < 3000; ++i) {
        std::string name;
        for (std::size_t k = count(rng); k > 0; --k)
            name += std::string(separators[sep(rng)]) + kFragments[pick(rng)];
        names.push_back(name);
    }
    return names;
}

} // namespace

class TstMarkdownEscape : public QObject {
    Q_OBJECT

private slots:
    void hostileNamesAreInert_data();
    void hostileNamesAreInert();
    void plainNamesStayAsTheyAre();
};

void TstMarkdownEscape::hostileNamesAreInert_data()
{
    QTest::addColumn<QString>("context");
    for (const char *c : {"line", "list item", "heading", "table cell"})
        QTest::newRow(c) << QString::fromLatin1(c);
}

void TstMarkdownEscape::hostileNamesAreInert()
{
    QFETCH(QString, context);
    int checked = 0;
    for (const std::string &name : hostileNames()) {
        const std::string md = bs::TextEscape::markdown(name);
        QVERIFY2(md.find('\n') == std::string::npos, md.c_str());
        std::string doc = md;
        MD_BLOCKTYPE own = MD_BLOCK_P;
        if (context == QLatin1String("list item")) {
            doc = "- " + md + "\n";
            own = MD_BLOCK_LI;
        } else if (context == QLatin1String("heading")) {
            doc = "## " + md + "\n";
            own = MD_BLOCK_H;
        } else if (context == QLatin1String("table cell")) {
            doc = "| a | b |\n| --- | --- |\n| " + md + " | x |\n";
            own = MD_BLOCK_TD;
        }
        const Parsed p = parse(doc);
        const std::string what = "name \"" + bs::TextEscape::terminal(name) + "\" as \"" + doc + "\"";
        QVERIFY2(p.spans == 0 && p.foreignTexts == 0, what.c_str());
        int blocks = 0;
        for (const auto &[type, n] : p.blocks)
            blocks += type == MD_BLOCK_DOC || type == own ? 0 : n;
        const int contextBlocks = own == MD_BLOCK_LI ? 1 : own == MD_BLOCK_TD ? 5 : 0; // UL; TABLE THEAD TBODY TR×2 (TH apart)
        const int headerCells = own == MD_BLOCK_TD ? 2 : 0;
        QVERIFY2(blocks == contextBlocks + headerCells, (what + " makes blocks of its own").c_str());
        QVERIFY2(p.blocks.count(own) && p.blocks.at(own) == (own == MD_BLOCK_TD ? 2 : 1), what.c_str());
        const std::string seen = own == MD_BLOCK_TD ? trimmed(p.text.substr(2, p.text.size() - 3)) : trimmed(p.text);
        QVERIFY2(withoutJoiners(seen) == shown(name), (what + " reads \"" + seen + "\"").c_str());
        QVERIFY2(!referenceForms(seen), (what + ": a reference or link forms").c_str());
        ++checked;
    }
    QVERIFY(checked > 3000);
}

void TstMarkdownEscape::plainNamesStayAsTheyAre()
{
    for (const char *name : {"wordfreq r3", "GET /api/users?id=1", "p99 latency (ms)", "hello-world", "1.5 ms", "+5.0%",
                             "C++ 17", "node.js 22", "a/b: c, d; e'f\"g", "50%", "é ü ß 中", "119.4 [56.9–131.2]", "Change [95% CI]"})
        QCOMPARE(bs::TextEscape::markdown(name), std::string(name));
}

QTEST_GUILESS_MAIN(TstMarkdownEscape)
#include "tst_markdownescape.moc"
