// An authored page's source (PageSource, MarkdownHtml, PageBlock,
// PageFigure): the Markdown made safe, the blocks and figures read with the
// page's line on every error, and figures computed from real captures.
#include "captureloader.h"
#include "pagesource.h"

#include <QtTest>

using namespace bs;

namespace {

PageSource parsed(const std::string &text)
{
    PageSource page;
    LoadError error;
    if (!PageSource::parse("/pages/p.md", text, page, error))
        qWarning("%s", error.toString().c_str());
    return page;
}

std::string prose(const PageSource &page)
{
    std::string html;
    for (const PageSource::Part &part : page.parts)
        if (!part.isBlock)
            html += page.prose(part, {});
    return html;
}

// The error of a page that must fail: "FILE: line N: message".
std::string failure(const std::string &text)
{
    PageSource page;
    LoadError error;
    return PageSource::parse("/pages/p.md", text, page, error) ? std::string("(parsed)") : error.toString();
}

std::string sample(const char *name)
{
    return qEnvironmentVariable("BENCHSCOPE_SOURCE_DIR").toStdString() + "/sample-data/" + name;
}

} // namespace

class TestPageSource : public QObject {
    Q_OBJECT
private slots:
    void rendersCommonMarkAndGitHubTables()
    {
        const std::string html = prose(parsed("# Benchmarks\n\nSome *words* and `code`.\n\n| a | b |\n|---|--:|\n| 1 | 2 |\n\n"
                                              "- [x] done\n- ~~old~~\n"));
        QVERIFY(html.find("<h1 id=\"benchmarks\">Benchmarks <a class=\"permalink\" href=\"#benchmarks\"") != std::string::npos);
        QVERIFY(html.find("<em>words</em>") != std::string::npos);
        QVERIFY(html.find("<code>code</code>") != std::string::npos);
        QVERIFY(html.find("<th style=\"text-align:right\">b</th>") != std::string::npos);
        QVERIFY(html.find("<td>1</td>") != std::string::npos);
        QVERIFY(html.find("checked disabled") != std::string::npos);
        QVERIFY(html.find("<del>old</del>") != std::string::npos);
    }

    void hostileMarkdownIsInert_data()
    {
        QTest::addColumn<QString>("markdown");
        QTest::newRow("script block") << "<script>alert(1)</script>\n";
        QTest::newRow("inline tag") << "a <img src=x onerror=alert(1)> b\n";
        QTest::newRow("javascript link") << "[x](javascript:alert(1))\n";
        QTest::newRow("JaVaScRiPt link") << "[x](JaVaScRiPt:alert(1))\n";
        QTest::newRow("data link") << "[x](data:text/html,<script>alert(1)</script>)\n";
        QTest::newRow("autolink") << "<javascript:alert(1)>\n";
        QTest::newRow("remote image") << "![x](https://example.org/track.png)\n";
        QTest::newRow("protocol-relative image") << "![x](//example.org/t.png)\n";
        QTest::newRow("iframe in table") << "| a |\n|---|\n| <iframe src=x> |\n";
        QTest::newRow("html comment") << "<!-- <script>alert(1)</script> -->\n";
        QTest::newRow("entity trick") << "&lt;script&gt; &#60;script&#62;\n";
        QTest::newRow("style attribute") << "<p style=\"x\" onclick=\"alert(1)\">p</p>\n";
        QTest::newRow("code lang") << "```\"><script>\nx\n```\n";
        QTest::newRow("control chars") << QString::fromUtf8("a\x1b[31mred\x7f\x01 b\n");
    }

    void hostileMarkdownIsInert()
    {
        QFETCH(QString, markdown);
        const std::string html = prose(parsed(markdown.toStdString()));
        // Markup from the text shows as text ("&lt;img ..."): no tag, no
        // link to a script, no control character.
        for (const char *bad : {"<script", "<img", "<iframe", "href=\"javascript", "href=\"JaVaScRiPt", "href=\"data",
                                "href=\"//", "<p style", "<!--", "\x1b", "\x7f", "\x01"})
            QVERIFY2(html.find(bad) == std::string::npos, (bad + std::string(" in ") + html).c_str());
    }

