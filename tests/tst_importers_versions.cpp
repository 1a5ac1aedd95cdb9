// Other versions of the established formats, as an outside tester would try
// them (tests/data/importers/SOURCES.md): Google Benchmark 1.9's skipped
// benchmarks, complexity rows and counters; hyperfine's parameter values
// inside a word, and its 1.6–1.10 `parameter`; a Catch2 console table pasted
// alone; Catch2 v3's XML and console text. Values read off the files by
// hand.
#include "importerdata.h"
#include "tempfolder.h"

#include <QtTest>

#include <algorithm>

using bs::Capture;
using namespace Qt::StringLiterals;

namespace {

using importerdata::hasCaveat;
using importerdata::loadSample;
using importerdata::resultByLabels;

const QString kGb = u"google-benchmark/measured/skip-bigo-counters-v1.9.5.json"_s;
const QString kHfScan = u"hyperfine/measured/scan-in-word-1.15.json"_s;
const QString kHfList = u"hyperfine/measured/list-two-commands-1.15.json"_s;
const QString kHfOld = u"hyperfine/measured/scan-in-word-1.10-layout.json"_s;
const QString kCatch2Docs = u"catch2/catchorg_Catch2_docs_benchmarks_console.txt"_s;
const QString kCatch2V3Xml = u"catch2/v3/benchmarks-3.7.1.xml"_s;
const QString kCatch2V3Console = u"catch2/v3/console-3.7.1.txt"_s;

} // namespace

class TestImportersVersions : public QObject {
    Q_OBJECT
private slots:
    void init() { m_tmp.renew(); }
    void values_data();
    void values() { importerdata::checkValueRow(); }
    void googleBenchmarkSkippedIsMissing();
    void catch2Version3_data();
    void catch2Version3();
    void hyperfineOneParticipantPerTemplate_data();
    void hyperfineOneParticipantPerTemplate();
    void hyperfineValueAlsoFixedElsewhere();

private:
    TempFolder m_tmp;
};

void TestImportersVersions::values_data()
{
    importerdata::addValueColumns();
    using importerdata::addValueRows;
    addValueRows(kGb, u"outside"_s,
                 {{"BM_Accumulate/1024", "real_time", 807.8948340246941e-9},
                  {"BM_Accumulate/1024", "items_per_second", 3414842050.328422},
                  {"BM_Accumulate/4096", "elements", 4096},
                  // three iteration rows; the mean, median, stddev and cv rows are not more of them
                  {"BM_Concat/repeats:3", "real_time", 3, "n"},
                  {"BM_Concat/repeats:3", "real_time", 113.05594110741625e-9, "median"},
                  {"BM_Concat/repeats:3", "real_time", 113.34135616587551e-9, "max"},
                  {"BM_Concat/repeats:3", "frames", 17410137.260711305, "max"}});
    addValueRows(kHfScan, u"sleep 0.00{ms}"_s,
                 {{"ms=1", "wall_time", 0.002831264, "median"},
                  {"ms=2", "wall_time", 0.003693168, "median"},
                  {"ms=3", "wall_time", 0.004958323000000001, "max"},
                  {"ms=3", "wall_time", 5, "n"}});
    addValueRows(kHfList, u"head -c {size}M /dev/zero"_s,
                 {{"size=1", "wall_time", 0.003150719, "median"}, {"size=1", "user_time", 0.001431}});
    addValueRows(kHfList, u"dd if=/dev/zero bs={size}M count=1 of=/dev/null"_s,
                 {{"size=4", "wall_time", 0.006540731, "max"}, {"size=4", "wall_time", 0.0039009970000000002, "median"}});
    addValueRows(kHfOld, u"sleep 0.00{parameter}"_s,
                 {{"parameter=3", "wall_time", 0.0048128830000000004, "median"}, {"parameter=1", "wall_time", 5, "n"}});
    addValueRows(kCatch2Docs, u"Catch2"_s,
                 {{"Fibonacci 20", "time_mean", 2e-9},
                  {"Fibonacci 35", "time_mean", 468e-9},
                  {"Fibonacci 35", "time_mean_low", 464e-9},
                  {"Fibonacci 35", "time_mean_high", 473e-9},
                  {"Fibonacci 35", "time_stddev", 21e-9}});
    // Catch2 v3's <Catch2TestRun> XML and its console text ("est run time")
    addValueRows(kCatch2V3Xml, u"bench_v3"_s,
                 {{"join 1000 words", "time_mean", 12952e-9},
                  {"join 1000 words", "time_mean_high", 14428.8e-9},
                  {"sort 500 words", "time_stddev", 1970.06e-9},
                  {"accumulate lengths", "outlier_variance", 0.190318}});
    addValueRows(kCatch2V3Console, u"bench_v3"_s,
                 {{"join 1000 words", "time_mean", 15.1277e-6},
                  {"sort 500 words", "time_mean_low", 39.2974e-6},
                  {"accumulate lengths", "time_stddev", 9.31171e-9}});
}

