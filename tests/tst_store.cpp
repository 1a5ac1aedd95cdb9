// The results store: content-addressed adding (the same content is one
// entry), the keys of each capture, prune's order, two processes adding to
// one store at once, the manifest's text and a damaged manifest's error;
// `benchscope-cli store` run as a user would.
#include "captureloader.h"
#include "capturewriter.h"
#include "clirun.h"
#include "diffcaptures.h"
#include "resultstore.h"
#include "storemanifest.h"
#include "tempfolder.h"

#include <QtTest>

#include <algorithm>
#include <filesystem>
#include <random>
#include <set>

namespace {

// A capture of `suite` at revision `rev`, captured at `when`, of branch
// `branch` as the capture records it (empty: not recorded).
bs::Capture capture(const std::string &suite, const std::string &rev, const std::string &when,
                    const std::string &branch = {})
{
    bs::Capture c = diffcaptures::suite();
    c.suite.id = suite;
    c.revision = {rev, "", when.substr(0, 10), ""};
    c.capturedAt = when;
    if (!branch.empty())
        c.provenance.conditions.extra["branch"] = branch;
    diffcaptures::setResult(c, "gzip", "text", {{"wall", {0.041, 0.042, 0.040}}});
    return c;
}

// "2026-01-01T00:00:SSZ" for second `s` (0–59) of minute `m`.
std::string at(int m, int s)
{
    char text[32];
    std::snprintf(text, sizeof text, "2026-01-01T00:%02d:%02dZ", m, s);
    return text;
}

QString q(const std::string &s)
{
    return QString::fromStdString(s);
}

} // namespace

class TstStore : public QObject {
    Q_OBJECT

private slots:
    void init() { m_tmp.renew(); }
    void sameContentIsOneEntry();
    void keys();
    void manifestIsOneLineAnEntry();
    void pruneKeepsTheNewestOfEachSuiteAndBranch();
    void twoProcessesAddAtOnce();
    void damagedManifest_data();
    void damagedManifest();
    void listEscapes();
    void baseFor();
    void usage();

private:
    std::string write(const bs::Capture &c, const QString &name)
    {
        const std::string path = m_tmp.filePath(name);
        std::filesystem::create_directories(std::filesystem::path(path).parent_path());
        bs::LoadError error;
        if (!bs::CaptureWriter::write(c, path, error))
            qFatal("%s", error.toString().c_str());
        return path;
    }
    std::string store() const { return m_tmp.filePath(QStringLiteral("store")); }
    std::vector<bs::StoreEntry> entries() const
    {
        bs::LoadError error;
        auto e = bs::ResultStore::entries(store(), error);
        if (!e)
            qFatal("%s", error.toString().c_str());
        return *e;
    }

    TempFolder m_tmp;
};

void TstStore::sameContentIsOneEntry()
{
    const bs::Capture c = capture("http", "r1", at(0, 1));
    // The same content as plain JSON and gzip-compressed, and a copy of one.
    const std::string plain = write(c, QStringLiteral("a/run.json")), packed = write(c, QStringLiteral("b/run.json.gz"));
    const CliRun first = CliRun::run({QStringLiteral("store"), QStringLiteral("add"), QStringLiteral("--store"), q(store()), q(plain)});
    QCOMPARE(first.exitCode, 0);
    QVERIFY2(first.out.startsWith(QStringLiteral("added: ")), qPrintable(first.out));
    const CliRun again = CliRun::run({QStringLiteral("store"), QStringLiteral("add"), QStringLiteral("--store"), q(store()), q(packed), q(plain)});
    QCOMPARE(again.exitCode, 0);
    QCOMPARE(again.out.count(QStringLiteral("already stored: ")), 2);
    QCOMPARE(entries().size(), std::size_t(1));
    QCOMPARE(std::distance(std::filesystem::directory_iterator(store() + "/captures"), {}), 1);

    // Other content is another entry, named by its hash.
    bs::Capture other = c;
    diffcaptures::setResult(other, "gzip", "text", {{"wall", {0.041, 0.042, 0.043}}});
    bs::LoadError error;
    const auto added = bs::ResultStore::add(store(), {write(other, QStringLiteral("c.json.gz"))}, {}, error);
    QVERIFY2(added, error.toString().c_str());
    QVERIFY(!added->front().already);
    const auto all = entries();
    QCOMPARE(all.size(), std::size_t(2));
    QVERIFY(all[0].sha256 != all[1].sha256);
    for (const bs::StoreEntry &e : all) {
        QCOMPARE(e.file, "captures/" + e.sha256 + ".json.gz");
        const auto stored = bs::CaptureLoader::load(bs::ResultStore::pathOf(store(), e), error);
        QVERIFY2(stored, error.toString().c_str());
        QCOMPARE(stored->revision.id, std::string("r1"));
    }
}

