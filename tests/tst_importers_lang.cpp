// Importers of language benchmark harnesses over the real
// outputs made by tests/data/importers/make-lang-samples.sh: Go's
// `go test -bench` text, pytest-benchmark JSON and Catch2's XML and console
// reporters. Values were read off the files by hand; malformed variants get
// errors naming file and place; a diff of two Go runs reads like benchstat.
#include "capturediff.h"
#include "captureloader.h"
#include "capturereader.h"
#include "capturewriter.h"
#include "history.h"
#include "importerdata.h"
#include "tempfolder.h"

#include <QtTest>

#include <cmath>

using bs::Capture;
using namespace Qt::StringLiterals;

namespace {

using importerdata::dataPath;
using importerdata::loadSample;
using importerdata::readData;
using importerdata::resultByLabels;



const bs::DiffCell *findCell(const bs::CaptureDiff &d, const std::string &caseId, const std::string &metric)
{
    for (const bs::DiffCell &c : d.cells())
        if (c.caseId == caseId && c.metric == metric)
            return &c;
    return nullptr;
}

} // namespace

class TestImportersLang : public QObject {
    Q_OBJECT
private slots:
    void init();
    void values_data();
    void values();
    void goProvenanceAndNames();
    void goFailedBenchmarks();
    void goScopesSurviveTheCaptureFormat();
    void goDiffReadsLikeBenchstat();
    void goFolderOfRuns();
    void undatedRunsKeepTheGivenOrder_data();
    void undatedRunsKeepTheGivenOrder();
    void sameRunGivenTwiceIsOneRevision_data();
    void sameRunGivenTwiceIsOneRevision();
    void pytestProvenanceAndGroups();
    void catch2ProvenanceAndFailedTestCase_data();
    void catch2ProvenanceAndFailedTestCase();
    void malformed_data();
    void malformed();

private:
    TempFolder m_tmp;
};

void TestImportersLang::init() { m_tmp.renew(); }