// SkipWithMessage writes zero times, which are no figures: the result is
// missing, with the benchmark's message; SkipWithError stays an error.
void TestImportersVersions::googleBenchmarkSkippedIsMissing()
{
    const Capture c = loadSample(kGb);
    const bs::Result *skipped = resultByLabels(c, "outside", "BM_NeedsGpu");
    QVERIFY(skipped);
    QCOMPARE(skipped->status, bs::ResultStatus::Missing);
    QVERIFY(skipped->repetitions.empty());
    QVERIFY2(skipped->reason.find("no GPU on this machine") != std::string::npos, skipped->reason.c_str());
    QVERIFY(hasCaveat(c, "\"BM_NeedsGpu\" was skipped by the benchmark (SkipWithMessage: no GPU on this machine)"));
    const bs::Result *broken = resultByLabels(c, "outside", "BM_Broken");
    QVERIFY(broken);
    QCOMPARE(broken->status, bs::ResultStatus::Error);
    QVERIFY(broken->reason.find("input file missing") != std::string::npos);
    QVERIFY(hasCaveat(c, "2 complexity row(s) (_BigO, _RMS) were left out"));
}

// Catch2 v3: the version from the XML's catch2-version and the console's
// host line; the benchmark of the test case whose check failed is an error.
void TestImportersVersions::catch2Version3_data()
{
    QTest::addColumn<QString>("file");
    QTest::newRow("xml") << kCatch2V3Xml;
    QTest::newRow("console") << kCatch2V3Console;
}

void TestImportersVersions::catch2Version3()
{
    QFETCH(QString, file);
    const Capture c = loadSample(file);
    QCOMPARE(c.provenance.tools.front().version, std::string("3.7.1"));
    QCOMPARE(c.results.size(), std::size_t(5));
    const bs::Result *failed = resultByLabels(c, "bench_v3", "join 100 words");
    QVERIFY(failed);
    QCOMPARE(failed->status, bs::ResultStatus::Error);
    for (const bs::Result &r : c.results)
        QCOMPARE(r.status == bs::ResultStatus::Ok, &r != failed);
}

void TestImportersVersions::hyperfineOneParticipantPerTemplate_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<std::size_t>("participants");
    QTest::addColumn<std::size_t>("cases");
    QTest::newRow("a value inside a word") << kHfScan << std::size_t(1) << std::size_t(3);
    QTest::newRow("two commands, values before a unit") << kHfList << std::size_t(2) << std::size_t(2);
    QTest::newRow("hyperfine 1.10's unnamed parameter") << kHfOld << std::size_t(1) << std::size_t(3);
}

// Each value set is a case of its command's template: no pair is left
// missing as it would be with a participant per command.
void TestImportersVersions::hyperfineOneParticipantPerTemplate()
{
    QFETCH(QString, file);
    QFETCH(std::size_t, participants);
    QFETCH(std::size_t, cases);
    const Capture c = loadSample(file);
    QCOMPARE(c.participants.size(), participants);
    QCOMPARE(c.cases.size(), cases);
    QCOMPARE(c.results.size(), participants * cases);
    for (const bs::Result &r : c.results)
        QCOMPARE(r.status, bs::ResultStatus::Ok);
    QCOMPARE(hasCaveat(c, "hyperfine before 1.11 wrote a parameter's value without its name"), file == kHfOld);
}

// `-P threads 1 3 'prog -t {threads} --seed 1'`: the "1" of the seed is no
// value, though it is a whole token in the command of threads=1.
void TestImportersVersions::hyperfineValueAlsoFixedElsewhere()
{
    std::string json = "{\"results\": [";
    for (const char *n : {"1", "2", "3"})
        json += std::string(n[0] == '1' ? "" : ",") + "{\"command\": \"prog -t " + n + " --seed 1\", \"mean\": 1, "
            "\"user\": 0, \"system\": 0, \"times\": [1], \"exit_codes\": [0], \"parameters\": {\"threads\": \"" + n + "\"}}";
    const Capture c = importerdata::loadPath(m_tmp.write(u"scan.json"_s, json + "]}"));
    QCOMPARE(c.participants.size(), std::size_t(1));
    QCOMPARE(c.participants.front().label, std::string("prog -t {threads} --seed 1"));
    QCOMPARE(c.results.size(), std::size_t(3));
}

QTEST_GUILESS_MAIN(TestImportersVersions)
#include "tst_importers_versions.moc"
