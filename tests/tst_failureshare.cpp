// Failed runs are never clean results, and figures a tool gives once are one
// sample: the FailureShare rule, and every importer over real outputs of
// failed runs (tests/data/importers/failures/, made by make-failures.sh).
#include "captureloader.h"
#include "capturetables.h"
#include "failureshare.h"
#include "fileio.h"

#include <QtTest>

#include <numeric>

using namespace Qt::StringLiterals;

namespace {

std::optional<bs::Capture> load(const std::string &relative)
{
    bs::LoadError error;
    auto c = bs::CaptureLoader::load(
        qEnvironmentVariable("BENCHSCOPE_SOURCE_DIR").toStdString() + "/tests/data/importers/" + relative, error);
    if (!c)
        qWarning("%s", error.toString().c_str());
    return c;
}

bool hasCaveat(const bs::Capture &c, const std::string &part)
{
    for (const std::string &cv : c.provenance.caveats)
        if (cv.find(part) != std::string::npos)
            return true;
    return false;
}

} // namespace

class TestFailureShare : public QObject {
    Q_OBJECT
private slots:
    void rule_data();
    void rule();
    void hyperfineAllRunsExitNonZero();
    void hyperfineSomeRunsFail();
    void autocannonAll404IsAnErrorCountedOnce();
    void wrkDoneJsonReadBesideTheText();
    void googleBenchmarkErrorRows();
    void googleBenchmarkAggregatesOnlyAreOnce();
    void k6FailedThresholdFlags();
};

void TestFailureShare::rule_data()
{
    QTest::addColumn<int>("failed");
    QTest::addColumn<int>("total");
    QTest::addColumn<int>("status");
    QTest::addColumn<bool>("flagged");

    QTest::newRow("none failed") << 0 << 100 << int(bs::ResultStatus::Ok) << false;
    QTest::newRow("1% is within the share") << 1 << 100 << int(bs::ResultStatus::Ok) << false;
    QTest::newRow("2% is beyond it") << 2 << 100 << int(bs::ResultStatus::Ok) << true;
    QTest::newRow("all but one") << 9 << 10 << int(bs::ResultStatus::Ok) << true;
    QTest::newRow("all failed") << 10 << 10 << int(bs::ResultStatus::Error) << false;
}

void TestFailureShare::rule()
{
    QFETCH(int, failed);
    QFETCH(int, total);
    QFETCH(int, status);
    QFETCH(bool, flagged);
    bs::Result r;
    bs::FailureShare::apply(r, std::uint64_t(failed), std::uint64_t(total), "runs", "failed (exit code 3)");
    QCOMPARE(int(r.status), status);
    QCOMPARE(!r.flags.empty(), flagged);
    if (failed * 100 > total)
        QCOMPARE(r.reason, std::to_string(failed) + " of " + std::to_string(total) + " runs failed (exit code 3)");
    else
        QVERIFY(r.reason.empty());
}

void TestFailureShare::hyperfineAllRunsExitNonZero()
{
    // hyperfine -i --runs 5 "sh -c 'exit 3'": exit_codes [3, 3, 3, 3, 3].
    auto c = load("failures/hyperfine-exit3.json");
    QVERIFY(c);
    const bs::Result &r = c->results.front();
    QCOMPARE(int(r.status), int(bs::ResultStatus::Error));
    QCOMPARE(r.reason, std::string("5 of 5 runs failed (5× exit code 3)"));
    QCOMPARE(bs::CaptureTables::cellText(&r, *c->metric("wall_time"), {}), std::string("error"));
}

void TestFailureShare::hyperfineSomeRunsFail()
{
    // Six runs, the third and the sixth exit 1; user and system are hyperfine's means.
    auto c = load("failures/hyperfine-some-fail.json");
    QVERIFY(c);
    const bs::Result &r = c->results.front();
    QCOMPARE(int(r.status), int(bs::ResultStatus::Ok));
    QCOMPARE(r.flags, std::vector<std::string>{"failures"});
    QCOMPARE(r.reason, std::string("2 of 6 runs failed (2× exit code 1)"));
    QCOMPARE(r.repetitions.size(), std::size_t(6));
    // The user time mean is one figure: stored once, n = 1, in no repetition.
    QCOMPARE(int(c->metric("user_time")->scope), int(bs::MetricScope::Result));
    QCOMPARE(r.once.at("user_time"), 0.0031478333333333336);
    QCOMPARE(r.summary.at("user_time").n, std::size_t(1));
    for (const bs::Repetition &rep : r.repetitions)
        QVERIFY(!rep.metrics.count("user_time"));
    QCOMPARE(r.summary.at("wall_time").n, std::size_t(6));
    const std::string cell = bs::CaptureTables::cellText(&r, *c->metric("user_time"), {});
    QVERIFY2(cell.rfind("⚑ ", 0) == 0 && cell.find("(once)") != std::string::npos, cell.c_str());
}