    void linksKeepOnlyWebAndRelativeTargets()
    {
        const std::string html = prose(parsed("[a](https://example.org/x) [b](../guide.md#y) [c](#z) [d](mailto:x@y) "
                                              "![img](shot.png)\n"));
        QVERIFY(html.find("<a href=\"https://example.org/x\">a</a>") != std::string::npos);
        QVERIFY(html.find("<a href=\"../guide.md#y\">b</a>") != std::string::npos);
        QVERIFY(html.find("<a href=\"#z\">c</a>") != std::string::npos);
        QVERIFY(html.find("mailto") == std::string::npos && html.find(" d ") != std::string::npos);
        QVERIFY(html.find("<a class=\"image\" href=\"shot.png\">[image] img</a>") != std::string::npos);
    }

    void blocksSplitTheProseWithTheirLines()
    {
        const PageSource page = parsed("---\ntitle: T <b>\ndescription: D\nlink: Repo https://example.org/r\n"
                                       "capture: opt ../local/a.json.gz\n---\n# Validation\n\nIntro.\n\n"
                                       "```benchscope\ncaptures: opt b.json.gz  # two\nshow: downloads\n```\n\nAfter.\n"
                                       "```benchscope\ncaptures: opt\nshow: chart bars\nmetric: rps\n```\n");
        QCOMPARE(page.title, std::string("T <b>"));
        QCOMPARE(page.description, std::string("D"));
        QCOMPARE(page.links.size(), std::size_t(1));
        QCOMPARE(page.parts.size(), std::size_t(4));
        QVERIFY(page.parts[1].isBlock && page.parts[3].isBlock);
        QCOMPARE(page.parts[1].headingId, std::string("validation"));
        QCOMPARE(page.blocks.size(), std::size_t(2));
        QCOMPARE(page.blocks[0].line, std::size_t(12));
        QCOMPARE(page.blocks[0].captures, (std::vector<std::string>{"opt", "b.json.gz"}));
        QVERIFY(page.blocks[0].show == PageBlock::Show::Downloads);
        QCOMPARE(page.blocks[1].metric, std::string("rps"));
        QCOMPARE(page.resolve("opt"), std::string("/local/a.json.gz"));
        QCOMPARE(page.resolve("b.json.gz"), std::string("/pages/b.json.gz"));
        QCOMPARE(page.captureFiles(), (std::vector<std::string>{"/local/a.json.gz", "/pages/b.json.gz"}));
        // A benchscope block quoted inside a longer fence is prose, not a block.
        const PageSource quoted = parsed("````markdown\n```benchscope\nshow: x\n```\n````\n");
        QCOMPARE(quoted.blocks.size(), std::size_t(0));
        QVERIFY(prose(quoted).find("show: x") != std::string::npos);
    }

    void badBlocksNameTheLine_data()
    {
        QTest::addColumn<QString>("page");
        QTest::addColumn<QString>("expected");
        QTest::newRow("unknown option") << "# x\n\n```benchscope\ncaptures: a\ncolour: red\n```\n" << "p.md: line 5: unknown option \"colour\"";
        QTest::newRow("unknown show") << "```benchscope\ncaptures: a\nshow: everything\n```\n" << "line 3: show: unknown \"everything\"";
        QTest::newRow("no captures") << "\n\n```benchscope\nshow: tables\n```\n" << "line 4: the block names no capture";
        QTest::newRow("diff of one") << "```benchscope\ncaptures: a\nshow: diff\n```\n" << "line 2: show: diff needs two captures";
        QTest::newRow("case without id") << "```benchscope\ncaptures: a\nshow: case\n```\n" << "line 3: show: case needs one case id";
        QTest::newRow("chart kind") << "```benchscope\ncaptures: a\nshow: chart pie\n```\n" << "line 3: show: chart \"pie\" is not a chart";
        QTest::newRow("range without case") << "```benchscope\ncaptures: a\nshow: chart range\n```\n" << "needs a case";
        QTest::newRow("two shows") << "```benchscope\ncaptures: a\nshow: tables\nshow: contract\n```\n" << "line 4: show: given twice";
        QTest::newRow("not key value") << "```benchscope\ncaptures: a\ntables\n```\n" << "line 3: expected `key: value`";
        QTest::newRow("figure unclosed") << "a\n\nThe {{ change a b case=x participant=y\n" << "line 3: \"{{\" without \"}}\"";
        QTest::newRow("figure kind") << "{{ speed a case=x participant=y }}\n" << "line 1: unknown figure \"speed\"";
        QTest::newRow("figure sides") << "\n{{ change a case=x participant=y }}\n" << "line 2: change names two captures";
        QTest::newRow("figure key") << "{{ value a case=x who=y }}\n" << "line 1: unknown \"who=y\"";
        QTest::newRow("front matter key") << "---\nauthor: me\n---\n" << "line 2: unknown front matter \"author\"";
        QTest::newRow("front matter link") << "---\nlink: Home javascript:alert(1)\n---\n" << "line 2: link: \"javascript:alert(1)\" is not";
        QTest::newRow("front matter open") << "---\ntitle: x\n" << "line 1: the front matter's \"---\" is never closed";
    }