// One value per row: file, participant label, case label, metric, statistic
// ("value" of the representative repetition, "median", "max", "n"), the
// expected number in the canonical unit, read off the file by hand.
void TestImportersLang::values_data()
{
    importerdata::addValueColumns();

    const QString before = u"go/before.txt"_s, after = u"go/after.txt"_s, fails = u"go/failures.txt"_s;
    const QString pkg = u"example.com/textjoin"_s;
    // 3722 1950 1720 1759 2419 2970 ns/op: median of six = (1950 + 2419) / 2.
    QTest::newRow("go ns/op median in seconds") << before << pkg << u"Join/n=10"_s << u"time_per_op"_s << u"median"_s << 2184.5e-9;
    QTest::newRow("go one repetition per -count run") << before << pkg << u"Join/n=10"_s << u"time_per_op"_s << u"n"_s << 6.0;
    QTest::newRow("go MB/s are 10^6 B/s") << before << pkg << u"Join/n=10"_s << u"throughput"_s << u"max"_s << 34.31e6;
    QTest::newRow("go B/op median") << before << pkg << u"Join/n=1000"_s << u"bytes_per_op"_s << u"median"_s << 8335886.0;
    QTest::newRow("go allocs/op") << before << pkg << u"SortWords"_s << u"allocs_per_op"_s << u"max"_s << 3.0;
    QTest::newRow("go custom unit kept") << before << pkg << u"SortWords"_s << u"cmps_per_op"_s << u"median"_s << 7590.0;
    QTest::newRow("go after: decimal ns/op") << after << pkg << u"Join/n=100"_s << u"time_per_op"_s << u"median"_s << 1215e-9;
    QTest::newRow("go -cpu 1,2: GOMAXPROCS 1 case") << fails << pkg << u"Join/n=10"_s << u"time_per_op"_s << u"median"_s << 1926e-9;
    QTest::newRow("go -cpu 1,2: GOMAXPROCS 2 case") << fails << pkg << u"Join/n=10-2"_s << u"time_per_op"_s << u"max"_s << 1003e-9;
    QTest::newRow("go flaky: the two runs that passed") << fails << pkg << u"Flaky"_s << u"time_per_op"_s << u"n"_s << 2.0;

    const QString rounds = u"pytest-benchmark/json-with-rounds.json"_s, saved = u"pytest-benchmark/autosave-stats-only.json"_s;
    QTest::newRow("pytest a repetition per round") << rounds << u"test_join"_s << u"10"_s << u"time"_s << u"n"_s << 20.0;
    QTest::newRow("pytest median of the rounds = its stats.median") << rounds << u"test_join"_s << u"10"_s << u"time"_s << u"median"_s << 1.7128127698216195e-07;
    QTest::newRow("pytest slowest round") << rounds << u"test_concat"_s << u"1000"_s << u"time"_s << u"max"_s << 0.00046075369999698523;
    QTest::newRow("pytest ids as cases") << rounds << u"test_dumps"_s << u"indented"_s << u"time"_s << u"n"_s << 9.0;
    QTest::newRow("pytest without params") << rounds << u"test_sorted"_s << u"no params"_s << u"time"_s << u"n"_s << 7.0;
    // Saved without rounds: "time" is pytest-benchmark's median (what the tables compare), the mean its own metric.
    QTest::newRow("pytest stats only: the median once") << saved << u"test_join"_s << u"1000"_s << u"time"_s << u"value"_s << 1.0427466668261331e-05;
    QTest::newRow("pytest stats only: n = 1, not 19 rounds") << saved << u"test_join"_s << u"1000"_s << u"time"_s << u"n"_s << 1.0;
    QTest::newRow("pytest stats only: the mean apart") << saved << u"test_join"_s << u"1000"_s << u"time_mean"_s << u"value"_s << 2.5445210526972037e-05;
    QTest::newRow("pytest stats only: median") << saved << u"test_concat"_s << u"10"_s << u"time"_s << u"value"_s << 8.878690000528877e-07;
    QTest::newRow("pytest stats only: calls/s") << saved << u"test_sorted"_s << u"no params"_s << u"ops"_s << u"value"_s << 83360.26663749787;
    // pytest-benchmark 2.5.0 (its own test storage before "param" was saved): the id only in the
    // name, "test_xfast_parametrized[0]", which is test_xfast_parametrized's case 0 as in later files.
    const QString noParam = u"pytest-benchmark/ionelmc_pytest-benchmark_test_storage_0001_before-param.json"_s;
    QTest::newRow("pytest 2.5: the id from the name") << noParam << u"test_xfast_parametrized"_s << u"0"_s << u"time"_s << u"value"_s << 2.2016643907464864e-07;
    QTest::newRow("pytest 2.5: the mean apart") << noParam << u"test_xfast_parametrized"_s << u"0"_s << u"time_mean"_s << u"value"_s << 2.622408132654948e-07;
    QTest::newRow("pytest 2.5: the slowest round") << noParam << u"test_xfast_parametrized"_s << u"0"_s << u"time_max"_s << u"value"_s << 1.1447389118979421e-05;

    const QString xml = u"catch2/benchmarks.xml"_s, console = u"catch2/console.txt"_s;
    QTest::newRow("catch2 xml mean ns to s") << xml << u"bench"_s << u"join 10 words"_s << u"time_mean"_s << u"value"_s << 173.25e-9;
    QTest::newRow("catch2 xml mean low bound") << xml << u"bench"_s << u"join 1000 words"_s << u"time_mean_low"_s << u"value"_s << 14925.9e-9;
    QTest::newRow("catch2 xml std. dev.") << xml << u"bench"_s << u"sort 500 words"_s << u"time_stddev"_s << u"value"_s << 15591.9e-9;
    QTest::newRow("catch2 xml one figure, n = 1") << xml << u"bench"_s << u"sort 500 words"_s << u"time_mean"_s << u"n"_s << 1.0;
    QTest::newRow("catch2 xml outlier variance") << xml << u"bench"_s << u"accumulate lengths"_s << u"outlier_variance"_s << u"value"_s << 0.686104;
    QTest::newRow("catch2 console us to s") << console << u"bench"_s << u"join 1000 words"_s << u"time_mean"_s << u"value"_s << 14.7205e-6;
    QTest::newRow("catch2 console ms high bound") << console << u"bench"_s << u"sort 500 words"_s << u"time_mean_high"_s << u"value"_s << 2.57497e-3;
    QTest::newRow("catch2 console std. dev. in ms") << console << u"bench"_s << u"sort 500 words"_s << u"time_stddev"_s << u"value"_s << 2.20476e-3;
    QTest::newRow("catch2 console ns") << console << u"bench"_s << u"accumulate lengths"_s << u"time_mean_low"_s << u"value"_s << 160.831e-9;
}

