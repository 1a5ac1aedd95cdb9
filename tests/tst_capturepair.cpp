// What two captures of one suite are to a page (bs::CapturePair): a
// before/after only in an order that is known (said by the user, recorded as
// revision.parent, or the revisions' own dates), never by file name or
// capture time; two captures, never compared, when their provenance says
// they are two experiments (another machine, mode, load or target).
#include "capturepair.h"
#include "diffcaptures.h"

#include <QtTest>

#include <functional>

using Kind = bs::CapturePair::Kind;
Q_DECLARE_METATYPE(Kind)
using Change = std::function<void(bs::Capture &)>;
Q_DECLARE_METATYPE(Change)

namespace {

// Two captures of one suite at revisions r1 and r2, alike in all else;
// the first file named "z-before", the second "a-after", so that an order
// by file name would read them backwards.
std::pair<bs::Capture, bs::Capture> revisions(const std::string &date1, const std::string &date2)
{
    bs::Capture a = diffcaptures::suite(), b = diffcaptures::suite();
    a.revision = {"r1", "", date1, ""};
    b.revision = {"r2", "", date2, ""};
    a.sourcePath = "/x/z-before.json";
    b.sourcePath = "/x/a-after.json";
    b.capturedAt = a.capturedAt;
    return {a, b};
}

} // namespace

class TstCapturePair : public QObject {
    Q_OBJECT

private slots:
    void order_data()
    {
        QTest::addColumn<QString>("date1");
        QTest::addColumn<QString>("date2");
        QTest::addColumn<QString>("parentOf2");
        QTest::addColumn<QString>("parentOf1");
        QTest::addColumn<bool>("stated");
        QTest::addColumn<Kind>("kind");
        QTest::addColumn<int>("before"); // index of r1/r2's capture first; -1 no order
        const Kind ba = Kind::BeforeAfter, unknown = Kind::OrderUnknown;
        QTest::newRow("no dates, nothing said") << "" << "" << "" << "" << false << unknown << -1;
        QTest::newRow("same date, nothing said") << "2026-05-02" << "2026-05-02" << "" << "" << false << unknown << -1;
        QTest::newRow("one date only") << "2026-05-02" << "" << "" << "" << false << unknown << -1;
        QTest::newRow("said, no dates") << "" << "" << "" << "" << true << ba << 0;
        QTest::newRow("said, against the dates") << "2026-05-03" << "2026-05-02" << "" << "" << true << ba << 0;
        QTest::newRow("dates in order") << "2026-05-01" << "2026-05-02" << "" << "" << false << ba << 0;
        QTest::newRow("dates reversed") << "2026-05-03" << "2026-05-02" << "" << "" << false << ba << 1;
        QTest::newRow("second records the first") << "" << "" << "r1" << "" << false << ba << 0;
        QTest::newRow("first records the second") << "" << "" << "" << "r2" << false << ba << 1;
        QTest::newRow("parent over dates") << "2026-05-03" << "2026-05-02" << "r1" << "" << false << ba << 0;
        QTest::newRow("parents both ways, no dates") << "" << "" << "r1" << "r2" << false << unknown << -1;
        QTest::newRow("parent names another revision") << "" << "" << "r0" << "" << false << unknown << -1;
    }
    void order()
    {
        QFETCH(QString, date1);
        QFETCH(QString, date2);
        QFETCH(QString, parentOf2);
        QFETCH(QString, parentOf1);
        QFETCH(bool, stated);
        QFETCH(Kind, kind);
        QFETCH(int, before);
        auto [a, b] = revisions(date1.toStdString(), date2.toStdString());
        b.revision.parent = parentOf2.toStdString();
        a.revision.parent = parentOf1.toStdString();
        const bs::CapturePair ab = bs::CapturePair::of(a, b, stated);
        QCOMPARE(ab.kind, kind);
        QVERIFY(!ab.reason.empty());
        if (before >= 0)
            QCOMPARE(int(ab.before), before);
        // Given the other way round: what the captures record gives the same
        // pair; what the user said is their order, whichever it is.
        const bs::CapturePair ba = bs::CapturePair::of(b, a, stated);
        QCOMPARE(ba.kind, kind);
        if (before >= 0) {
            QCOMPARE(int(ba.before), stated ? 0 : 1 - before);
            QCOMPARE(ba.after, 1 - ba.before);
        }
        // The capture time says nothing of the order.
        a.capturedAt = "2026-12-05T10:00:00Z";
        b.capturedAt = "2026-12-05T11:00:00Z";
        QCOMPARE(bs::CapturePair::of(a, b, stated).kind, kind);
        QCOMPARE(bs::CapturePair::of(b, a, stated).kind, kind);
    }

