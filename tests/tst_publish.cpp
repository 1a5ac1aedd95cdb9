// The published page: escaping and links (HtmlText), the HTML writer
// (HtmlPage), the site folder's all-or-nothing writing (SiteFolder) and
// `benchscope-cli publish` on the sample captures.
#include "captureloader.h"
#include "capturewriter.h"
#include "clirun.h"
#include "diffcaptures.h"
#include "fileio.h"
#include "htmlpage.h"
#include "htmltext.h"
#include "sitefolder.h"
#include "svgcompactor.h"
#include "tempfolder.h"
#include "textescape.h"

#include <QtTest>

#include <cmath>
#include <filesystem>
#include <random>
#include <regex>
#include <set>

namespace fs = std::filesystem;
using namespace bs;

namespace {

QString sample(const char *name)
{
    return qEnvironmentVariable("BENCHSCOPE_SOURCE_DIR") + QStringLiteral("/sample-data/") + QLatin1String(name);
}

std::string readText(const std::string &path)
{
    LoadError e;
    const auto bytes = FileIO::readFile(path, e);
    return bytes ? *bytes : std::string();
}

int count(const std::string &text, const std::string &what)
{
    int n = 0;
    for (std::size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1))
        ++n;
    return n;
}

const char *const kHostile[] = {
    "<img src=x onerror=alert(1)>", "<script>alert(2)</script>", "\"><svg onload=alert(3)>", "' onmouseover='alert(4)",
    "</textarea></code><iframe src=javascript:alert(5)>",
};

} // namespace

class TestPublish : public QObject {
    Q_OBJECT
private slots:
    void init() { m_tmp.renew(); }

    void escapeLeavesNoMarkup_data()
    {
        QTest::addColumn<QString>("text");
        for (const char *t : kHostile)
            QTest::newRow(t) << QString::fromUtf8(t);
    }
    void escapeLeavesNoMarkup()
    {
        QFETCH(QString, text);
        const std::string out = TextEscape::html(text.toStdString());
        for (const char *bad : {"<", ">", "\"", "'"})
            QVERIFY2(out.find(bad) == std::string::npos, out.c_str());
        QCOMPARE(TextEscape::html("a\x01" "b\x1b[0m\tc\n"), std::string("ab[0m\tc\n"));
    }

    void safeHref_data()
    {
        QTest::addColumn<QString>("url");
        QTest::addColumn<bool>("kept");
        QTest::newRow("https") << "https://github.com/moltar/typescript-runtime-type-benchmarks" << true;
        QTest::newRow("http") << "HTTP://example.org/x?y=1#z" << true;
        QTest::newRow("relative") << "downloads/run.json" << true;
        QTest::newRow("relative with colon later") << "docs/a:b.html" << true;
        QTest::newRow("fragment") << "#suite/case" << true;
        QTest::newRow("javascript") << "javascript:alert(1)" << false;
        QTest::newRow("javascript case") << "JaVaScRiPt:alert(1)" << false;
        QTest::newRow("javascript tab") << "java\tscript:alert(1)" << false;
        QTest::newRow("leading space") << " javascript:alert(1)" << false;
        QTest::newRow("data") << "data:text/html,<script>alert(1)</script>" << false;
        QTest::newRow("file") << "file:///etc/passwd" << false;
        QTest::newRow("mailto") << "mailto:a@b.c" << false;
        QTest::newRow("protocol relative") << "//evil.example/x.js" << false;
        QTest::newRow("backslash") << "\\\\evil\\x" << false;
        QTest::newRow("bare scheme") << "https://" << false;
        QTest::newRow("empty") << "" << false;
    }
    void safeHref()
    {
        QFETCH(QString, url);
        QFETCH(bool, kept);
        QCOMPARE(!HtmlText::safeHref(url.toStdString()).empty(), kept);
    }

    void linkOrTextLinksOnlyWebAddresses()
    {
        QCOMPARE(HtmlText::linkOrText("benchscope-run"), std::string("benchscope-run"));
        QCOMPARE(HtmlText::linkOrText("javascript:alert(1)"), std::string("javascript:alert(1)"));
        QCOMPARE(HtmlText::linkOrText("https://a.example/?q=<x>"),
                 std::string("<a href=\"https://a.example/?q=&lt;x&gt;\">https://a.example/?q=&lt;x&gt;</a>"));
    }

