// The page that grows: `publish --store` of a store holding planted
// histories (a step planted in one series), a pull request's branch and a
// suite whose id and commit are markup. The page's histories, change point,
// branch and commit of every revision (linked with --repo-url), the
// downloads, the badges (their verdict the same as `comment`'s, their text
// escaped), re-publishing after one more capture reading only it, and
// --repo-url refused when it is not http(s).
#include "badge.h"
#include "capturewriter.h"
#include "clirun.h"
#include "fileio.h"
#include "plantedhistory.h"
#include "resultstore.h"
#include "storehistories.h"
#include "tempfolder.h"

#include <QCryptographicHash>
#include <QRegularExpression>
#include <QXmlStreamReader>
#include <QtTest>

#include <filesystem>

namespace {

namespace fs = std::filesystem;

QString q(const std::string &s)
{
    return QString::fromStdString(s);
}

std::string read(const std::string &path)
{
    bs::LoadError error;
    const std::optional<std::string> bytes = bs::FileIO::readFile(path, error);
    if (!bytes)
        qFatal("%s", error.toString().c_str());
    return *bytes;
}

// A commit hash for revision `r`, as git would print one.
std::string commitOf(const std::string &r)
{
    return QCryptographicHash::hash(QByteArray::fromStdString(r), QCryptographicHash::Sha1).toHex().toStdString();
}

const std::string kHostileSuite = "<svg onload=alert(1)>&\"x'";
const std::string kHostileCommit = "\"><script>alert(3)</script>";

bool wellFormed(const std::string &xml)
{
    QXmlStreamReader r(QByteArray::fromStdString(xml));
    while (!r.atEnd())
        r.readNext();
    return !r.hasError();
}

} // namespace

class TstStorePage : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void init() { m_tmp.renew(); }
    void badgeIsEscapedAndBounded();
    void historiesSplitByBranch();
    void pageOfAStore();
    void republishReadsOnlyTheNewCapture();
    void repoUrlMustBeHttp();

private:
    // Adds planted captures r1..rN of `suite` (a step in series 0 at `stepAt`)
    // to the store on `branch`; `commit` empty: each revision's own hash.
    void addPlanted(const std::string &suite, std::size_t revisions, std::size_t stepAt, const std::string &branch,
                    unsigned seed, const std::string &commit = {}, std::size_t first = 0);
    CliRun publish(const QStringList &extra = {});
    std::string store() const { return m_tmp.filePath(QStringLiteral("store")); }
    std::string site() const { return m_tmp.filePath(QStringLiteral("site")); }

    TempFolder m_tmp;
    TempFolder m_index;
};

void TstStorePage::initTestCase()
{
    m_index.renew(); // an index of this test's own, inherited by the CLI
    qputenv("BENCHSCOPE_INDEX", QByteArray::fromStdString(m_index.filePath(QStringLiteral("index.sqlite"))));
}

void TstStorePage::addPlanted(const std::string &suite, std::size_t revisions, std::size_t stepAt,
                              const std::string &branch, unsigned seed, const std::string &commit, std::size_t first)
{
    planted::Plan plan;
    plan.revisions = first + revisions;
    plan.series = 2;
    plan.cv = {0.02};
    plan.steps = {{0, stepAt, 2.0}};
    const auto list = planted::captures(plan, seed);
    for (std::size_t r = first; r < list.size(); ++r) {
        bs::Capture &c = *list[r];
        c.suite.id = suite;
        if (suite == kHostileSuite)
            c.suite.title = suite;
        char when[48];
        std::snprintf(when, sizeof when, "2026-01-01T%02zu:%02zu:00Z", std::size_t(seed % 24), r);
        c.capturedAt = when;
        const std::string file =
            m_tmp.filePath(q((suite == kHostileSuite ? "hostile" : suite) + "-" + branch + "-" + c.revision.id + ".json"));
        bs::LoadError error;
        QVERIFY2(bs::CaptureWriter::write(c, file, error), error.toString().c_str());
        const auto added = bs::ResultStore::add(store(), {file}, {commit.empty() ? commitOf(c.revision.id) : commit, branch}, error);
        QVERIFY2(added && !added->front().already, error.toString().c_str());
    }
}

CliRun TstStorePage::publish(const QStringList &extra)
{
    return CliRun::run(QStringList{QStringLiteral("publish"), QStringLiteral("--store"), q(store()), QStringLiteral("--out"), q(site())} + extra, true, 600000);
}