void TestImportersLang::values()
{
    importerdata::checkValueRow();
}

void TestImportersLang::goProvenanceAndNames()
{
    const Capture c = loadSample(u"go/before.txt"_s);
    QCOMPARE(c.provenance.tools.front().name, std::string("go test"));
    QCOMPARE(c.provenance.machine.cpu, std::string("AMD EPYC"));
    QCOMPARE(c.provenance.machine.os, std::string("linux/amd64"));
    QCOMPARE(c.provenance.conditions.extra.at("gomaxprocs"), std::string("2"));
    QCOMPARE(c.provenance.conditions.repetitions, std::optional<int>(6));
    QCOMPARE(c.participants.size(), std::size_t(1));
    QCOMPARE(c.cases.size(), std::size_t(4)); // Join/n=10, n=100, n=1000, SortWords
    QCOMPARE(c.cases.front().group, std::string("Join"));
    QCOMPARE(c.metric("time_per_op")->unit, std::string("s"));
    QVERIFY(c.metric("time_per_op")->primary);
    QCOMPARE(c.metric("allocs_per_op")->unit, std::string("count"));
    QCOMPARE(c.metric("cmps_per_op")->unit, std::string("cmps/op"));
    QVERIFY(c.provenance.caveats.end()
            != std::find(c.provenance.caveats.begin(), c.provenance.caveats.end(),
                         std::string("each run's iteration count (b.N) is not imported")));
    // -cpu 1,2: the suffix stays in the case, and no single GOMAXPROCS is claimed.
    const Capture f = loadSample(u"go/failures.txt"_s);
    QVERIFY(!f.provenance.conditions.extra.count("gomaxprocs"));
    QVERIFY(resultByLabels(f, "example.com/textjoin", "SortWords-2"));
}

void TestImportersLang::goFailedBenchmarks()
{
    // BenchmarkFlaky failed its second of three GOMAXPROCS=1 runs (Go prints
    // that failure twice); BenchmarkBroken failed its only run.
    const Capture c = loadSample(u"go/failures.txt"_s);
    const bs::Result *flaky = resultByLabels(c, "example.com/textjoin", "Flaky");
    QVERIFY(flaky);
    QCOMPARE(flaky->status, bs::ResultStatus::Ok);
    QCOMPARE(flaky->flags, std::vector<std::string>{"failures"});
    QCOMPARE(flaky->reason, std::string("1 of 3 runs failed (fail_test.go:15: injected failure on the second run)"));
    const bs::Result *flaky2 = resultByLabels(c, "example.com/textjoin", "Flaky-2");
    QVERIFY(flaky2);
    QVERIFY(flaky2->flags.empty());
    QCOMPARE(flaky2->repetitions.size(), std::size_t(3));
    const bs::Result *broken = resultByLabels(c, "example.com/textjoin", "Broken");
    QVERIFY(broken);
    QCOMPARE(broken->status, bs::ResultStatus::Error);
    QCOMPARE(broken->reason, std::string("1 of 1 runs failed (fail_test.go:24: injected failure on every run)"));
}

void TestImportersLang::goScopesSurviveTheCaptureFormat()
{
    const Capture c = loadSample(u"go/before.txt"_s);
    for (const bs::Metric &m : c.metrics)
        QVERIFY2(m.scopeDeclared && m.scope == bs::MetricScope::Repetition, m.id.c_str());
    const std::string json = bs::CaptureWriter::toJson(c);
    bs::LoadError error;
    auto back = bs::CaptureReader::readBytes(json, "roundtrip", error);
    QVERIFY2(back, error.toString().c_str());
    QVERIFY(*back == c); // Metric::operator== compares scopeDeclared
    QVERIFY(back->metric("allocs_per_op")->scopeDeclared);
}