void TstStore::keys()
{
    bs::Capture c = capture("http", "r7", at(3, 4), "release");
    c.provenance.conditions.extra["commit"] = "0123456789abcdef0123456789abcdef01234567";
    c.provenance.machine.hostname = "ci-runner-3";
    bs::StoreEntry e = bs::ResultStore::entryFor(c, {});
    QCOMPARE(e.suite, std::string("http"));
    QCOMPARE(e.revision, std::string("r7"));
    QCOMPARE(e.commit, std::string("0123456789abcdef0123456789abcdef01234567"));
    QCOMPARE(e.branch, std::string("release"));
    QCOMPARE(e.machine, std::string("ci-runner-3"));
    QCOMPARE(e.capturedAt, at(3, 4));
    // The options win over what the capture records.
    e = bs::ResultStore::entryFor(c, {"feedbeef", "main"});
    QCOMPARE(e.commit, std::string("feedbeef"));
    QCOMPARE(e.branch, std::string("main"));
    // Nothing recorded: the revision is the commit, the CPU the machine.
    c.provenance.conditions.extra.clear();
    c.provenance.machine.hostname.clear();
    e = bs::ResultStore::entryFor(c, {});
    QCOMPARE(e.commit, std::string("r7"));
    QCOMPARE(e.branch, std::string());
    QCOMPARE(e.machine, c.provenance.machine.cpu);

    // Through the CLI, --commit and --branch reach the manifest.
    const CliRun run = CliRun::run({QStringLiteral("store"), QStringLiteral("add"), QStringLiteral("--store"), q(store()),
                                    QStringLiteral("--commit"), QStringLiteral("abc1234"), QStringLiteral("--branch"),
                                    QStringLiteral("pr-12"), q(write(c, QStringLiteral("k.json.gz")))});
    QCOMPARE(run.exitCode, 0);
    QCOMPARE(entries().front().commit, std::string("abc1234"));
    QCOMPARE(entries().front().branch, std::string("pr-12"));
}

void TstStore::manifestIsOneLineAnEntry()
{
    std::vector<bs::StoreEntry> written;
    for (int i = 0; i < 20; ++i) {
        const std::string hash = std::string(63, "0123456789abcdef"[i % 16]) + "abcdef"[i % 6];
        written.push_back({"captures/" + hash + ".json.gz", hash, "suite " + std::to_string(i % 3), "r" + std::to_string(i),
                           "c" + std::to_string(i), i % 2 ? "main" : "", "host \"" + std::to_string(i) + "\"\n", at(i, i)});
    }
    const std::string text = bs::StoreManifest::text(written);
    QCOMPARE(std::count(text.begin(), text.end(), '\n'), long(written.size() + 2));
    const std::string path = m_tmp.write(QStringLiteral("m.json"), text);
    bs::LoadError error;
    const auto read = bs::StoreManifest::read(path, error);
    QVERIFY2(read, error.toString().c_str());
    QVERIFY(*read == written);
}

void TstStore::pruneKeepsTheNewestOfEachSuiteAndBranch()
{
    // 3 suites × 2 branches × 6 captures, added in a shuffled order.
    std::vector<bs::Capture> all;
    for (const char *suite : {"a", "b", "c"})
        for (const char *branch : {"main", "dev"})
            for (int i = 0; i < 6; ++i)
                all.push_back(capture(suite, std::string(branch) + "-" + std::to_string(i), at(i, int(all.size())), branch));
    std::shuffle(all.begin(), all.end(), std::mt19937(44));
    std::vector<std::string> files;
    for (std::size_t i = 0; i < all.size(); ++i)
        files.push_back(write(all[i], QStringLiteral("in/%1.json.gz").arg(i)));
    bs::LoadError error;
    QVERIFY2(bs::ResultStore::add(store(), files, {}, error), error.toString().c_str());
    QCOMPARE(entries().size(), all.size());

    const CliRun run = CliRun::run({QStringLiteral("store"), QStringLiteral("prune"), QStringLiteral("--store"), q(store()),
                                    QStringLiteral("--keep"), QStringLiteral("2")});
    QCOMPARE(run.exitCode, 0);
    QCOMPARE(run.out.count(QStringLiteral("removed: ")), 3 * 2 * 4);
    const auto kept = entries();
    QCOMPARE(kept.size(), std::size_t(3 * 2 * 2));
    std::set<std::string> revisions;
    for (const bs::StoreEntry &e : kept) {
        revisions.insert(e.suite + "/" + e.revision);
        QVERIFY(std::filesystem::exists(bs::ResultStore::pathOf(store(), e)));
    }
    for (const char *suite : {"a", "b", "c"})
        for (const char *branch : {"main", "dev"})
            for (int i = 4; i < 6; ++i)
                QVERIFY(revisions.count(std::string(suite) + "/" + branch + "-" + std::to_string(i)));
    QCOMPARE(std::distance(std::filesystem::directory_iterator(store() + "/captures"), {}), long(kept.size()));
}

