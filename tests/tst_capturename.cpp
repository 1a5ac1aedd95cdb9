// The one display name of captures shown together (bs::CaptureName::apart):
// each told apart from the others by what differs (capture time, then
// load generator, then machine, then file), nothing added to a name that is
// alone, for any number of captures.
#include "capturename.h"
#include "diffcaptures.h"

#include <QtTest>

#include <set>

namespace {

bs::Capture run(const std::string &revision, const std::string &capturedAt, const std::string &path)
{
    bs::Capture c = diffcaptures::suite();
    c.revision = {revision, "", "2026-12-05T10:20:33+01:00", ""};
    c.capturedAt = capturedAt;
    c.sourcePath = path;
    c.provenance.tools = {{"oha", "1.14.0", "load-generator"}};
    return c;
}

std::vector<std::string> names(const std::vector<bs::Capture> &captures, bool withDate)
{
    std::vector<const bs::Capture *> raw;
    for (const bs::Capture &c : captures)
        raw.push_back(&c);
    return bs::CaptureName::apart(raw, withDate);
}

bool allDistinct(const std::vector<std::string> &v)
{
    return std::set<std::string>(v.begin(), v.end()).size() == v.size();
}

} // namespace

class TstCaptureName : public QObject {
    Q_OBJECT

private slots:
    // Two runs of one commit: the commit's date is theirs alike; when each
    // was captured tells them apart, in every form.
    void sameRevisionReadsByCaptureTime()
    {
        const std::vector<bs::Capture> two{run("8c31a50", "2026-12-05T11:02:07Z", "/a/run.json"),
                                           run("8c31a50", "2026-12-05T11:40:00Z", "/b/run.json")};
        QCOMPARE(names(two, true), (std::vector<std::string>{"8c31a50 · 2026-12-05 10:20 · captured 2026-12-05 11:02:07",
                                                            "8c31a50 · 2026-12-05 10:20 · captured 2026-12-05 11:40:00"}));
        QCOMPARE(names(two, false), (std::vector<std::string>{"8c31a50 · captured 2026-12-05 11:02:07",
                                                             "8c31a50 · captured 2026-12-05 11:40:00"}));
    }

    void thenEngineThenMachineThenFile()
    {
        std::vector<bs::Capture> c{run("r1", "t", "/x/a.json"), run("r1", "t", "/x/b.json"), run("r1", "t", "/y/c.json"),
                                   run("r1", "t", "/y/d.json")};
        c[1].provenance.tools = {{"wrk", "4.2.0", "load-generator"}};
        c[2].provenance.machine.hostname = "ci-7";
        const std::vector<std::string> n = names(c, false);
        QVERIFY(allDistinct(n));
        QCOMPARE(n[1], std::string("r1 · wrk 4.2.0"));
        QCOMPARE(n[2], std::string("r1 · oha 1.14.0 · on ci-7"));
        QCOMPARE(n[0], std::string("r1 · oha 1.14.0 · on vm · a.json"));
        QCOMPARE(n[3], std::string("r1 · oha 1.14.0 · on vm · d.json"));
    }

    // A name alone keeps its short form; any number of runs of one revision
    // read apart; a capture without a revision reads by its time.
    void aloneStaysShort()
    {
        std::vector<bs::Capture> c{run("r1", "2026-01-01T00:00:00Z", "/a"), run("r2", "2026-01-01T00:00:00Z", "/b")};
        QCOMPARE(names(c, false), (std::vector<std::string>{"r1", "r2"}));
        for (int i = 0; i < 12; ++i)
            c.push_back(run("r3", "2026-01-02T00:00:" + std::to_string(10 + i) + "Z", "/c"));
        const std::vector<std::string> many = names(c, true);
        QVERIFY(allDistinct(many));
        QCOMPARE(many[0], std::string("r1 · 2026-12-05 10:20"));
        bs::Capture bare = run("", "2026-12-02T03:19:57Z", "/captures/tiny.json.gz");
        bare.revision = {};
        QCOMPARE(names({bare}, true), std::vector<std::string>{"2026-12-02 03:19"});
        QCOMPARE(names({bare}, false), std::vector<std::string>{"tiny.json.gz"});
    }
};

QTEST_GUILESS_MAIN(TstCaptureName)
#include "tst_capturename.moc"