    void provenance_data()
    {
        QTest::addColumn<Change>("change");
        QTest::addColumn<Kind>("kind");
        QTest::addColumn<QString>("named");
        const Kind apart = Kind::Incomparable, ba = Kind::BeforeAfter;
        QTest::newRow("cpu") << Change([](bs::Capture &c) { c.provenance.machine.cpu = "Apple M3"; }) << apart << "machine CPU";
        QTest::newRow("cores") << Change([](bs::Capture &c) { c.provenance.machine.cores = 16; }) << apart << "machine cores";
        QTest::newRow("host") << Change([](bs::Capture &c) { c.provenance.machine.hostname = "ci-7"; }) << apart << "host name";
        QTest::newRow("mode") << Change([](bs::Capture &c) { c.provenance.conditions.mode = "fixed-rate"; }) << apart << "mode";
        QTest::newRow("connections") << Change([](bs::Capture &c) { c.provenance.conditions.connections = 200; }) << apart
                                     << "connections 64 in r1, 200 in r2";
        QTest::newRow("rate") << Change([](bs::Capture &c) { c.provenance.conditions.rate = 50; }) << apart << "rate";
        QTest::newRow("correction") << Change([](bs::Capture &c) { c.provenance.conditions.latencyCorrected = false; })
                                    << apart << "latency correction";
        QTest::newRow("target") << Change([](bs::Capture &c) { c.provenance.conditions.extra["target"] = "workers.dev"; })
                                << ba << ""; // stated on one side only: not known to differ
        QTest::newRow("targets differ") << Change([](bs::Capture &c) {
            c.provenance.conditions.extra["target"] = "workers.dev";
        }) << apart << "condition target";
        // Warnings, not another experiment: the OS and memory as reported,
        // a tool's version, the duration, the repetitions, a host not stated.
        QTest::newRow("os") << Change([](bs::Capture &c) { c.provenance.machine.os = "Debian 13"; }) << ba << "";
        QTest::newRow("memory") << Change([](bs::Capture &c) { c.provenance.machine.memoryBytes = 1e9; }) << ba << "";
        QTest::newRow("tool") << Change([](bs::Capture &c) { c.provenance.tools[1].version = "3.12.1"; }) << ba << "";
        QTest::newRow("duration") << Change([](bs::Capture &c) { c.provenance.conditions.durationSeconds = 30; }) << ba << "";
        QTest::newRow("repetitions") << Change([](bs::Capture &c) { c.provenance.conditions.repetitions = 9; }) << ba << "";
        QTest::newRow("host not stated") << Change([](bs::Capture &c) { c.provenance.machine.hostname.clear(); }) << ba << "";
    }
    void provenance()
    {
        QFETCH(Change, change);
        QFETCH(Kind, kind);
        QFETCH(QString, named);
        auto [a, b] = revisions("2026-05-01", "2026-05-02");
        if (QByteArray(QTest::currentDataTag()) == "targets differ")
            a.provenance.conditions.extra["target"] = "127.0.0.1";
        change(b);
        for (bool stated : {false, true}) {
            const bs::CapturePair pair = bs::CapturePair::of(a, b, stated);
            QCOMPARE(pair.kind, kind);
            QCOMPARE(pair.forbidding.empty(), kind != Kind::Incomparable);
            if (!named.isEmpty())
                QVERIFY2(pair.reason.find(named.toStdString()) != std::string::npos, pair.reason.c_str());
        }
    }
};

QTEST_GUILESS_MAIN(TstCapturePair)
#include "tst_capturepair.moc"