void TstStore::twoProcessesAddAtOnce()
{
    // Rounds of two `store add` processes started together, each with its
    // own captures: every capture of both must land.
    const int rounds = 4, each = 6;
    int n = 0;
    for (int round = 0; round < rounds; ++round) {
        QProcess jobs[2];
        for (QProcess &job : jobs) {
            QStringList args{QStringLiteral("store"), QStringLiteral("add"), QStringLiteral("--store"), q(store())};
            for (int i = 0; i < each; ++i, ++n)
                args << q(write(capture("http", "r" + std::to_string(n), at(n / 60, n % 60)), QStringLiteral("p/%1.json.gz").arg(n)));
            job.setProgram(qEnvironmentVariable("BENCHSCOPE_BIN_DIR") + QStringLiteral("/benchscope-cli"));
            job.setArguments(args);
        }
        jobs[0].start();
        jobs[1].start();
        for (QProcess &job : jobs) {
            QVERIFY(job.waitForFinished(60000));
            QCOMPARE(job.exitCode(), 0);
        }
    }
    const auto stored = entries();
    QCOMPARE(stored.size(), std::size_t(n));
    std::set<std::string> revisions;
    for (const bs::StoreEntry &e : stored) {
        revisions.insert(e.revision);
        QVERIFY(std::filesystem::exists(bs::ResultStore::pathOf(store(), e)));
    }
    QCOMPARE(revisions.size(), std::size_t(n));
    // No temporary file is left behind.
    for (const auto &f : std::filesystem::directory_iterator(store()))
        QVERIFY2(f.path().filename() == "captures" || f.path().filename() == bs::StoreManifest::kFileName, f.path().c_str());
}

void TstStore::damagedManifest_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("place");
    const QString hash(64, QLatin1Char('a'));
    const QString head = QStringLiteral("{\"format\": \"benchscope-store\", \"version\": 1, \"captures\": [\n");
    const QString good = QStringLiteral("{\"file\":\"captures/%1.json.gz\",\"sha256\":\"%1\",\"suite\":\"s\"}").arg(hash);
    QTest::newRow("cut short") << head + good << QStringLiteral("line 2");
    QTest::newRow("not a store") << QStringLiteral("{\"format\": \"benchscope\", \"version\": 1, \"captures\": []}")
                                 << QStringLiteral("$.format");
    QTest::newRow("later version") << QStringLiteral("{\"format\": \"benchscope-store\", \"version\": 2, \"captures\": []}")
                                   << QStringLiteral("$.version");
    QTest::newRow("file elsewhere") << head + good + QStringLiteral(",\n{\"file\":\"../../etc/passwd\",\"sha256\":\"%1\"}\n]}").arg(hash)
                                    << QStringLiteral("$.captures[1].file");
    QTest::newRow("bad hash") << head + QStringLiteral("{\"file\":\"captures/x.json.gz\",\"sha256\":\"x\"}\n]}")
                              << QStringLiteral("$.captures[0].sha256");
    QTest::newRow("unknown key") << head + good.left(good.size() - 1) + QStringLiteral(",\"sutie\":\"s\"}\n]}")
                                 << QStringLiteral("$.captures[0]");
    QTest::newRow("suite a number") << head + QStringLiteral("{\"file\":\"captures/%1.json.gz\",\"sha256\":\"%1\",\"suite\":3}\n]}").arg(hash)
                                    << QStringLiteral("$.captures[0].suite");
}

void TstStore::damagedManifest()
{
    QFETCH(QString, text);
    QFETCH(QString, place);
    const std::string manifest = m_tmp.write(QStringLiteral("store/benchscope-store.json"), text.toStdString());
    for (const char *action : {"list", "prune", "add"}) {
        QStringList args{QStringLiteral("store"), QString::fromLatin1(action), QStringLiteral("--store"), q(store())};
        if (QByteArray(action) == "prune")
            args << QStringLiteral("--keep") << QStringLiteral("1");
        if (QByteArray(action) == "add")
            args << q(write(capture("s", "r1", at(0, 0)), QStringLiteral("x.json.gz")));
        const CliRun run = CliRun::run(args);
        QCOMPARE(run.exitCode, 1);
        QVERIFY2(run.err.contains(q(manifest) + QStringLiteral(": ") + place), qPrintable(run.err));
    }
    // Nothing was changed.
    bs::LoadError error;
    QCOMPARE(*bs::FileIO::readFile(manifest, error), text.toStdString());
}

