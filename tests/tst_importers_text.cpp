// The text formats of issue 43 read by their own importers: Dart's
// benchmark_harness, go-wrk, Ruby's benchmark-ips and oha's console text,
// over real outputs from public repositories (tests/data/importers/SOURCES.md).
// Values were read off the files by hand; damaged variants are refused at
// their line or named in a caveat (tst_textdamage runs every line of these files).
#include "captureloader.h"
#include "importerdata.h"
#include "tempfolder.h"

#include <QtTest>

using bs::Capture;
using namespace Qt::StringLiterals;

namespace {

using importerdata::hasCaveat;
using importerdata::loadSample;

const QString kDartObjectId = u"dart/gonuit_dart_objectid_README_benchmark.txt"_s;
const QString kDartGame = u"dart/Dundee_benchmarksgame_fannkuchredux-dart-about.txt"_s;
const QString kDartHarness = u"dart/dart-lang_benchmark_harness_README_output.txt"_s;
const QString kGoWrk = u"go-wrk/tsliwowicz_go-wrk_README_output.txt"_s;
const QString kGoWrk2022 = u"go-wrk/tsliwowicz_go-wrk_README_output_2022.txt"_s;

} // namespace

class TestImportersText : public QObject {
    Q_OBJECT
private slots:
    void init() { m_tmp.renew(); }
    void values_data();
    void values();
    void dartRunsAndCaveats();
    void goWrkPercentilesLeftOut();
    void malformed_data();
    void malformed();

private:
    TempFolder m_tmp;
};

void TestImportersText::values_data()
{
    importerdata::addValueColumns();
    // "ObjectId() → (RunTime): 0.28017946395452636 us.", "ObjectId == ObjectId → (RunTime): 0.08761381094863427 us."
    importerdata::addValueRows(kDartObjectId, u"Dart"_s,
                               {{"ObjectId() →", "time", 0.28017946395452636e-6},
                                {"ObjectId == ObjectId →", "time", 0.08761381094863427e-6},
                                {"ObjectId.hashCode →", "time", 1.0, "n"}});
    // "Template(RunTime): 4996000.0 us." three times (n=10, 11, 12 of fannkuch-redux)
    importerdata::addValueRows(kDartGame, u"Dart"_s,
                               {{"Template", "time", 3.0, "n"}, {"Template", "time", 897.849, "max"},
                                {"Template", "time", 64.428, "median"}});
    importerdata::addValueRows(kDartHarness, u"Dart"_s, {{"Template", "time", 0.1568472448997197e-6}});
    // "Requests/sec:\t\t43940.79", "Transfer/sec:\t\t5.24MB", "Fastest Request:\t98µs", "Avg Req Time:\t\t46.608ms",
    // "Slowest Request:\t398.431ms", "stddev:\t\t\t    29.744ms", "439977 requests in 10.012950719s, 52.45MB read"
    importerdata::addValueRows(kGoWrk, u"localhost:8080"_s,
                               {{"/plaintext", "rps", 43940.79}, {"/plaintext", "transfer_rate", 5.24 * 1024 * 1024},
                                {"/plaintext", "latency_min", 98e-6}, {"/plaintext", "latency_mean", 46.608e-3},
                                {"/plaintext", "latency_max", 398.431e-3}, {"/plaintext", "latency_stdev", 29.744e-3},
                                {"/plaintext", "requests", 439977.0}, {"/plaintext", "bytes", 52.45 * 1024 * 1024}});
    // the 2022 layout: "Avg Req Time:\t\t0.0347ms" before "Fastest Request:\t0.0340ms"
    importerdata::addValueRows(kGoWrk2022, u"192.168.1.118:8080"_s,
                               {{"/json", "rps", 28787.47}, {"/json", "latency_mean", 0.0347e-3},
                                {"/json", "latency_min", 0.0340e-3}, {"/json", "latency_max", 0.0421e-3},
                                {"/json", "requests", 142470.0}, {"/json", "transfer_rate", 3.95 * 1024 * 1024}});
}