    void cellsSetTheirPartsApart()
    {
        QCOMPARE(HtmlPage::cellHtml("82,481 [80,100–83,000]"),
                 std::string("82,481 <span class=\"range\">[80,100–83,000]</span>"));
        QCOMPARE(HtmlPage::cellHtml("1.20 s (once)"), std::string("1.20 s <span class=\"once\">(once)</span>"));
        QCOMPARE(HtmlPage::cellHtml("—"), std::string("<span class=\"status unsupported\">—</span>"));
        QCOMPARE(HtmlPage::cellHtml("contract failed"), std::string("<span class=\"status\">contract failed</span>"));
        // Cancelled is no failure: its own, muted class.
        QCOMPARE(HtmlPage::cellHtml("cancelled"), std::string("<span class=\"status cancelled\">cancelled</span>"));
        QCOMPARE(HtmlPage::cellHtml("<b>1</b> [<i>]"), std::string("&lt;b&gt;1&lt;/b&gt; <span class=\"range\">[&lt;i&gt;]</span>"));
    }

    // Every string of the content is escaped wherever the page shows it.
    void pageEscapesEveryString()
    {
        for (const char *h : kHostile) {
            ReportContent c;
            c.title = h;
            TextTable t{h, {h, h}, {{h, h}}, {false, true}, {h}};
            ReportTab tab{h, h, {ReportBlock::ofTable(h, t), ReportBlock::paragraph(h), ReportBlock::code(h)}};
            ReportBlock tabs;
            tabs.kind = ReportBlock::Kind::Tabs;
            tabs.tabs = {tab};
            ReportBlock files;
            files.kind = ReportBlock::Kind::Downloads;
            files.downloads = {{h, h, 1, h}};
            c.sections = {{h, h, 2, {ReportBlock::notes(h, {h}), ReportBlock::list(h, {h}), tabs, files}},
                          {std::string(h) + "2", h, 3, {ReportBlock::paragraph(h)}}};
            const std::string page = HtmlPage::render(c);
            QVERIFY2(page.find(h) == std::string::npos, h);
            QCOMPARE(count(page, "<script"), 1); // the page's own, in <head>
            QCOMPARE(count(page, "<img"), 0);
            QCOMPARE(count(page, "<iframe"), 0);
            QCOMPARE(count(page, "<svg"), 0);
        }
    }

    // A chart's SVG is inlined, sized by its viewBox, unless it holds
    // something that would run.
    void chartsInlineOnlyInertSvg()
    {
        ReportChart chart;
        chart.title = "Requests/s";
        chart.alt = "a: 1; b: 2.";
        ReportContent c;
        c.title = "t";
        c.sections = {{"s", "S", 2, {ReportBlock::ofChart(chart)}}};
        chart.svg = "<?xml version=\"1.0\"?>\n<svg width=\"1200\" height=\"700\" viewBox=\"0 0 1200 700\"><g/></svg>";
        c.sections[0].blocks[0].chart = chart;
        std::string page = HtmlPage::render(c);
        // Sized by its viewBox, never shown narrower than drawn (page.css).
        QVERIFY(page.find("<svg viewBox=\"0 0 1200 700\" style=\"--drawn-width:1200px\" role=\"img\"")
                != std::string::npos);
        // Its marks, each value where it stands, as text for the hover tip.
        c.sections[0].blocks[0].chart.marks = {{12.4, 30.6, "a <b>· case: 1 req/s"}};
        page = HtmlPage::render(c);
        QVERIFY(page.find("<li data-x=\"12\" data-y=\"31\">a &lt;b&gt;· case: 1 req/s</li>") != std::string::npos);
        QVERIFY(page.find("<?xml") == std::string::npos);
        QVERIFY(page.find("a: 1; b: 2.") != std::string::npos);
        for (const char *bad : {"<svg onload=\"x()\"><g/></svg>", "<svg><script>x()</script></svg>",
                                "<svg><foreignObject/></svg>", "<svg><a href=\"javascript:x()\"/></svg>"}) {
            c.sections[0].blocks[0].chart.svg = bad;
            page = HtmlPage::render(c);
            QVERIFY2(page.find("<svg") == std::string::npos, bad);
            // Not left out without a word: the page says so where the chart would be.
            QVERIFY2(page.find("<p class=\"chart-missing\">") != std::string::npos, bad);
            QVERIFY2(page.find("Requests/s") != std::string::npos, bad);
        }
    }