void TestImportersLang::goDiffReadsLikeBenchstat()
{
    // benchstat (golang.org/x/perf) compares medians with a Mann–Whitney U
    // test; medians here are those it prints for these two files.
    const Capture before = loadSample(u"go/before.txt"_s), after = loadSample(u"go/after.txt"_s);
    const bs::CaptureDiff d = bs::CaptureDiff::compare(before, after, {});
    const bs::DiffCell *time = findCell(d, "join-n-10", "time_per_op");
    QVERIFY(time);
    QCOMPARE(time->before->median, 2184.5e-9);
    QCOMPARE(time->after->median, 291.9e-9); // 266.1 285.3 285.9 297.9 309.6 407.1: (285.9 + 297.9) / 2
    QCOMPARE(time->verdict, bs::DiffVerdict::Better);
    // 18 allocs/op on all six runs before, 1 after: Go measures them on every
    // run, so zero spread is real, not "too few samples" (p = 2/924 as benchstat's).
    const bs::DiffCell *allocs = findCell(d, "join-n-10", "allocs_per_op");
    QVERIFY(allocs);
    QCOMPARE(allocs->verdict, bs::DiffVerdict::Better);
    QVERIFY(std::fabs(*allocs->p - 2.0 / 924) < 1e-12);
    const bs::DiffCell *bytes = findCell(d, "join-n-1000", "bytes_per_op");
    QVERIFY(bytes);
    QCOMPARE(bytes->verdict, bs::DiffVerdict::Better);
    QCOMPARE(bytes->after->median, 8192.5);
    // SortWords did not change: 3 allocs/op on every run on both sides.
    const bs::DiffCell *same = findCell(d, "sortwords", "allocs_per_op");
    QVERIFY(same);
    QCOMPARE(same->verdict, bs::DiffVerdict::NoChange);
}

void TestImportersLang::goFolderOfRuns()
{
    // One benchmark per go test output, <participant>__<case>.txt: its -count runs stay its repetitions.
    bs::LoadError error;
    auto c = bs::CaptureLoader::load(dataPath(u"go-folder/join"_s), error);
    QVERIFY2(c, error.toString().c_str());
    QCOMPARE(c->participants.size(), std::size_t(2));
    QCOMPARE(c->cases.size(), std::size_t(1));
    const bs::Result *after = c->result("after", "n100");
    QVERIFY(after);
    QCOMPARE(after->repetitions.size(), std::size_t(6));
    // 4883 5183 5396 5391 4325 3090 ns/op: median (4883 + 5183) / 2; 1 allocs/op on every run.
    QVERIFY(std::fabs(after->summary.at("time_per_op").median - 5033e-9) < 1e-18);
    QCOMPARE(after->summary.at("allocs_per_op").max, 1.0);
    QCOMPARE(c->result("before", "n100")->summary.at("bytes_per_op").max, 71402.0);
    QVERIFY(c->metric("allocs_per_op")->scopeDeclared);
    QCOMPARE(c->provenance.sourceHashes.size(), std::size_t(2));
}

void TestImportersLang::pytestProvenanceAndGroups()
{
    const Capture c = loadSample(u"pytest-benchmark/json-with-rounds.json"_s);
    QCOMPARE(c.provenance.tools.front().name, std::string("pytest-benchmark"));
    QCOMPARE(c.provenance.tools.front().version, std::string("3.2.2"));
    QCOMPARE(c.provenance.tools.at(1).name, std::string("CPython"));
    QCOMPARE(c.provenance.tools.at(1).version, std::string("3.11.2"));
    QCOMPARE(c.provenance.machine.cpu, std::string("AMD EPYC"));
    QCOMPARE(c.provenance.machine.hostname, std::string("vm"));
    QCOMPARE(c.provenance.conditions.extra.at("timer"), std::string("perf_counter"));
    QCOMPARE(c.revision.id, std::string("unversioned"));
    QVERIFY(c.revision.label.empty()); // branch "(unknown)"
    QCOMPARE(c.capturedAt.substr(0, 10), std::string("2026-12-01"));
    QCOMPARE(c.participants.size(), std::size_t(4)); // test_join, test_concat, test_dumps, test_sorted
    const bs::CaseInfo *compact = nullptr;
    for (const bs::CaseInfo &k : c.cases)
        if (k.label == "compact")
            compact = &k;
    QVERIFY(compact);
    QCOMPARE(compact->group, std::string("json"));
    QCOMPARE(compact->description, std::string("indent=null"));
    // test_join takes no "compact": not a gap in the run, a pair that cannot exist.
    QCOMPARE(resultByLabels(c, "test_join", "compact")->status, bs::ResultStatus::Unsupported);
    QCOMPARE(c.metric("time")->scope, bs::MetricScope::Repetition);
    // Without rounds the statistics are figures given once.
    const Capture saved = loadSample(u"pytest-benchmark/autosave-stats-only.json"_s);
    QCOMPARE(saved.metric("time")->scope, bs::MetricScope::Result);
    QCOMPARE(saved.provenance.conditions.extra.at("rounds"), std::string("5–20 per benchmark"));
    QVERIFY(saved.results.front().repetitions.empty());
}