void TestFailureShare::autocannonAll404IsAnErrorCountedOnce()
{
    // autocannon -c 4 -d 2 on a path python's http.server answers 404: non2xx 209, statusCodeStats {404: 209}.
    auto c = load("failures/autocannon-all-404.json");
    QVERIFY(c);
    QCOMPARE(c->cases.front().id, std::string("nothing"));
    const bs::Result &r = c->results.front();
    QCOMPARE(int(r.status), int(bs::ResultStatus::Error));
    QCOMPARE(r.reason, std::string("209 of 209 requests failed (209× status 404)"));
    const auto &errors = r.repetitions.front().errors;
    QCOMPARE(errors.size(), std::size_t(1)); // not also "non2xx"
    const auto sum = std::accumulate(errors.begin(), errors.end(), std::uint64_t(0),
                                     [](std::uint64_t a, const auto &e) { return a + e.second; });
    QCOMPARE(sum, std::uint64_t(209));
    QVERIFY(hasCaveat(*c, "each failure is stored once"));
}

void TestFailureShare::wrkDoneJsonReadBesideTheText()
{
    // wrk on "/" with a done() script printing p99.9 and exact counts after the report.
    auto c = load("failures/wrk-root-done-p999.txt");
    QVERIFY(c);
    QCOMPARE(c->cases.front().id, std::string("root")); // the path "/", never "x"
    QCOMPARE(c->cases.front().label, std::string("/"));
    const bs::Result &r = c->results.front();
    QCOMPARE(int(r.status), int(bs::ResultStatus::Ok));
    const auto &m = r.repetitions.front().metrics;
    QCOMPARE(m.at("latency_p99_9"), 159103e-6);
    QCOMPARE(m.at("latency_p50"), 11721e-6);
    QCOMPARE(m.at("bytes"), 89870.0); // "87.76KB" in the text
    QCOMPARE(m.at("requests"), 473.0);
    QCOMPARE(m.at("latency_mean"), 26503e-6);
    QVERIFY(hasCaveat(*c, "done() script"));
}

void TestFailureShare::googleBenchmarkErrorRows()
{
    auto c = load("failures/gbench-errors.json");
    QVERIFY(c);
    const bs::Result *fails = c->result(c->participants.front().id, "alwaysfails");
    QVERIFY(fails);
    QCOMPARE(int(fails->status), int(bs::ResultStatus::Error));
    QCOMPARE(fails->reason, std::string("3 of 3 repetitions reported an error: cannot open the input"));
    const bs::Result *works = c->result(c->participants.front().id, "works-repeats-3");
    QVERIFY(works);
    QCOMPARE(int(works->status), int(bs::ResultStatus::Ok));
    QVERIFY(works->flags.empty());
    QCOMPARE(works->repetitions.size(), std::size_t(3));
    QVERIFY(hasCaveat(*c, "aggregate rows (cv, mean, median, stddev) were left out"));
}

void TestFailureShare::googleBenchmarkAggregatesOnlyAreOnce()
{
    // --benchmark_report_aggregates_only: the mean is one figure, n = 1.
    auto c = load("failures/gbench-aggregates-only.json");
    QVERIFY(c);
    const bs::Result &r = c->results.front();
    QVERIFY(r.repetitions.empty());
    QCOMPARE(r.once.at("real_time"), 1480.9959606799603e-9);
    QCOMPARE(r.summary.at("real_time").n, std::size_t(1));
    QCOMPARE(int(c->metric("real_time")->scope), int(bs::MetricScope::Result));
    QVERIFY(hasCaveat(*c, "stored once per result"));
    QCOMPARE(bs::CaptureTables::nText(r), std::string("once"));
}

void TestFailureShare::k6FailedThresholdFlags()
{
    // The legacy export with a threshold that failed (true means FAILED there).
    bs::LoadError error;
    const std::string src = qEnvironmentVariable("BENCHSCOPE_SOURCE_DIR").toStdString() + "/tests/data/importers/";
    auto text = bs::FileIO::readFile(src + "k6/itzaddddd_ticket-reserve_summary-export.json", error);
    QVERIFY(text);
    const std::string anchor = "\"http_req_duration\": {";
    text->replace(text->find(anchor), anchor.size(), anchor + "\"thresholds\": {\"p(95)<500\": true},");
    QTemporaryDir dir;
    const std::string path = dir.filePath(u"k6.json"_s).toStdString();
    bs::LoadError message;
    QVERIFY(bs::FileIO::writeAtomically(path, *text, message));
    auto c = bs::CaptureLoader::load(path, error);
    QVERIFY2(c, error.toString().c_str());
    const bs::Result &r = c->results.front();
    QCOMPARE(int(r.status), int(bs::ResultStatus::Ok));
    QCOMPARE(r.flags, std::vector<std::string>{"failures"});
    QVERIFY2(r.reason.find("k6 thresholds failed: http_req_duration: p(95)<500") != std::string::npos, r.reason.c_str());
}

QTEST_GUILESS_MAIN(TestFailureShare)
#include "tst_failureshare.moc"