    // Qt's SVG, made small: the same drawing in fewer bytes.
    void svgCompactsQtOutput()
    {
        const std::string qt =
            "<?xml version=\"1.0\"?>\n<svg width=\"100\" height=\"50\" viewBox=\"0 0 100 50\">\n<title>T<br><small>x</small></title>"
            "<desc>Made by Benchscope</desc>\n<g fill=\"none\" stroke=\"black\" stroke-linecap=\"square\" stroke-linejoin=\"bevel\">\n"
            "<g fill=\"none\" stroke=\"#000000\" stroke-opacity=\"1\" transform=\"matrix(1,0,0,1,0,0)\" font-family=\"Sans\" font-size=\"9\">\n</g>\n"
            "<g fill=\"none\" stroke=\"#d6d6d6\" stroke-linecap=\"square\">\n<polyline fill=\"none\" vector-effect=\"none\" points=\"0,0 10.04,0 \" />\n</g>\n"
            "<g fill=\"none\" stroke=\"#d6d6d6\" stroke-linecap=\"square\">\n<polyline fill=\"none\" vector-effect=\"none\" points=\"10.04,0 20,0.1 30,0 \" />\n</g>\n"
            "<g fill=\"none\" stroke=\"#404044\"><text x=\"1.2345\" y=\"2\" font-size=\"9\" xml:space=\"preserve\"> a &lt;b&gt; </text></g>\n"
            "</g>\n</svg>\n";
        QCOMPARE(SvgCompactor::compact(qt),
                 std::string("<svg width=\"100\" height=\"50\" viewBox=\"0 0 100 50\"><g fill=\"none\" stroke=\"black\">"
                             "<g fill=\"none\" stroke=\"#d6d6d6\"><polyline points=\"0,0 30,0\"/></g>"
                             "<g fill=\"none\" stroke=\"#404044\"><text x=\"1.2\" y=\"2\" font-size=\"9\" xml:space=\"preserve\"> a &lt;b&gt; </text></g>"
                             "</g></svg>"));
        for (const char *foreign : {"<svg><image href=\"x.png\"/></svg>", "<svg><a href=\"#\"><g/></a></svg>",
                                    "<svg><style>*{}</style></svg>", "<svg><text>1<img src=x></text></svg>", "<svg><g"})
            QVERIFY2(SvgCompactor::compact(foreign).empty(), foreign);
    }

    void tabsFollowTheAriaPattern()
    {
        ReportContent c;
        c.title = "t";
        ReportBlock tabs;
        tabs.kind = ReportBlock::Kind::Tabs;
        for (const char *id : {"all-cases", "get", "post"})
            tabs.tabs.push_back({id, id, {ReportBlock::paragraph(id)}});
        c.sections = {{"suite", "Suite", 2, {tabs}}};
        const std::string page = HtmlPage::render(c);
        QCOMPARE(count(page, "role=\"tab\""), 3);
        QCOMPARE(count(page, "role=\"tabpanel\""), 3);
        QCOMPARE(count(page, "aria-selected=\"true\""), 1);
        QCOMPARE(count(page, "tabindex=\"-1\""), 2);
        for (const char *id : {"all-cases", "get", "post"}) {
            const std::string panel = std::string("suite/") + id;
            QVERIFY(page.find("id=\"" + panel + "\"") != std::string::npos);
            QVERIFY(page.find("aria-controls=\"" + panel + "\"") != std::string::npos);
            QVERIFY(page.find("href=\"#" + panel + "\"") != std::string::npos);
        }
        // No panel is hidden in the HTML: without the script, all show.
        QCOMPARE(count(page, " hidden"), 0);
        QVERIFY(HtmlPage::script().find("ArrowRight") != std::string::npos);
        QVERIFY(HtmlPage::style().find("@media print") != std::string::npos);
        QVERIFY(HtmlPage::style().find("prefers-color-scheme: dark") != std::string::npos);
    }

    // Whatever ids the content asks for (the same section twice, as two
    // captures of one revision give; an id named like another's heading,
    // tab or block; two tab sets of the same tabs in one section; none),
    // every id on the page is unique and every reference finds its element,
    // each tab its own panel.
    void pageIdsAreUniqueByConstruction()
    {
        ReportContent c;
        c.title = "t";
        const TextTable t{"x", {"a", "b"}, {{"1", "2"}}, {false, true}, {}};
        ReportBlock tabs;
        tabs.kind = ReportBlock::Kind::Tabs;
        for (const char *id : {"all-cases", "get", "get", "1"})
            tabs.tabs.push_back({id, id, {ReportBlock::ofTable("tables/x", t), ReportBlock::paragraph(id)}});
        for (const char *id : {"suite", "suite", "suite-title", "tab-suite", "suite/get", "suite/1", "suite-2", "",
                               "", "suite/all-cases-title"})
            c.sections.push_back({id, id, id[0] == 's' && id[5] == '\0' ? 2 : 3,
                                  {ReportBlock::ofTable("tables/y", t), tabs, tabs}});
        const std::string page = HtmlPage::render(c);
        std::set<std::string> ids;
        const std::regex idAttr("\\sid=\"([^\"]*)\"");
        for (auto it = std::sregex_iterator(page.begin(), page.end(), idAttr); it != std::sregex_iterator(); ++it)
            QVERIFY2(ids.insert((*it)[1]).second, (*it)[1].str().c_str());
        QVERIFY(ids.size() > 100);
        const std::regex ref("(aria-controls|aria-labelledby)=\"([^\"]*)\"|href=\"#([^\"]*)\"");
        int refs = 0;
        for (auto it = std::sregex_iterator(page.begin(), page.end(), ref); it != std::sregex_iterator(); ++it, ++refs) {
            const std::string target = (*it)[2].matched ? (*it)[2].str() : (*it)[3].str();
            QVERIFY2(ids.count(target), target.c_str());
        }
        QVERIFY(refs > 200);
        // Each tab controls a panel labelled by that tab, and no other tab controls it.
        const std::regex tab("role=\"tab\" id=\"([^\"]*)\" aria-controls=\"([^\"]*)\"");
        std::set<std::string> panels;
        for (auto it = std::sregex_iterator(page.begin(), page.end(), tab); it != std::sregex_iterator(); ++it) {
            const std::string panel = (*it)[2];
            QVERIFY2(panels.insert(panel).second, panel.c_str());
            QVERIFY2(page.find("role=\"tabpanel\" id=\"" + panel + "\" aria-labelledby=\"" + (*it)[1].str() + "\"")
                         != std::string::npos,
                     panel.c_str());
        }
        QCOMPARE(int(panels.size()), 10 * 2 * 4);
        // The first section asking for an id keeps it (its permalink).
        QVERIFY(page.find("<section class=\"level2\" id=\"suite\"") != std::string::npos);
    }