void TstStorePage::badgeIsEscapedAndBounded()
{
    const std::string svg = bs::Badge::svg(kHostileSuite + std::string(200, 'y') + "\x01\xff", "2 worse", bs::Badge::Tone::Worse);
    QVERIFY(wellFormed(svg));
    QVERIFY(svg.find("<svg onload") == std::string::npos);
    QVERIFY(svg.find("&lt;svg onload=alert(1)&gt;&amp;&quot;x&#39;") != std::string::npos);
    QVERIFY(svg.find(std::string(bs::Badge::kLabelLength, 'y')) == std::string::npos); // cut
    QVERIFY(svg.find("\xE2\x80\xA6") != std::string::npos);
    QVERIFY(svg.find("#e05d44") != std::string::npos);
    // Invalid UTF-8 drawn as U+FFFD, not passed into the XML.
    const std::string bad = bs::Badge::svg("a\xff" "b", "no change", bs::Badge::Tone::NoChange);
    QVERIFY(bad.find("a\xEF\xBF\xBD" "b") != std::string::npos);
    QVERIFY(bad.find("\xff") == std::string::npos);
    // A longer label draws a wider badge.
    const auto width = [](const std::string &s) { return std::stoi(s.substr(s.find("width=\"") + 7)); };
    QVERIFY(width(bs::Badge::svg("a-longer-suite", "1 better", bs::Badge::Tone::Better))
            > width(bs::Badge::svg("s", "1 better", bs::Badge::Tone::Better)));
}

void TstStorePage::historiesSplitByBranch()
{
    addPlanted("planted", 3, 1, "main", 1);
    addPlanted("planted", 1, 1, "feature", 2);
    addPlanted("other", 2, 1, "main", 3);
    bs::LoadError error;
    const auto entries = bs::ResultStore::entries(store(), error);
    QVERIFY(entries);
    const auto groups = bs::StoreHistories::of(*entries);
    QCOMPARE(groups.size(), 3u);
    QCOMPARE(q(groups[0].suite), QStringLiteral("planted"));
    QCOMPARE(q(groups[0].branch), QStringLiteral("feature")); // the newest first
    QCOMPARE(q(groups[0].qualifier), QStringLiteral("branch feature"));
    QCOMPARE(groups[1].entries.size(), 3u);
    QCOMPARE(q(groups[2].suite), QStringLiteral("other"));
    QVERIFY(groups[2].qualifier.empty()); // one branch, one machine: nothing to tell apart
    const auto pairs = bs::StoreHistories::badgePairs(*entries, "main");
    QCOMPARE(pairs.size(), 2u);
    QCOMPARE(q(pairs[0].head.revision), QStringLiteral("r3")); // the newest on main, not the feature branch's
    QVERIFY(pairs[0].base);
    QCOMPARE(q(pairs[0].base->revision), QStringLiteral("r2"));
    // No capture on the base branch: the suite's newest branch is followed.
    const auto elsewhere = bs::StoreHistories::badgePairs(*entries, "trunk");
    QCOMPARE(q(elsewhere[0].head.branch), QStringLiteral("feature"));
    QVERIFY(!elsewhere[0].base);
}