void TstStore::listEscapes()
{
    bs::Capture c = capture("http\x1b[31m", "r1 | <b>", at(0, 0), "main\x07");
    bs::LoadError error;
    QVERIFY2(bs::ResultStore::add(store(), {write(c, QStringLiteral("e.json.gz"))}, {}, error), error.toString().c_str());
    const CliRun text = CliRun::run({QStringLiteral("store"), QStringLiteral("list"), QStringLiteral("--store"), q(store())});
    QCOMPARE(text.exitCode, 0);
    QVERIFY(!text.out.contains(QChar(0x1b)) && !text.out.contains(QChar(0x07)));
    QVERIFY2(text.out.contains(QStringLiteral("http\\x1b[31m")), qPrintable(text.out));
    const CliRun md = CliRun::run({QStringLiteral("store"), QStringLiteral("list"), QStringLiteral("--store"), q(store()),
                                   QStringLiteral("--format"), QStringLiteral("markdown")});
    QCOMPARE(md.exitCode, 0);
    QVERIFY2(!md.out.contains(QStringLiteral("<b>")) && md.out.contains(QStringLiteral("r1 \\| &lt;b&gt;")), qPrintable(md.out));
}

void TstStore::baseFor()
{
    auto entry = [](const char *branch, const char *commit, const char *machine, int minute, char hash) {
        bs::StoreEntry e;
        e.suite = "http";
        e.branch = branch;
        e.commit = commit;
        e.revision = commit;
        e.machine = machine;
        e.capturedAt = at(minute, 0);
        e.sha256 = std::string(64, hash);
        return e;
    };
    const std::vector<bs::StoreEntry> entries = {
        entry("main", "1111111aaaa", "ci-1", 1, 'a'), entry("main", "2222222bbbb", "ci-2", 5, 'b'),
        entry("main", "3333333cccc", "ci-1", 3, 'c'), entry("dev", "4444444dddd", "ci-1", 9, 'd'),
    };
    bs::StoreEntry head = entry("pr", "5555555eeee", "ci-1", 10, 'e');
    // The newest of main on the head's own machine, though ci-2's is newer.
    QCOMPARE(bs::ResultStore::baseFor(entries, head, "main")->commit, std::string("3333333cccc"));
    head.machine = "ci-9";
    QCOMPARE(bs::ResultStore::baseFor(entries, head, "main")->commit, std::string("2222222bbbb"));
    // A commit by its first seven characters or more; fewer name nothing.
    QCOMPARE(bs::ResultStore::baseFor(entries, head, "1111111")->commit, std::string("1111111aaaa"));
    QVERIFY(!bs::ResultStore::baseFor(entries, head, "111111"));
    // Never the head itself, nor another suite.
    head = entries[3];
    QVERIFY(!bs::ResultStore::baseFor(entries, head, "dev"));
    head.suite = "other";
    QVERIFY(!bs::ResultStore::baseFor(entries, head, "main"));
}

void TstStore::usage()
{
    for (const QStringList &args : {QStringList{QStringLiteral("store")},
                                    QStringList{QStringLiteral("store"), QStringLiteral("list")},
                                    QStringList{QStringLiteral("store"), QStringLiteral("tidy"), QStringLiteral("--store"), q(store())},
                                    QStringList{QStringLiteral("store"), QStringLiteral("add"), QStringLiteral("--store"), q(store())},
                                    QStringList{QStringLiteral("store"), QStringLiteral("prune"), QStringLiteral("--store"), q(store())},
                                    QStringList{QStringLiteral("store"), QStringLiteral("prune"), QStringLiteral("--store"), q(store()),
                                                QStringLiteral("--keep"), QStringLiteral("0")}}) {
        const CliRun run = CliRun::run(args);
        QVERIFY2(run.exitCode == 2 && run.err.contains(QStringLiteral("usage: benchscope-cli store")), qPrintable(args.join(u' ')));
    }
    const CliRun none = CliRun::run({QStringLiteral("store"), QStringLiteral("list"), QStringLiteral("--store"), q(store())});
    QCOMPARE(none.exitCode, 1);
    QVERIFY2(none.err.contains(QStringLiteral("not a results store")), qPrintable(none.err));
}

QTEST_GUILESS_MAIN(TstStore)
#include "tst_store.moc"