void TestImportersText::values() { importerdata::checkValueRow(); }

// A name printed three times is three runs of one benchmark, said in a
// caveat; the program's own headings are named as not read; the run time is
// of one exercise() (10 runs by default), not divided.
void TestImportersText::dartRunsAndCaveats()
{
    const Capture game = loadSample(kDartGame);
    QCOMPARE(game.cases.size(), std::size_t(1));
    QVERIFY(hasCaveat(game, "\"Template\" is printed 3 times"));
    QVERIFY(hasCaveat(game, "divide by 10 for one run()"));
    QCOMPARE(game.metric("time")->direction, bs::Direction::LowerIsBetter);
    const Capture objectId = loadSample(kDartObjectId);
    QCOMPARE(objectId.cases.size(), std::size_t(9));
    QVERIFY(hasCaveat(objectId, "3 lines not read"));
    QVERIFY(hasCaveat(objectId, "line 1 \"Constructors:\""));
    QCOMPARE(objectId.suite.title, std::string("benchmark_harness: Dart"));
}

// go-wrk's percentile lines are not latency percentiles (see the importer),
// so none is imported, and a caveat says why.
void TestImportersText::goWrkPercentilesLeftOut()
{
    const Capture c = loadSample(kGoWrk);
    QVERIFY(!c.metric("latency_p99"));
    QVERIFY(!c.metric("latency_p50"));
    QVERIFY(hasCaveat(c, "so \"99%\" is the 0.99th percentile"));
    QCOMPARE(c.provenance.conditions.connections, std::optional<int>(2048));
    QCOMPARE(c.provenance.conditions.durationSeconds, std::optional<double>(10));
    QCOMPARE(c.results.front().status, bs::ResultStatus::Ok);
    const Capture old = loadSample(kGoWrk2022);
    QVERIFY(!hasCaveat(old, "percentile"));
    QVERIFY(!hasCaveat(old, "not read ("));
}

void TestImportersText::malformed_data()
{
    importerdata::addErrorColumns();
    const auto from = importerdata::replaced;
    QTest::newRow("dart unit unknown") << u"d.txt"_s << from(kDartObjectId, "0.28017946395452636 us.", "0.28017946395452636 sec.")
                                       << u"line 2"_s << u"expected \"ObjectId() →(RunTime): <number> us.\""_s;
    QTest::newRow("dart number garbled") << u"d.txt"_s << from(kDartGame, "64428000.0", "64428O00.0")
                                         << u"line 2"_s << u"expected a number"_s;
    QTest::newRow("dart only the program's output") << u"d.txt"_s << QByteArray("Constructors:\nTemplate(RunTime): \n")
                                                    << u"line 2"_s << u"expected \"Template(RunTime): <number> us.\""_s;
    QTest::newRow("go-wrk rate garbled") << u"g.txt"_s << from(kGoWrk, "43940.79", "43,940.79")
                                         << u"line 4"_s << u"expected a number"_s;
    QTest::newRow("go-wrk duration unit") << u"g.txt"_s << from(kGoWrk, "46.608ms", "46.608mx")
                                          << u"line 7"_s << u"expected a Go duration"_s;
    QTest::newRow("go-wrk requests line") << u"g.txt"_s << from(kGoWrk, "52.45MB read", "52.45MB")
                                          << u"line 3"_s << u"expected \"<n> requests in <duration>, <size> read\""_s;
    QTest::newRow("go-wrk cut before its requests") << u"g.txt"_s << importerdata::cutBefore(kGoWrk, "439977 requests")
                                                    << u"line 2"_s << u"the go-wrk report ends here"_s;
}

void TestImportersText::malformed() { importerdata::checkErrorRow(m_tmp); }

QTEST_GUILESS_MAIN(TestImportersText)
#include "tst_importers_text.moc"