void TestImportersLang::catch2ProvenanceAndFailedTestCase_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("version");
    QTest::addColumn<QString>("failure");
    QTest::newRow("xml") << u"catch2/benchmarks.xml"_s << QString()
                         << u"1 of 1 runs of test case \"failing check\" failed (CHECK at line 63)"_s;
    QTest::newRow("console") << u"catch2/console.txt"_s << u"2.13.10"_s
                             << u"1 of 1 runs of test case \"failing check\" failed (CHECK( join(w).size() == 1 ))"_s;
}

void TestImportersLang::catch2ProvenanceAndFailedTestCase()
{
    QFETCH(QString, file);
    QFETCH(QString, version);
    QFETCH(QString, failure);
    const Capture c = loadSample(file);
    QCOMPARE(c.provenance.tools.front().name, std::string("Catch2"));
    QCOMPARE(QString::fromStdString(c.provenance.tools.front().version), version);
    QCOMPARE(c.provenance.conditions.extra.at("samples"), std::string("20"));
    QCOMPARE(c.cases.size(), std::size_t(5));
    QCOMPARE(c.cases.front().group, std::string("join"));
    QCOMPARE(c.metric("time_mean")->scope, bs::MetricScope::Result);
    const bs::Result *failed = resultByLabels(c, "bench", "join 100 words");
    QVERIFY(failed);
    QCOMPARE(failed->status, bs::ResultStatus::Error);
    QCOMPARE(QString::fromStdString(failed->reason), failure);
    QCOMPARE(resultByLabels(c, "bench", "join 10 words")->status, bs::ResultStatus::Ok);
}