    // No control character XML cannot hold reaches index.html through a
    // chart's text, whichever it is; the chart is kept, the character shown as U+FFFD.
    void controlCharactersNeverReachThePage()
    {
        ReportContent c;
        c.title = "t";
        for (int ch = 0; ch < 0x80; ++ch) {
            if ((ch >= 0x20 && ch != 0x7f) || ch == '\t' || ch == '\n' || ch == '\r')
                continue;
            ReportChart chart;
            chart.title = std::string("T") + char(ch);
            chart.svg = "<svg width=\"10\" height=\"10\" viewBox=\"0 0 10 10\"><title>" + chart.title
                + "</title><g fill=\"none\"><text x=\"1\" y=\"2\">a" + char(ch) + "b</text></g></svg>";
            c.sections = {{"s", "S", 2, {ReportBlock::ofChart(chart)}}};
            const std::string page = HtmlPage::render(c);
            QVERIFY2(page.find(char(ch)) == std::string::npos, qPrintable(QString::number(ch)));
            QVERIFY2(page.find("a\xef\xbf\xbd" "b</text>") != std::string::npos, qPrintable(QString::number(ch)));
            QVERIFY(page.find("chart-missing") == std::string::npos);
        }
        // Nor a bidirectional override or isolate (U+202E, U+2066), in the
        // page's text or its inline SVG.
        ReportChart chart;
        chart.title = "T\xe2\x80\xaeX";
        chart.svg = "<svg width=\"10\" height=\"10\" viewBox=\"0 0 10 10\"><title>" + chart.title
            + "</title><g fill=\"none\"><text x=\"1\" y=\"2\">a\xe2\x81\xa6" "b</text></g></svg>";
        c.sections = {{"s\xe2\x80\xae", "S\xe2\x80\xae", 2, {ReportBlock::ofChart(chart)}}};
        const std::string page = HtmlPage::render(c);
        QVERIFY(page.find("\xe2\x80\xae") == std::string::npos && page.find("\xe2\x81\xa6") == std::string::npos);
        QVERIFY(page.find(">ab</text>") != std::string::npos);
    }

    void siteFolderRefusesWhatItDidNotWrite()
    {
        const std::string out = m_tmp.filePath(QStringLiteral("site"));
        m_tmp.write(QStringLiteral("site/notes.txt"), "mine\n");
        LoadError e;
        {
            SiteFolder site;
            QVERIFY(!site.begin(out, false, {}, e));
            QVERIFY2(e.message.find("--force") != std::string::npos, e.toString().c_str());
        }
        QCOMPARE(readText(out + "/notes.txt"), std::string("mine\n"));
        const std::string file = m_tmp.write(QStringLiteral("file.html"), "x");
        SiteFolder onFile;
        QVERIFY(!onFile.begin(file, true, {}, e));
        // An input under a name the site writes is never replaced.
        const std::string input = m_tmp.write(QStringLiteral("site/downloads/a.json"), "{}");
        SiteFolder holdingInput;
        QVERIFY(holdingInput.begin(out, true, {input}, e));
        QVERIFY(holdingInput.write("downloads/b.json", "{}", e));
        QVERIFY(!holdingInput.commit(e));
        QVERIFY2(e.message.find(input + " (an input)") != std::string::npos, e.toString().c_str());
        QCOMPARE(readText(out + "/notes.txt"), std::string("mine\n"));
        QCOMPARE(readText(input), std::string("{}"));
    }