void TstStorePage::pageOfAStore()
{
    addPlanted("planted", 12, 6, "main", 4);
    addPlanted("planted", 1, 0, "feature", 5);
    addPlanted(kHostileSuite, 3, 2, "main", 6, kHostileCommit);
    const CliRun r = publish({QStringLiteral("--repo-url"), QStringLiteral("https://example.org/repo/")});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    QVERIFY2(r.out.contains(QStringLiteral("read 16 of 16 captures from their files")), qPrintable(r.out));
    const std::string page = read(site() + "/index.html");

    // A history per suite and branch, the planted step found where it was planted.
    QVERIFY(page.find("Planted steps — branch main") != std::string::npos);
    QVERIFY(page.find("— branch feature") != std::string::npos);
    QVERIFY2(page.find("worse from r7 on") != std::string::npos, "the planted step at r7 is a change point");
    // Every revision with its branch and its commit, linked.
    for (int n = 1; n <= 12; ++n) {
        const std::string sha = commitOf("r" + std::to_string(n));
        QVERIFY2(page.find("<a href=\"https://example.org/repo/commit/" + sha + "\">" + sha + "</a>") != std::string::npos,
                 sha.c_str());
    }
    // Markup in a suite id and a commit stays text; the commit's link cannot leave /commit/.
    QVERIFY(page.find("<svg onload") == std::string::npos);
    QVERIFY(page.find("<script>alert") == std::string::npos);
    QVERIFY(page.find("https://example.org/repo/commit/%22%3E%3Cscript%3Ealert%283%29%3C%2Fscript%3E\"")
            != std::string::npos);
    QVERIFY(page.find("&quot;&gt;&lt;script&gt;alert(3)&lt;/script&gt;") != std::string::npos);

    // Every capture downloadable, byte for byte the store's.
    bs::LoadError error;
    const auto entries = bs::ResultStore::entries(store(), error);
    QVERIFY(entries);
    for (const bs::StoreEntry &e : *entries) {
        const std::string copy = site() + "/downloads/" + e.sha256 + ".json.gz";
        QVERIFY2(fs::exists(copy), copy.c_str());
        QCOMPARE(read(copy), read(bs::ResultStore::pathOf(store(), e)));
        QVERIFY(page.find("href=\"downloads/" + e.sha256 + ".json.gz\"") != std::string::npos);
    }

    // A badge per suite, escaped, saying what `comment` says of the same pair.
    std::vector<std::string> badges;
    for (const auto &f : fs::directory_iterator(site() + "/badges"))
        badges.push_back(f.path().filename().string());
    std::sort(badges.begin(), badges.end());
    QCOMPARE(badges.size(), 2u);
    QCOMPARE(q(badges[0]), QStringLiteral("planted.svg"));
    QCOMPARE(q(badges[1]), QStringLiteral("svg-onload-alert-1-x.svg")); // the suite id, slugged
    const std::string hostile = read(site() + "/badges/" + badges[1]);
    QVERIFY(wellFormed(hostile));
    QVERIFY(hostile.find("<svg onload") == std::string::npos);
    QVERIFY(hostile.find("&lt;svg onload=alert(1)&gt;") != std::string::npos);
    QVERIFY2(QRegularExpression(QStringLiteral(">[1-9]\\d* worse<")).match(q(hostile)).hasMatch(), hostile.c_str()); // r3 is twice as slow as r2
    const std::string planted = read(site() + "/badges/planted.svg");
    std::string r12;
    for (const bs::StoreEntry &e : *entries)
        if (e.suite == "planted" && e.revision == "r12" && e.branch == "main")
            r12 = bs::ResultStore::pathOf(store(), e);
    const CliRun comment = CliRun::run({QStringLiteral("comment"), QStringLiteral("--store"), q(store()), QStringLiteral("--base"), QStringLiteral("main"), q(r12)});
    QCOMPARE(comment.exitCode, 0);
    const QRegularExpressionMatch top =
        QRegularExpression(QStringLiteral("\\*\\*Benchmarks: (\\d+) worse, (\\d+) better, (\\d+) no change")).match(comment.out);
    QVERIFY2(top.hasMatch(), qPrintable(comment.out));
    const int worse = top.captured(1).toInt(), better = top.captured(2).toInt();
    const std::string said = worse ? std::to_string(worse) + " worse" : better ? std::to_string(better) + " better" : "no change";
    QVERIFY2(planted.find(">" + said + "<") != std::string::npos, planted.c_str());
    QVERIFY(page.find("src=\"badges/planted.svg\"") != std::string::npos);
    // The mark file lists the badges and downloads: a later publish may replace them.
    const std::string mark = read(site() + "/.benchscope-publish");
    QVERIFY(mark.find("badges/planted.svg") != std::string::npos);
    QVERIFY(mark.find("downloads/" + entries->front().sha256 + ".json.gz") != std::string::npos);
}

void TstStorePage::republishReadsOnlyTheNewCapture()
{
    addPlanted("planted", 5, 2, "main", 7);
    CliRun r = publish();
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    QVERIFY2(r.out.contains(QStringLiteral("read 5 of 5 captures from their files")), qPrintable(r.out));
    m_tmp.write(QStringLiteral("site/README.md"), "the site's own words\n");
    addPlanted("planted", 1, 2, "main", 7, {}, 5); // r6, one more
    r = publish();
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    QVERIFY2(r.out.contains(QStringLiteral("read 1 of 6 captures from their files")), qPrintable(r.out));
    const std::string page = read(site() + "/index.html");
    QVERIFY(page.find(">r6<") != std::string::npos);
    QCOMPARE(q(read(site() + "/README.md")), QStringLiteral("the site's own words\n")); // not publish's: kept
    // Nothing changed: nothing read from a file at all.
    r = publish();
    QVERIFY2(r.out.contains(QStringLiteral("read 0 of 6 captures from their files")), qPrintable(r.out));
}

void TstStorePage::repoUrlMustBeHttp()
{
    addPlanted("planted", 2, 1, "main", 8);
    for (const char *url : {"javascript:alert(1)", "ftp://example.org/repo", "https://exa mple.org", "//example.org"}) {
        const CliRun r = publish({QStringLiteral("--repo-url"), QString::fromLatin1(url)});
        QVERIFY2(r.exitCode == 2, url);
        QVERIFY(r.err.contains(QStringLiteral("--repo-url expects an http:// or https:// address")));
        QVERIFY(!fs::exists(site()));
    }
    const CliRun files = CliRun::run({QStringLiteral("publish"), QStringLiteral("--store"), q(store()), q(store()), QStringLiteral("--out"), q(site())});
    QCOMPARE(files.exitCode, 2);
    const CliRun empty = CliRun::run({QStringLiteral("publish"), QStringLiteral("--store"), q(m_tmp.filePath(QStringLiteral("nothing"))), QStringLiteral("--out"), q(site())}, true);
    QCOMPARE(empty.exitCode, 1);
}

QTEST_GUILESS_MAIN(TstStorePage)
#include "tst_storepage.moc"