void TestImportersLang::malformed_data()
{
    importerdata::addErrorColumns();

    const auto from = importerdata::replaced;
    const auto cutBefore = importerdata::cutBefore;
    const QString go = u"go/before.txt"_s;
    const std::string goText = readData(go);
    QTest::newRow("go truncated inside a line") << u"go.txt"_s << QByteArray::fromStdString(goText.substr(0, goText.find("1950 ns/op") + 4))
                                                << u"line 6"_s << u"Go benchmark text: expected value and unit pairs"_s;
    QTest::newRow("go number out of range") << u"go.txt"_s << from(go, "1720 ns/op", "1e999999 ns/op")
                                            << u"line 7"_s << u"expected a number, found \"1e999999\""_s;
    QTest::newRow("go iteration count not a number") << u"go.txt"_s << from(go, "   71542\t", "   many\t")
                                                     << u"line 7"_s << u"expected the iteration count"_s;
    QTest::newRow("go value not a number") << u"go.txt"_s << from(go, "680 B/op", "lots B/op")
                                           << u"line 5"_s << u"expected a number, found \"lots\""_s;
    QTest::newRow("go empty") << u"go.txt"_s << QByteArray() << u""_s << u"the file is empty"_s;
    QTest::newRow("go unit twice") << u"go.txt"_s << from(go, "18 allocs/op", "18 ns/op")
                                   << u"line 5"_s << u"the unit \"ns/op\" appears twice"_s;

    const QString py = u"pytest-benchmark/json-with-rounds.json"_s;
    const std::string pyText = readData(py);
    QTest::newRow("pytest truncated") << u"py.json"_s << QByteArray::fromStdString(pyText.substr(0, pyText.size() / 2))
                                      << u"line"_s << u"not valid JSON"_s;
    QTest::newRow("pytest round as a string") << u"py.json"_s << from(py, "\"data\": [\n                ", "\"data\": [\"fast\", ")
                                              << u"$.benchmarks[0].stats.data[0]"_s << u"pytest-benchmark JSON: expected a number, found a string"_s;
    QTest::newRow("pytest number out of range") << u"py.json"_s << from(py, "\"data\": [\n                ", "\"data\": [1e999999, ")
                                                << u""_s << u"1e999999"_s;
    QTest::newRow("pytest negative round") << u"py.json"_s << from(py, "\"data\": [\n                ", "\"data\": [-1, ")
                                           << u"$.benchmarks[0].stats.data[0]"_s << u"a time cannot be negative"_s;
    QTest::newRow("pytest stats missing") << u"py.json"_s << from(py, "\"stats\": {", "\"statz\": {")
                                          << u"$.benchmarks[0]"_s << u"missing required field \"stats\""_s;
    const QString saved = u"pytest-benchmark/autosave-stats-only.json"_s;
    QTest::newRow("pytest rounds not whole") << u"py.json"_s << from(saved, "\"rounds\": 20", "\"rounds\": 2.5")
                                             << u"$.benchmarks[0].stats.rounds"_s << u"whole number"_s;
    QTest::newRow("pytest empty") << u"py.json"_s << QByteArray() << u""_s << u"the file is empty"_s;

    const QString xml = u"catch2/benchmarks.xml"_s;
    QTest::newRow("catch2 xml truncated") << u"c.xml"_s << cutBefore(xml, "</TestCase>")
                                          << u"line"_s << u"Catch2 XML: the XML ends before"_s;
    QTest::newRow("catch2 xml cut inside a tag") << u"c.xml"_s << cutBefore(xml, "lowerBound=\"14925.9\"")
                                                 << u"line 13"_s << u"a tag is not closed"_s;
    QTest::newRow("catch2 xml mean not a number") << u"c.xml"_s << from(xml, "value=\"173.25\"", "value=\"fast\"")
                                                  << u"line 7"_s << u"expected a number, found \"fast\""_s;
    QTest::newRow("catch2 xml number out of range") << u"c.xml"_s << from(xml, "value=\"173.25\"", "value=\"1e999999\"")
                                                    << u"line 7"_s << u"expected a number, found \"1e999999\""_s;
    QTest::newRow("catch2 xml without mean") << u"c.xml"_s << from(xml, "<mean value=\"173.25\"", "<median value=\"173.25\"")
                                             << u"line 10"_s << u"has no <mean>"_s;
    QTest::newRow("catch2 xml negative time") << u"c.xml"_s << from(xml, "lowerBound=\"171.19\"", "lowerBound=\"-171.19\"")
                                              << u"line 7"_s << u"a time cannot be negative"_s;
    const QString console = u"catch2/console.txt"_s;
    QTest::newRow("catch2 console cut after a row") << u"c.txt"_s << cutBefore(console, "173.287 ns")
                                                    << u"line 17"_s << u"expected the mean of \"join 10 words\" with its low and high bounds"_s;
    QTest::newRow("catch2 console unknown unit") << u"c.txt"_s << from(console, "14.7205 us", "14.7205 ps")
                                                 << u"line 21"_s << u"expected a time unit"_s;
    QTest::newRow("catch2 console number out of range") << u"c.txt"_s << from(console, "14.7205 us", "1e999999 us")
                                                        << u"line 21"_s << u"expected a number, found \"1e999999\""_s;
}

void TestImportersLang::malformed()
{
    importerdata::checkErrorRow(m_tmp);
}

QTEST_GUILESS_MAIN(TestImportersLang)
// Text outputs without dates (go test, benchstat's old.txt/new.txt): no
// date orders them, so a history keeps the order they were given in and
// says so; never by file name ("new.txt" sorts before "old.txt").
void TestImportersLang::undatedRunsKeepTheGivenOrder_data()
{
    QTest::addColumn<QStringList>("files");
    QTest::addColumn<bool>("datedToo");
    QTest::newRow("old, new") << QStringList{u"old.txt"_s, u"new.txt"_s} << false;
    QTest::newRow("new, old (as a user may name them)") << QStringList{u"new.txt"_s, u"old.txt"_s} << false;
    QTest::newRow("three, unsorted names") << QStringList{u"b.txt"_s, u"c.txt"_s, u"a.txt"_s} << false;
    QTest::newRow("one of them dated") << QStringList{u"z.txt"_s, u"dated.txt"_s, u"a.txt"_s} << true;
}