    void siteFolderReplacesAnEarlierSiteWhole()
    {
        const std::string out = m_tmp.filePath(QStringLiteral("site"));
        LoadError e;
        {
            SiteFolder first;
            QVERIFY(first.begin(out, false, {}, e));
            QVERIFY(first.write("index.html", "one", e));
            QVERIFY(first.write("downloads/a.json", "{}", e));
            QVERIFY(!fs::exists(out)); // nothing in place before commit
            QVERIFY(first.commit(e));
        }
        QCOMPARE(readText(out + "/index.html"), std::string("one"));
        {
            SiteFolder abandoned;
            QVERIFY(abandoned.begin(out, false, {}, e));
            QVERIFY(abandoned.write("index.html", "half", e));
        }
        QCOMPARE(readText(out + "/index.html"), std::string("one"));
        SiteFolder second;
        QVERIFY2(second.begin(out, false, {}, e), e.toString().c_str());
        QVERIFY(second.write("index.html", "two", e));
        QVERIFY(second.commit(e));
        QCOMPARE(readText(out + "/index.html"), std::string("two"));
        QVERIFY(!fs::exists(out + "/downloads/a.json"));
        // Nothing is left beside it: no temporary or old folder.
        int entries = 0;
        for (const auto &entry : fs::directory_iterator(m_tmp.path()))
            entries += entry.path().filename() == "site" ? 0 : 1;
        QCOMPARE(entries, 0);
    }

    // The sample set as a page: a section per suite, a tab per case with its
    // permalink, the contract, coverage, before/after and downloads that load.
    void publishesTheLocalSamples()
    {
        const QString out = QString::fromStdString(m_tmp.filePath(QStringLiteral("site")));
        const CliRun r = CliRun::run({QStringLiteral("publish"), sample("local"), QStringLiteral("--out"), out,
                                      QStringLiteral("--title"), QStringLiteral("Local <b>set</b>")}, true);
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        const std::string page = readText(out.toStdString() + "/index.html");
        QVERIFY(page.find("<title>Local &lt;b&gt;set&lt;/b&gt;</title>") != std::string::npos);
        QVERIFY(fs::exists(out.toStdString() + "/assets/page.css"));
        QVERIFY(fs::exists(out.toStdString() + "/assets/page.js"));
        for (const std::string &path : CaptureLoader::capturesInFolder(sample("local").toStdString())) {
            LoadError e;
            const auto c = CaptureLoader::load(path, e);
            QVERIFY2(c, e.toString().c_str());
            QVERIFY2(page.find(TextEscape::html(c->suite.name())) != std::string::npos, c->suite.id.c_str());
            for (const CaseInfo &k : c->cases)
                QVERIFY2(page.find(">" + TextEscape::html(k.label)) != std::string::npos, k.label.c_str());
            for (const std::string &caveat : c->provenance.caveats)
                QVERIFY2(page.find(TextEscape::html(caveat)) != std::string::npos, caveat.c_str());
        }
        QVERIFY(page.find("id=\"local-http-saturation/get\"") != std::string::npos
                || page.find("id=\"local-http-saturation/") != std::string::npos);
        QVERIFY(page.find("Shared contract") != std::string::npos);
        QVERIFY(page.find("Route coverage") != std::string::npos);
        QVERIFY(page.find("Before/after") != std::string::npos);
        QVERIFY(page.find("<svg") != std::string::npos);
        // Every download loads back, the raw file checked by its sha256.
        int summaries = 0;
        for (const auto &entry : fs::directory_iterator(out.toStdString() + "/downloads")) {
            const std::string name = entry.path().filename().string();
            QVERIFY2(page.find("href=\"downloads/" + name + "\"") != std::string::npos, name.c_str());
            if (name.find(".raw.") != std::string::npos)
                continue;
            LoadError e;
            const auto c = CaptureLoader::load(entry.path().string(), e);
            QVERIFY2(c && c->warnings.empty(), e.toString().c_str());
            ++summaries;
        }
        QCOMPARE(summaries, int(CaptureLoader::capturesInFolder(sample("local").toStdString()).size()));
        // Published again over itself: replaced, no --force needed.
        QCOMPARE(CliRun::run({QStringLiteral("publish"), sample("local/sqlite-install.json.gz"), QStringLiteral("--out"), out}, true).exitCode, 0);
        QVERIFY(readText(out.toStdString() + "/index.html").find("local-http-saturation") == std::string::npos);
    }