    void badBlocksNameTheLine()
    {
        QFETCH(QString, page);
        QFETCH(QString, expected);
        const std::string error = failure(page.toStdString());
        QVERIFY2(error.find(expected.toStdString()) != std::string::npos, error.c_str());
        QVERIFY2(error.rfind("/pages/p.md: ", 0) == 0, error.c_str());
    }

    void figuresInFencedCodeStayText()
    {
        const PageSource page = parsed("```\n{{ x }}\n```\n\n~~~~\n{{ y }}\n~~~~\n");
        QCOMPARE(page.figures.size(), std::size_t(0));
        QVERIFY(prose(page).find("{{ x }}") != std::string::npos);
        QVERIFY(prose(page).find("{{ y }}") != std::string::npos);
    }

    void figuresComeFromTheCaptures()
    {
        LoadError e;
        const auto before = CaptureLoader::load(sample("local/latest-optimizations.before.json.gz"), e);
        const auto after = CaptureLoader::load(sample("local/latest-optimizations.after.json.gz"), e);
        QVERIFY2(before && after, e.toString().c_str());
        auto lookup = [&](const std::string &ref) -> const Capture * {
            return ref == "b" ? &*before : ref == "a" ? &*after : nullptr;
        };
        auto figure = [&](const std::string &text, std::string &message) {
            PageFigure f;
            std::string out;
            if (!PageFigure::parse(text, 1, f, message) || !f.evaluate(lookup, out, message))
                return std::string();
            return out;
        };
        std::string message;
        const std::string change = figure("change b a case=catalog participant=python", message);
        QVERIFY2(!change.empty() && change.back() == '%', message.c_str());
        QVERIFY2(change[0] == '+', change.c_str()); // caching the body: more requests per second
        const std::string ratio = figure("ratio b a case=catalog participant=python", message);
        QVERIFY2(ratio.find("×") != std::string::npos && std::stod(ratio) > 1.2, ratio.c_str());
        QCOMPARE(figure("verdict b a case=catalog participant=python", message), std::string("better"));
        const std::string value = figure("value a case=catalog participant=python metric=rps", message);
        QVERIFY2(value.find("req/s") != std::string::npos, value.c_str());
        // What cannot be computed is an error, never a blank.
        QVERIFY(figure("change b a case=nope participant=python", message).empty());
        QVERIFY2(message.find("nope") != std::string::npos, message.c_str());
        QVERIFY(figure("value a case=catalog participant=python metric=nope", message).empty());
        QVERIFY2(message.find("no metric \"nope\"") != std::string::npos, message.c_str());
        QVERIFY(figure("value zz case=catalog participant=python", message).empty());
        QVERIFY2(message.find("no capture \"zz\"") != std::string::npos, message.c_str());
    }

    void hugeDocumentsAreBounded()
    {
        // Deep nesting and long runs of markup stay linear (md4c), and a file
        // past the limit is refused before it is parsed.
        std::string deep(200000, '>');
        deep += " x\n";
        std::string stars;
        for (int i = 0; i < 100000; ++i)
            stars += "*a ";
        QVERIFY(!prose(parsed(deep + stars)).empty());
    }

};

QTEST_GUILESS_MAIN(TestPageSource)
#include "tst_pagesource.moc"