void TestImportersLang::undatedRunsKeepTheGivenOrder()
{
    QFETCH(QStringList, files);
    QFETCH(bool, datedToo);
    const std::string sources[] = {readData("go/before.txt"), readData("go/after.txt")};
    std::vector<Capture> captures;
    for (int i = 0; i < files.size(); ++i) {
        std::string text = sources[i % 2];
        if (i == 2) // another run: a revision of its own, still without a date
            text = "commit: 0123abc\n" + text;
        if (files[i] == u"dated.txt"_s)
            text = "commit-time: 2026-01-02T03:04:05Z\n" + text;
        bs::LoadError error;
        auto c = bs::CaptureLoader::load(m_tmp.write(files[i], text), error);
        QVERIFY2(c, error.toString().c_str());
        captures.push_back(*c);
    }
    std::vector<const Capture *> given;
    for (const Capture &c : captures)
        given.push_back(&c);
    std::string error;
    const auto h = bs::History::build(given, {}, error);
    QVERIFY2(h, error.c_str());
    QCOMPARE(h->revisions().size(), given.size());
    for (std::size_t i = 0; i < given.size(); ++i)
        QCOMPARE(h->revisions()[i].input, i); // as given, whatever the names
    QCOMPARE(h->notes().size(), std::size_t(1));
    const QString note = QString::fromStdString(h->notes().front());
    QVERIFY2(note.startsWith(u"order unknown: %1 of %2"_s.arg(files.size() - (datedToo ? 1 : 0)).arg(files.size())),
             qPrintable(note));
    QVERIFY2(note.contains(files.front()) && note.contains(u"ordered as given"_s), qPrintable(note));
    QCOMPARE(note.contains(u"dated.txt"_s), false);
    std::vector<std::size_t> asGiven(given.size());
    for (std::size_t i = 0; i < asGiven.size(); ++i)
        asGiven[i] = i;
    QVERIFY(bs::History::dateOrder(given) == asGiven);
}

// One capture given twice, or two copies under other names, is one run:
// one revision, and a note saying which files were the same.
void TestImportersLang::sameRunGivenTwiceIsOneRevision_data()
{
    QTest::addColumn<QStringList>("files"); // "=x" copies the file x under this place
    QTest::addColumn<int>("revisions");
    QTest::addColumn<QString>("noteSays");
    QTest::newRow("a copy in a folder") << QStringList{u"old.txt"_s, u"old-copy.txt=old.txt"_s, u"new.txt"_s} << 2 << u"old-copy.txt is the same run as"_s;
    QTest::newRow("the same file twice") << QStringList{u"old.txt"_s, u"new.txt"_s, u"old.txt"_s} << 2 << u"old.txt is given twice"_s;
    QTest::newRow("two copies of the newer") << QStringList{u"old.txt"_s, u"new.txt"_s, u"n1.txt=new.txt"_s, u"n2.txt=new.txt"_s} << 2 << u"n2.txt is the same run as"_s;
    QTest::newRow("a Locust run from two of its files") << QStringList{u"run_stats.csv"_s, u"run_failures.csv"_s, u"new.txt"_s} << 2 << u"run_failures.csv is the same run as"_s;
}

void TestImportersLang::sameRunGivenTwiceIsOneRevision()
{
    QFETCH(QStringList, files);
    QFETCH(int, revisions);
    QFETCH(QString, noteSays);
    for (const char *f : {"run_stats.csv", "run_stats_history.csv", "run_failures.csv", "run_exceptions.csv"})
        m_tmp.write(QString::fromLatin1(f), readData(std::string("locust/") + f));
    std::vector<Capture> captures;
    for (const QString &entry : files) {
        const QString name = entry.section(u'=', 0, 0), of = entry.section(u'=', 1);
        const QString source = of.isEmpty() ? name : of;
        const std::string text = source == u"old.txt"_s ? readData("go/before.txt")
            : source == u"new.txt"_s                    ? readData("go/after.txt")
                                                        : std::string();
        const std::string path = text.empty() ? m_tmp.filePath(name) : m_tmp.write(name, text);
        bs::LoadError error;
        auto c = bs::CaptureLoader::load(path, error);
        QVERIFY2(c, error.toString().c_str());
        if (!text.empty() || source.startsWith(u"run"_s))
            c->suite.id = "one-suite"; // Locust and Go runs followed as one, as --suite does
        captures.push_back(*c);
    }
    std::vector<const Capture *> given;
    for (const Capture &c : captures)
        given.push_back(&c);
    std::string error;
    const auto h = bs::History::build(given, {}, error);
    QVERIFY2(h, error.c_str());
    QCOMPARE(int(h->revisions().size()), revisions);
    bool said = false;
    for (const std::string &n : h->notes())
        said = said || QString::fromStdString(n).contains(noteSays);
    QVERIFY2(said, qPrintable(noteSays));
}

#include "tst_importers_lang.moc"