    // A history of 40 revisions (generated: 5 runs of lognormal noise, 3%
    // spread, fixed seed) in which gzip × text gets 20% slower from r21 on
    // and three other series are noise: the page lists that change point
    // first (one line, not a line per revision), then draws the history,
    // then says the change point in full.
    void historyLeadsWithItsChangePoints()
    {
        const std::string folder = m_tmp.filePath(QStringLiteral("history"));
        fs::create_directories(folder);
        std::mt19937 rng(11);
        std::normal_distribution<double> noise(0, 0.03);
        auto runs = [&](double level) {
            std::vector<double> v;
            for (int i = 0; i < 5; ++i)
                v.push_back(level * std::exp(noise(rng)));
            return v;
        };
        auto name = [](int r) { return QStringLiteral("r%1").arg(r, 2, 10, QLatin1Char('0')).toStdString(); };
        for (int r = 1; r <= 40; ++r) {
            bs::Capture c = diffcaptures::suite();
            const std::string date = QStringLiteral("2026-%1-%2").arg(1 + (r - 1) / 28, 2, 10, QLatin1Char('0'))
                                         .arg(1 + (r - 1) % 28, 2, 10, QLatin1Char('0')).toStdString();
            c.revision = {name(r), "", date};
            c.capturedAt = date + "T00:00:00Z";
            for (const char *p : {"gzip", "zstd"})
                for (const char *k : {"text", "binary"}) {
                    const bool slower = r >= 21 && std::string(p) == "gzip" && std::string(k) == "text";
                    diffcaptures::setResult(c, p, k, {{"wall", runs(slower ? 0.06 : 0.05)}});
                }
            LoadError e;
            QVERIFY2(CaptureWriter::write(c, folder + "/" + name(r) + ".json", e), e.toString().c_str());
        }
        const std::string page = publish({QString::fromStdString(folder)});
        const std::size_t list = page.find("1 change point in 4 series:");
        QVERIFY2(list != std::string::npos, page.c_str());
        const std::size_t line = page.find("gzip × text input: ▼ worse from r21 on, +", list);
        const std::size_t chart = page.find("<svg", list);
        const std::size_t full = page.find("The change points in full:", list);
        QVERIFY(line != std::string::npos && chart != std::string::npos && full != std::string::npos);
        QVERIFY2(line < chart && chart < full, page.c_str());
        QCOMPARE(count(page, "▼ worse from"), 1);
        const std::size_t details = page.find("gzip × text input: worse from r21 on: +", full);
        QVERIFY2(details != std::string::npos, page.c_str());
        QVERIFY(page.find("segments of 20 and 20 revisions", details) != std::string::npos);
        QVERIFY(page.find("(BH-adjusted)", details) != std::string::npos);
        // The revisions in one line: the first and the last, none between.
        QVERIFY(page.find("40 revisions, r01 (2026-01-01) to r40 (2026-02-12)") != std::string::npos);
        for (int r = 2; r < 40; ++r)
            QVERIFY2(page.find(name(r) + " (2026-") == std::string::npos, name(r).c_str());
    }

    // A pair is a before/after in the order the user said (separate
    // arguments), the captures record (revision.parent) or their revisions'
    // dates: never by file name. The runner-made pair of sample-data/local
    // reads as `diff before after` does, whichever way it is found.
    void pairOrderIsKnownOrNotGuessed()
    {
        const std::string heading = "Before/after: r1: serializes the catalogue per request → r2: serializes it once, at start";
        const QString before = sample("local/latest-optimizations.before.json.gz"),
                      after = sample("local/latest-optimizations.after.json.gz");
        const CliRun diff = CliRun::run({QStringLiteral("diff"), before, after});
        QVERIFY2(diff.out.contains(QStringLiteral("after is 1.")) && diff.out.contains(QStringLiteral("× faster")),
                 qPrintable(diff.out));
        for (const QStringList &files : {QStringList{sample("local")}, QStringList{before, after}}) {
            const std::string page = publish(files);
            QVERIFY2(page.find(TextEscape::html(heading)) != std::string::npos, page.substr(0, 4000).c_str());
            QVERIFY(page.find("× slower") == std::string::npos || page.find("× faster") != std::string::npos);
        }
        // In one folder, the after's parent gives the order; named apart, the user's order holds.
        QVERIFY(publish({sample("local")}).find("records r1: serializes the catalogue per request as its parent")
                != std::string::npos);
        const std::string reversed = publish({after, before});
        QVERIFY(reversed.find("Before/after: r2: serializes it once, at start → r1") != std::string::npos);

        // The same two without the parent, in one folder whose file names
        // sort backwards: two captures, not compared, the reason said.
        fs::create_directories(m_tmp.filePath(QStringLiteral("pair")));
        for (const char *name : {"after.json", "before.json"}) {
            LoadError e;
            auto c = CaptureLoader::load((QString::fromUtf8(name) == QStringLiteral("after.json") ? after : before).toStdString(), e);
            QVERIFY2(c, e.toString().c_str());
            c->revision.parent.clear();
            QVERIFY2(CaptureWriter::write(*c, m_tmp.filePath(QStringLiteral("pair/") + QLatin1String(name)), e),
                     e.toString().c_str());
        }
        const std::string unknown = publish({QString::fromStdString(m_tmp.filePath(QStringLiteral("pair")))});
        QVERIFY(unknown.find("Before/after") == std::string::npos);
        QVERIFY(unknown.find("not compared: neither records which came first") != std::string::npos);
        // Named one by one, they are the user's pair again.
        QVERIFY(publish({QString::fromStdString(m_tmp.filePath(QStringLiteral("pair/before.json"))),
                         QString::fromStdString(m_tmp.filePath(QStringLiteral("pair/after.json")))})
                    .find(TextEscape::html(heading)) != std::string::npos);
    }

    // Two captures of one suite measured under other conditions (the
    // workers' local and remote runs: 50 and 200 connections, another
    // target) are two experiments: each shown, the difference named.
    void incomparablePairIsShownApart()
    {
        for (const QStringList &files : {QStringList{sample("published/workers-benchmark-local.json.gz"),
                                                     sample("published/workers-benchmark-remote.json.gz")},
                                         QStringList{sample("published")}}) {
            const std::string page = publish(files);
            QVERIFY(page.find("Before/after") == std::string::npos);
            QVERIFY(page.find("no cells with a verdict") == std::string::npos);
            QVERIFY2(page.find("connections 50 in local (2026-05-02), 200 in remote (2026-05-02)") != std::string::npos,
                     page.c_str());
            QVERIFY(page.find(">local (2026-05-02)") != std::string::npos || page.find("· local (2026-05-02)") != std::string::npos);
            QVERIFY(page.find("· remote (2026-05-02)") != std::string::npos);
        }
    }

    void aBadCaptureWritesNothing()
    {
        const std::string bad = m_tmp.write(QStringLiteral("bad.json"),
                                            "{\"format\":\"benchscope-capture\",\"format_version\":\"1.0\",\"suite\":{}}");
        const QString out = QString::fromStdString(m_tmp.filePath(QStringLiteral("site")));
        const CliRun r = CliRun::run({QStringLiteral("publish"), sample("local/sqlite-install.json.gz"),
                                      QString::fromStdString(bad), QStringLiteral("--out"), out}, true);
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains(QString::fromStdString(bad)) && r.err.contains(QStringLiteral("suite")), qPrintable(r.err));
        QVERIFY(!fs::exists(out.toStdString()));
        int entries = 0;
        for (const auto &entry : fs::directory_iterator(m_tmp.path()))
            entries += entry.path().filename() == "bad.json" ? 0 : 1;
        QCOMPARE(entries, 0);
    }

    void refusesAFolderItDidNotWrite()
    {
        m_tmp.write(QStringLiteral("mine/report.md"), "# mine\n");
        const QString out = QString::fromStdString(m_tmp.filePath(QStringLiteral("mine")));
        const QStringList args{QStringLiteral("publish"), sample("local/sqlite-install.json.gz"), QStringLiteral("--out"), out};
        const CliRun refused = CliRun::run(args, true);
        QCOMPARE(refused.exitCode, 1);
        QVERIFY2(refused.err.contains(QStringLiteral("--force")), qPrintable(refused.err));
        QCOMPARE(readText(out.toStdString() + "/report.md"), std::string("# mine\n"));
        QCOMPARE(CliRun::run(args + QStringList{QStringLiteral("--force")}, true).exitCode, 0);
        QCOMPARE(readText(out.toStdString() + "/report.md"), std::string("# mine\n")); // kept beside the page
        QVERIFY(fs::exists(out.toStdString() + "/index.html"));
        QCOMPARE(CliRun::run({QStringLiteral("publish"), sample("local")}, true).exitCode, 2);
        QCOMPARE(CliRun::run({QStringLiteral("publish"), QStringLiteral("--out"), out}, true).exitCode, 2);
    }

    void publishesTheSeedPages()
    {
        // Each page of sample-data/pages: its prose, its blocks' tables and
        // its figures, with nothing left unfilled.
        const QDir pages(qEnvironmentVariable("BENCHSCOPE_SOURCE_DIR") + QStringLiteral("/sample-data/pages"));
        const QStringList files = pages.entryList({QStringLiteral("*.md")});
        QCOMPARE(files.size(), 4);
        for (const QString &file : files) {
            const QString out = QString::fromStdString(m_tmp.filePath(QStringLiteral("pages/") + file));
            const CliRun r = CliRun::run({QStringLiteral("publish"), QStringLiteral("--page"), pages.filePath(file),
                                          QStringLiteral("--out"), out}, true);
            QVERIFY2(r.exitCode == 0, qPrintable(file + QStringLiteral(": ") + r.err));
            const std::string page = readText(out.toStdString() + "/index.html");
            QVERIFY2(page.find("<table>") != std::string::npos, qPrintable(file));
            QVERIFY2(page.find("class=\"prose\"") != std::string::npos, qPrintable(file));
            QVERIFY2(page.find("{{") == std::string::npos, qPrintable(file));
            QVERIFY2(page.find("```benchscope") == std::string::npos, qPrintable(file));
            QVERIFY2(page.find("<script>") == std::string::npos, qPrintable(file));
        }
        const std::string zmdb = readText(m_tmp.filePath(QStringLiteral("pages/zmdb-benchmarks.md")) + "/index.html");
        QVERIFY(zmdb.find("Shared contract") != std::string::npos);
        QVERIFY(zmdb.find("<span class=\"figure\">+") != std::string::npos); // the catalogue's change, computed
    }

    void aBadPageWritesNothingAndNamesTheLine_data()
    {
        QTest::addColumn<QString>("markdown");
        QTest::addColumn<QString>("expected");
        const QString capture = sample("local/latest-optimizations.before.json.gz");
        QTest::newRow("unknown option") << (QStringLiteral("# T\n\n```benchscope\ncaptures: ") + capture + QStringLiteral("\nsize: big\n```\n")) << "line 5: unknown option \"size\"";
        QTest::newRow("missing capture") << "\n```benchscope\ncaptures: nowhere.json.gz\nshow: tables\n```\n" << "nowhere.json.gz";
        QTest::newRow("no such case") << (QStringLiteral("```benchscope\ncaptures: ") + capture + QStringLiteral("\nshow: case nope\n```\n")) << "line 2: the capture has no case \"nope\"";
        QTest::newRow("figure") << (QStringLiteral("a\n\nb {{ value ") + capture + QStringLiteral(" case=catalog participant=nobody }}\n")) << "line 3: {{ value";
        QTest::newRow("contract-less") << (QStringLiteral("```benchscope\ncaptures: ") + sample("local/validation-ttrb.json.gz") + QStringLiteral("\nshow: contract\n```\n")) << "no shared contract";
    }

    void aBadPageWritesNothingAndNamesTheLine()
    {
        QFETCH(QString, markdown);
        QFETCH(QString, expected);
        const std::string md = m_tmp.write(QStringLiteral("page.md"), markdown.toStdString());
        const QString out = QString::fromStdString(m_tmp.filePath(QStringLiteral("site")));
        const CliRun r = CliRun::run({QStringLiteral("publish"), QStringLiteral("--page"), QString::fromStdString(md),
                                      QStringLiteral("--out"), out}, true);
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains(expected), qPrintable(r.err));
        QVERIFY(!fs::exists(out.toStdString()));
    }

    void hostileMarkdownIsInertOnThePage()
    {
        const std::string md = m_tmp.write(QStringLiteral("page.md"),
            "---\ntitle: <script>alert(1)</script>\n---\n<script>alert(2)</script>\n\n[x](javascript:alert(3)) "
            "![y](https://example.org/t.png) <img src=x onerror=alert(4)>\n\n```benchscope\ncaptures: "
            + sample("local/latest-optimizations.before.json.gz").toStdString() + "\nshow: tables\n```\n");
        const QString out = QString::fromStdString(m_tmp.filePath(QStringLiteral("site")));
        const CliRun r = CliRun::run({QStringLiteral("publish"), QStringLiteral("--page"), QString::fromStdString(md),
                                      QStringLiteral("--out"), out}, true);
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        const std::string page = readText(out.toStdString() + "/index.html");
        for (const char *bad : {"<script>", "<img", "href=\"javascript", "src=\"https://example.org"})
            QVERIFY2(page.find(bad) == std::string::npos, bad);
        QVERIFY(page.find("&lt;script&gt;alert(2)") != std::string::npos);
        QVERIFY(page.find("href=\"https://example.org/t.png\"") != std::string::npos); // a link, not a load
        // --page takes no FILEs.
        QCOMPARE(CliRun::run({QStringLiteral("publish"), QStringLiteral("--page"), QString::fromStdString(md),
                              sample("local"), QStringLiteral("--out"), out}, true).exitCode, 2);
    }

private:
    // The page `benchscope-cli publish FILES` writes.
    std::string publish(const QStringList &files)
    {
        const QString out = QString::fromStdString(m_tmp.filePath(QStringLiteral("page")));
        const CliRun r = CliRun::run(QStringList{QStringLiteral("publish")} + files
                                         + QStringList{QStringLiteral("--out"), out, QStringLiteral("--force")},
                                     true);
        if (r.exitCode != 0)
            qFatal("publish: %s", qPrintable(r.err));
        return readText(out.toStdString() + "/index.html");
    }

    TempFolder m_tmp;
};

QTEST_GUILESS_MAIN(TestPublish)
#include "tst_publish.moc"
