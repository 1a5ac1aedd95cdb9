// The formats of issue 43 over real outputs from public repositories
// (tests/data/importers/SOURCES.md): k6's console summary, Rust libtest
// bench text (and criterion's bencher output that looks like it). Values
// were read off the files by hand; damaged variants are refused at their
// line or named in a caveat (tst_textdamage runs every line of these files).
#include "captureloader.h"
#include "importerdata.h"
#include "importers/importerregistry.h"
#include "tempfolder.h"

#include <QtTest>

#include <algorithm>
#include <filesystem>

using bs::Capture;
using namespace Qt::StringLiterals;

namespace {

using importerdata::dataPath;
using importerdata::loadSample;
using importerdata::hasCaveat;
using importerdata::readData;
using importerdata::resultByLabels;


std::optional<Capture> loadText(const std::string &text, bs::LoadError &error)
{
    return bs::ImporterRegistry::instance().importText(text, "pasted.txt", error);
}

const bs::ContractCheck *contract(const Capture &c, const std::string &what)
{
    for (const bs::ContractCheck &cc : c.contracts)
        if (cc.what == what)
            return &cc;
    return nullptr;
}

const QString kK6 = u"k6-console/Pbasnal_Experiments_ComicApiOop_load-test-results.md"_s;
const QString kK6Legacy = u"k6-console/nordfjord_ocaml_webapp_test_express_README.md"_s;
const QString kK6Custom = u"k6-console/grafana_k6-learn_custom-metrics.txt"_s;
// legacy layout with a p(99.9) column (summaryTrendStats) and three passing checks
const QString kK6P999 = u"k6-console/graphql-hive_graphql-gateways-benchmark_constant-vus-over-time_hive-router.txt"_s;
const QString kCargo = u"libtest/benchmark-action_github-action-benchmark_cargo_output.txt"_s;
const QString kCargo2 = u"libtest/benchmark-action_github-action-benchmark_cargo_output2.txt"_s;
const QString kCargo3 = u"libtest/benchmark-action_github-action-benchmark_cargo_output3.txt"_s;
const QString kCriterionBencher = u"libtest/benchmark-action_github-action-benchmark_criterion_output.txt"_s;
// libtest with b.bytes: "= 1204 MB/s", a figure libtest never groups
const QString kLibtestLogos = u"libtest/maciejhirsz_logos_README_bench.txt"_s;
const QString kLibtestMetro = u"libtest/arthurprs_metrohash-rs_README_bench.txt"_s;
const QString kLibtestMemchr = u"libtest/BurntSushi_rust-memchr_README_bench.txt"_s;
// The misreadings of issue 43 in formats read before: wrk2's "-nan", Go's
// mixed suffixes, Catch2's wrapped names, Google Benchmark's min and max.
const QString kWrk2Nan = u"public/akoutmos_prom_ex_README_wrk2-nan.txt"_s;
const QString kGoMixed = u"go/benchmark-action_github-action-benchmark_go_output.txt"_s;
const QString kCatch2Public = u"catch2/benchmark-action_github-action-benchmark_catch2_output_v2.txt"_s;
const QString kCatch2Long = u"catch2/console-long-names.txt"_s;
// measured here (failures/make-failures.sh)
const QString kGbMinMax = u"failures/gbench-minmax.json"_s;
const QString kGbMinMaxOnly = u"failures/gbench-minmax-aggregates-only.json"_s;

} // namespace

class TestImportersNewFormats : public QObject {
    Q_OBJECT
private slots:
    void init() { m_tmp.renew(); }
    void values_data();
    void values();
    void k6ThresholdsChecksAndFailures();
    void k6LegacyLayout();
    void k6FailedThresholdAndCheck();
    void k6LinesNotRead();
    void k6Directions();
    void k6NestedGroupOfFullMode();
    void libtestAndCriterionBencher();
    void malformed_data();
    void malformed();
    void wrk2ThreadStatsNotANumber();
    void goSuffixDroppedWhenEachBenchmarkHasOne();
    void googleBenchmarkCaveatNamesEveryAggregate();
    void pytestStorageRoot();
    void catch2WrappedNames();

private:
    TempFolder m_tmp;
};

void TestImportersNewFormats::values_data()
{
    importerdata::addValueColumns();
    // k6 v1 layout: "http_req_duration...: avg=38.81ms min=503.29µs … p(95)=148.92ms"
    QTest::newRow("k6 p95 latency, ms to s") << kK6 << u"k6"_s << u"run"_s << u"latency_p95"_s << u"value"_s << 0.14892;
    QTest::newRow("k6 min latency in µs") << kK6 << u"k6"_s << u"run"_s << u"latency_min"_s << u"value"_s << 503.29e-6;
    QTest::newRow("k6 http_reqs rate") << kK6 << u"k6"_s << u"run"_s << u"rps"_s << u"value"_s << 6.169386;
    QTest::newRow("k6 http_reqs count") << kK6 << u"k6"_s << u"run"_s << u"requests"_s << u"value"_s << 1327.0;
    QTest::newRow("k6 failed requests from their counts") << kK6 << u"k6"_s << u"run"_s << u"http_req_failed"_s << u"value"_s << 131.0 / 1327.0;
    QTest::newRow("k6 iterations per second") << kK6 << u"k6"_s << u"run"_s << u"iterations.per_s"_s << u"value"_s << 6.20193;
    QTest::newRow("k6 data received, 1000-based MB") << kK6 << u"k6"_s << u"run"_s << u"bytes"_s << u"value"_s << 6.7e6;
    QTest::newRow("k6 data received per second") << kK6 << u"k6"_s << u"run"_s << u"transfer_rate"_s << u"value"_s << 31e3;
    QTest::newRow("k6 data sent") << kK6 << u"k6"_s << u"run"_s << u"data_sent"_s << u"value"_s << 149e3;
    QTest::newRow("k6 custom time trend p95") << kK6 << u"k6"_s << u"run"_s << u"comic_visibility_computation_duration.p95"_s << u"value"_s << 0.159;
    QTest::newRow("k6 submetric p95") << kK6 << u"k6"_s << u"run"_s << u"http_req_duration-endpoint-health.p95"_s << u"value"_s << 2.47e-3;
    QTest::newRow("k6 iteration max in s") << kK6 << u"k6"_s << u"run"_s << u"iteration_duration.max"_s << u"value"_s << 7.17;
    QTest::newRow("k6 gauge max") << kK6 << u"k6"_s << u"run"_s << u"vus.max"_s << u"value"_s << 20.0;
    QTest::newRow("k6 one repetition") << kK6 << u"k6"_s << u"run"_s << u"rps"_s << u"n"_s << 1.0;
    // the legacy layout (k6 before v1): "http_req_failed...: 0.00%  ✓ 0  ✗ 43404"
    QTest::newRow("k6 legacy p95") << kK6Legacy << u"k6"_s << u"run"_s << u"latency_p95"_s << u"value"_s << 0.03632;
    QTest::newRow("k6 legacy mean") << kK6Legacy << u"k6"_s << u"run"_s << u"latency_mean"_s << u"value"_s << 0.01841;
    QTest::newRow("k6 legacy rps") << kK6Legacy << u"k6"_s << u"run"_s << u"rps"_s << u"value"_s << 4334.681688;
    QTest::newRow("k6 legacy bytes") << kK6Legacy << u"k6"_s << u"run"_s << u"bytes"_s << u"value"_s << 76e6;
    QTest::newRow("k6 legacy transfer rate") << kK6Legacy << u"k6"_s << u"run"_s << u"transfer_rate"_s << u"value"_s << 7.5e6;
    QTest::newRow("k6 legacy blocked mean in µs") << kK6Legacy << u"k6"_s << u"run"_s << u"http_req_blocked.avg"_s << u"value"_s << 8.2e-6;
    // "transaction_duration...........: avg=2893     min=2893 …": a custom trend of plain numbers, not ms.
    QTest::newRow("k6 custom plain trend") << kK6Custom << u"k6"_s << u"run"_s << u"transaction_duration.avg"_s << u"value"_s << 2893.0;
    // "http_req_failed................: 50.00%  ✓ 1        ✗ 1"
    QTest::newRow("k6 legacy half failed") << kK6Custom << u"k6"_s << u"run"_s << u"http_req_failed"_s << u"value"_s << 0.5;
    QTest::newRow("k6 legacy sending mean in µs") << kK6Custom << u"k6"_s << u"run"_s << u"http_req_sending.avg"_s << u"value"_s << 546e-6;
    // "http_req_duration..: avg=28.87ms … p(95)=49.69ms  p(99.9)=83.38ms"
    QTest::newRow("k6 p99.9 latency") << kK6P999 << u"k6"_s << u"run"_s << u"latency_p99_9"_s << u"value"_s << 0.08338;
    QTest::newRow("k6 p99.9 of a trend in µs") << kK6P999 << u"k6"_s << u"run"_s << u"http_req_blocked.p99_9"_s << u"value"_s << 108.79e-6;
    QTest::newRow("k6 p99.9 file rps") << kK6P999 << u"k6"_s << u"run"_s << u"rps"_s << u"value"_s << 1709.093953;
    QTest::newRow("k6 p99.9 file requests") << kK6P999 << u"k6"_s << u"run"_s << u"requests"_s << u"value"_s << 103102.0;
    QTest::newRow("k6 data received 9.0 GB") << kK6P999 << u"k6"_s << u"run"_s << u"bytes"_s << u"value"_s << 9e9;
    QTest::newRow("k6 legacy no failed request") << kK6Legacy << u"k6"_s << u"run"_s << u"http_req_failed"_s << u"value"_s << 0.0;
    // libtest: "test bench_fib_20 ... bench:      18,149 ns/iter (+/- 755)"
    QTest::newRow("libtest median ns/iter") << kCargo << u"libtest"_s << u"bench_fib_20"_s << u"time_per_iter"_s << u"value"_s << 18149e-9;
    QTest::newRow("libtest +/- is max - min") << kCargo << u"libtest"_s << u"bench_fib_20"_s << u"time_per_iter_range"_s << u"value"_s << 755e-9;
    QTest::newRow("libtest given once") << kCargo << u"libtest"_s << u"bench_fib_10"_s << u"time_per_iter"_s << u"n"_s << 1.0;
    QTest::newRow("libtest decimals") << kCargo3 << u"libtest"_s << u"bench_fib_20"_s << u"time_per_iter"_s << u"value"_s << 18794.12e-9;
    QTest::newRow("libtest decimal spread") << kCargo3 << u"libtest"_s << u"bench_fib_20"_s << u"time_per_iter_range"_s << u"value"_s << 440.25e-9;
    // "test keywords_operators_and_punctators ... bench:       2,054 ns/iter (+/- 78) = 1037 MB/s"
    QTest::newRow("libtest MB/s median") << kLibtestLogos << u"libtest"_s << u"keywords_operators_and_punctators"_s << u"time_per_iter"_s << u"value"_s << 2054e-9;
    QTest::newRow("libtest MB/s spread") << kLibtestLogos << u"libtest"_s << u"keywords_operators_and_punctators"_s << u"time_per_iter_range"_s << u"value"_s << 78e-9;
    QTest::newRow("libtest MB/s, 10^6 B") << kLibtestLogos << u"libtest"_s << u"identifiers"_s << u"throughput"_s << u"value"_s << 1204e6;
    // "test fnvh::hash_1_kilo_bytes    ... bench:       1,192 ns/iter (+/- 43) = 859 MB/s"
    QTest::newRow("libtest MB/s, grouped time") << kLibtestMetro << u"libtest"_s << u"fnvh::hash_1_kilo_bytes"_s << u"time_per_iter"_s << u"value"_s << 1192e-9;
    QTest::newRow("libtest MB/s of 5 digits") << kLibtestMetro << u"libtest"_s << u"xxh::hash_1_kilo_bytes"_s << u"throughput"_s << u"value"_s << 10448e6;
    // "test libc_memchr       ... bench:         202 ns/iter (+/- 0) = 49504 MB/s"
    QTest::newRow("libtest memchr MB/s") << kLibtestMemchr << u"libtest"_s << u"libc_memchr"_s << u"throughput"_s << u"value"_s << 49504e6;
    QTest::newRow("libtest memchr median") << kLibtestMemchr << u"libtest"_s << u"iterator"_s << u"time_per_iter"_s << u"value"_s << 5280e-9;
    QTest::newRow("libtest lines alone") << kCargo2 << u"libtest"_s << u"bench_engine_new"_s << u"time_per_iter"_s << u"value"_s << 211834e-9;
    QTest::newRow("criterion bencher median") << kCriterionBencher << u"criterion"_s << u"Fibonacci (Execution)"_s << u"estimate_median"_s << u"value"_s << 1672496e-9;
    // wrk2 with "Req/Sec -nan": every other figure of the report.
    importerdata::addValueRows(kWrk2Nan, u"localhost:4000"_s,
                               {{"/", "latency_mean", 4.25e-3}, {"/", "latency_max", 22e-3}, {"/", "rps", 999.78},
                                {"/", "requests", 10003.0}, {"/", "transfer_rate", 3.86 * 1024 * 1024}});
    // go test output mixing names with and without the -N suffix: "BenchmarkFib10-8 … 325 ns/op", "BenchmarkFib20 … 40537.123 ns/op"
    importerdata::addValueRows(kGoMixed, u"go test"_s,
                               {{"Fib10", "time_per_op", 325e-9}, {"Fib20", "time_per_op", 40537.123e-9},
                                {"Fib11", "time_per_op", 262.7e-9}, {"Fib/my_tabled_benchmark_-_10", "time_per_op", 325e-9}});
    // Catch2 v2.11 console text, a wider name column: "Fibonacci 10 … 344 ns 341 ns 349 ns", "19 ns 11 ns 29 ns"
    importerdata::addValueRows(kCatch2Public, u"Catch2_bench"_s,
                               {{"Fibonacci 10", "time_mean", 344e-9}, {"Fibonacci 20", "time_mean", 41.731e-6},
                                {"Fibonacci-15_bench", "time_stddev", 362e-9}});
    QTest::newRow("criterion bencher std dev") << kCriterionBencher << u"criterion"_s << u"Fibonacci (Execution)"_s << u"estimate_std_dev"_s << u"value"_s << 10166e-9;
}

void TestImportersNewFormats::values() { importerdata::checkValueRow(); }

void TestImportersNewFormats::k6ThresholdsChecksAndFailures()
{
    const Capture c = loadSample(kK6);
    QCOMPARE(c.provenance.tools.front().name, std::string("k6"));
    // THRESHOLDS: four expressions, one of a submetric; 13 checks, all passed.
    const auto *th = contract(c, "threshold http_req_duration{endpoint:health}");
    QVERIFY(th);
    QCOMPARE(th->expected, std::string("p(99)<100"));
    QVERIFY(th->passed);
    QCOMPARE(std::count_if(c.contracts.begin(), c.contracts.end(), [](const bs::ContractCheck &cc) {
                 return cc.what.rfind("threshold ", 0) == 0;
             }),
             4);
    QCOMPARE(std::count_if(c.contracts.begin(), c.contracts.end(), [](const bs::ContractCheck &cc) {
                 return cc.what.rfind("check ", 0) == 0 && cc.passed;
             }),
             13);
    // 131 of 1327 requests failed: over 1 %, so the run is flagged, with the count.
    const bs::Result &r = c.results.front();
    QCOMPARE(r.status, bs::ResultStatus::Ok);
    QVERIFY(std::find(r.flags.begin(), r.flags.end(), std::string("failures")) != r.flags.end());
    QCOMPARE(r.repetitions.front().errors.at("http_req_failed"), std::uint64_t(131));
    QVERIFY(hasCaveat(c, "k6's console summary"));
    // The file ends on data_sent, the NETWORK section's last metric: complete.
    QVERIFY(!hasCaveat(c, "cut short"));
    // Its first line (a Markdown heading) is named as not read.
    QVERIFY(hasCaveat(c, "line 1 \""));
}

void TestImportersNewFormats::k6LegacyLayout()
{
    const Capture c = loadSample(kK6Legacy);
    QVERIFY(c.contracts.empty()); // no thresholds, no checks
    QCOMPARE(c.results.front().repetitions.front().errors.count("http_req_failed") ? c.results.front().repetitions.front().errors.at("http_req_failed") : 0, std::uint64_t(0));
    QVERIFY(c.results.front().flags.empty());
    // The fences of the README are named; the banner, progress and command are not figures.
    QVERIFY(hasCaveat(c, "2 lines not read"));
    // The same run read from the JSON summary uses the same ids.
    for (const char *id : {"latency_p95", "rps", "requests", "bytes", "http_req_failed", "iterations.per_s", "vus.max"})
        QVERIFY2(c.metric(id), id);
}

void TestImportersNewFormats::k6FailedThresholdAndCheck()
{
    std::string text = readData(kK6);
    text.replace(text.find("✓ 'p(95)<500'"), std::string("✓ 'p(95)<500'").size(), "✗ 'p(95)<500'");
    const std::string check = "    ✓ invalid request returns 400";
    text.replace(text.find(check), check.size(), "    ✗ invalid request returns 400\r\n     ↳  93% — ✓ 138 / ✗ 10");
    bs::LoadError error;
    auto c = loadText(text, error);
    QVERIFY2(c, error.toString().c_str());
    const auto *th = contract(*c, "threshold http_req_duration");
    QVERIFY(th && !th->passed);
    QVERIFY(c->results.front().reason.find("k6 thresholds failed: http_req_duration: p(95)<500") != std::string::npos);
    const auto *ck = contract(*c, "check invalid request returns 400");
    QVERIFY(ck && !ck->passed);
    QCOMPARE(ck->actual, std::string("138 passed, 10 failed"));
}

void TestImportersNewFormats::k6LinesNotRead()
{
    // A file cut inside a section says so; one with two summaries is refused.
    std::string text = readData(kK6);
    text.resize(text.find("    EXECUTION"));
    bs::LoadError error;
    auto c = loadText(text, error);
    QVERIFY2(c, error.toString().c_str());
    QVERIFY(hasCaveat(*c, "the NETWORK section"));
    QVERIFY(!c->metric("iterations.per_s"));
    const std::string twice = readData(kK6) + "\n" + readData(kK6);
    QVERIFY(!loadText(twice, error));
    QVERIFY2(error.message.find("a second time") != std::string::npos, error.toString().c_str());
}

// k6 v1's checks_failed is a share of failures; a trend of plain numbers has no
// direction in the file and is taken as lower is better, like k6's own, and named.
void TestImportersNewFormats::k6Directions()
{
    const Capture c = loadSample(kK6);
    QCOMPARE(c.metric("checks_failed")->direction, bs::Direction::LowerIsBetter);
    QCOMPARE(c.metric("checks_succeeded")->direction, bs::Direction::HigherIsBetter);
    QVERIFY(!hasCaveat(c, "trends of plain numbers"));
    const Capture custom = loadSample(kK6Custom);
    QCOMPARE(custom.metric("transaction_duration.p95")->direction, bs::Direction::LowerIsBetter);
    QCOMPARE(custom.metric("transaction_duration.p95")->unit, std::string("count"));
    QVERIFY(hasCaveat(custom, "trends of plain numbers (transaction_duration) are taken as lower is better"));
}

// --summary-mode=full prints a scenario's groups under "↳ GROUP: name" (k6's
// summary.js, subtitlePrefix): a section header, its metrics not the run's.
void TestImportersNewFormats::k6NestedGroupOfFullMode()
{
    const std::string http = "    http_reqs...............................: 1327   6.169386/s";
    std::string text = readData(kK6);
    QVERIFY(text.find(http) != std::string::npos);
    text += "\r\n\r\n  █ SCENARIO: default\r\n\r\n    HTTP\r\n" + http + "\r\n\r\n    ↳ GROUP: login\r\n\r\n      HTTP\r\n"
        + http + "\r\n";
    bs::LoadError error;
    auto c = loadText(text, error);
    QVERIFY2(c, error.toString().c_str());
    QVERIFY(hasCaveat(*c, "2 metric lines of GROUP and SCENARIO sections"));
    QVERIFY(!hasCaveat(*c, "GROUP: login\""));
    QCOMPARE(c->results.front().repetitions.front().metrics.at("requests"), 1327.0);
}

void TestImportersNewFormats::libtestAndCriterionBencher()
{
    const Capture cargo = loadSample(kCargo);
    QCOMPARE(cargo.provenance.tools.front().name, std::string("libtest"));
    QVERIFY(!hasCaveat(cargo, "cannot be checked"));
    QCOMPARE(cargo.metric("time_per_iter")->scope, bs::MetricScope::Result);
    const Capture bare = loadSample(kCargo2);
    QVERIFY(hasCaveat(bare, "cannot be checked"));
    // criterion.rs 0.3's bencher output: numbers libtest would have grouped, and criterion's own lines.
    const Capture crit = loadSample(kCriterionBencher);
    QCOMPARE(crit.provenance.tools.front().name, std::string("criterion.rs"));
    QVERIFY(crit.metric("estimate_std_dev"));
    QVERIFY(!crit.metric("time_per_iter_range"));
    // libtest prints "= 1204 MB/s" ungrouped after grouped times: still libtest, not criterion.
    for (const QString &file : {kLibtestLogos, kLibtestMetro, kLibtestMemchr}) {
        const Capture c = loadSample(file);
        QCOMPARE(c.provenance.tools.front().name, std::string("libtest"));
        QVERIFY(c.metric("time_per_iter_range"));
        QVERIFY(!c.metric("estimate_std_dev"));
    }
}

void TestImportersNewFormats::malformed_data()
{
    importerdata::addErrorColumns();
    const auto from = importerdata::replaced;
    QTest::newRow("k6 trend value garbled") << u"k6.md"_s << from(kK6, "p(90)=126.13ms", "p(90)=126.13mz")
                                            << u"line 59"_s << u"expected a number, a duration"_s;
    QTest::newRow("k6 rate counts do not match") << u"k6.md"_s << from(kK6, "9.87%  131 out of 1327", "19.87%  131 out of 1327")
                                                 << u"line 62"_s << u"does not match its counts"_s;
    QTest::newRow("k6 counter without rate") << u"k6.md"_s << from(kK6, "1327   6.169386/s", "1327   6.169386")
                                             << u"line 63"_s << u"not in a form k6 prints"_s;
    QTest::newRow("k6 failed check without counts") << u"k6.md"_s << from(kK6, "✓ health check status is 200", "✗ health check status is 200")
                                                    << u"line 53"_s << u"expected the failed check's counts"_s;
    QTest::newRow("libtest spread garbled") << u"cargo.txt"_s << from(kCargo, "(+/- 755)", "(+/- 7,55)")
                                            << u"line 9"_s << u"digits grouped by commas"_s;
    QTest::newRow("libtest measured count wrong") << u"cargo.txt"_s << from(kCargo, "2 measured", "3 measured")
                                                  << u"line 11"_s << u"3 measured benches, 2 bench lines"_s;
    QTest::newRow("libtest unknown outcome") << u"cargo.txt"_s << from(kCargo, "test bench_fib_10 ... bench:         135 ns/iter (+/- 24)", "test bench_fib_10 ... skipped")
                                             << u"line 8"_s << u"unknown outcome \"skipped\""_s;
}

void TestImportersNewFormats::malformed() { importerdata::checkErrorRow(m_tmp); }

// wrk2 prints "Req/Sec -nan" when it sampled no per-thread rate: the
// report is read, the figure left out and named.
void TestImportersNewFormats::wrk2ThreadStatsNotANumber()
{
    const Capture c = loadSample(kWrk2Nan);
    QVERIFY(!c.metric("thread_rps_mean"));
    QVERIFY(hasCaveat(c, "the Thread Stats Req/Sec average at line 6 is not a number (\"-nan\")"));
    // The saved command line ("$ wrk2 … -R 1000") says wrk2: fixed rate, corrected.
    QCOMPARE(c.provenance.tools.front().name, std::string("wrk2"));
    QCOMPARE(c.provenance.conditions.rate, std::optional<double>(1000));
    QCOMPARE(c.provenance.conditions.latencyCorrected, std::optional<bool>(true));
    // A latency wrk prints as "-nanus" is left out the same way, the row's other figures read.
    bs::LoadError error;
    auto nanLatency = loadText(importerdata::replaced(kWrk2Nan, "4.25ms", "-nanus").toStdString(), error);
    QVERIFY2(nanLatency, error.toString().c_str());
    QVERIFY(hasCaveat(*nanLatency, "Latency average at line 5 is not a number (\"-nanus\")"));
    QVERIFY(!nanLatency->results.front().repetitions.front().metrics.count("latency_mean"));
    QCOMPARE(nanLatency->results.front().repetitions.front().metrics.at("latency_max"), 22e-3);
}

// Each benchmark ran with one GOMAXPROCS: no name keeps its suffix, and a
// caveat says the values differed; -cpu 1,2 (a benchmark with two) keeps it.
void TestImportersNewFormats::goSuffixDroppedWhenEachBenchmarkHasOne()
{
    const Capture c = loadSample(kGoMixed);
    for (const bs::CaseInfo &ci : c.cases)
        QVERIFY2(!ci.label.empty() && ci.label.back() != '8' && ci.label.find("-16") == std::string::npos,
                 ci.label.c_str());
    QVERIFY(hasCaveat(c, "different GOMAXPROCS (1, 8, 16)"));
    QVERIFY(!c.provenance.conditions.extra.count("gomaxprocs"));
    const Capture cpus = loadSample(u"go/failures.txt"_s); // -cpu 1,2
    QVERIFY(std::any_of(cpus.cases.begin(), cpus.cases.end(), [](const bs::CaseInfo &ci) {
        return ci.label.size() > 2 && ci.label.compare(ci.label.size() - 2, 2, "-2") == 0;
    }));
}

// min and max (user statistics) are named among the aggregates left out,
// with iteration rows and with aggregates only.
void TestImportersNewFormats::googleBenchmarkCaveatNamesEveryAggregate()
{
    const Capture full = loadSample(kGbMinMax);
    QVERIFY(hasCaveat(full, "aggregate rows (cv, max, mean, median, min, stddev) were left out"));
    QCOMPARE(full.results.front().repetitions.size(), std::size_t(3));
    const Capture only = loadSample(kGbMinMaxOnly);
    QVERIFY(hasCaveat(only, "aggregate rows (cv, max, median, min, stddev) were left out"));
    QCOMPARE(only.metric("real_time")->statistic, std::string("mean"));
}

// pytest-benchmark's storage root (.benchmarks/) holds one folder per
// machine: with one, `history` reads it; with two, it says which to pick.
void TestImportersNewFormats::pytestStorageRoot()
{
    const std::string storage = dataPath("pytest-benchmark-storage");
    const std::vector<std::string> machineFiles = bs::CaptureLoader::historyFiles(storage);
    QCOMPARE(machineFiles.size(), std::size_t(30));
    const std::string root = m_tmp.filePath(u".benchmarks"_s);
    for (const std::string &f : machineFiles) {
        const QString name = QString::fromStdString(std::filesystem::path(f).filename().string());
        m_tmp.write(u".benchmarks/Linux-CPython-3.4-64bit/"_s + name, readData(u"pytest-benchmark-storage/"_s + name));
    }
    const std::vector<std::string> one = bs::CaptureLoader::historyFiles(root);
    QCOMPARE(one.size(), machineFiles.size());
    QVERIFY(one.front().find("Linux-CPython-3.4-64bit") != std::string::npos);
    const QString first = QString::fromStdString(std::filesystem::path(machineFiles.front()).filename().string());
    m_tmp.write(u".benchmarks/Darwin-CPython-3.4-64bit/"_s + first, readData(u"pytest-benchmark-storage/"_s + first));
    QVERIFY(bs::CaptureLoader::historyFiles(root).empty());
    const std::string why = bs::CaptureLoader::noHistoryReason(root);
    QVERIFY2(why.find("2 histories, one per subfolder") != std::string::npos
                 && why.find("Darwin-CPython-3.4-64bit, Linux-CPython-3.4-64bit") != std::string::npos,
             why.c_str());
}

// Names longer than the name column wrap: joined with the space TextFlow
// took out, or without the "-" it put in where it broke inside a word.
void TestImportersNewFormats::catch2WrappedNames()
{
    const Capture c = loadSample(kCatch2Long);
    QCOMPARE(c.cases.size(), std::size_t(3));
    QCOMPARE(c.cases[0].label, std::string("a rather long benchmark name that will certainly wrap in the column"));
    QCOMPARE(c.cases[1].label, std::string("short"));
    QCOMPARE(c.cases[2].label, std::string("averyveryverylongbenchmarknamewithoutanyspacesatalltowrapitsomewhere"));
    const Capture wide = loadSample(kCatch2Public); // a 48-character name column, no wrap
    QCOMPARE(wide.cases.size(), std::size_t(4));
    QCOMPARE(wide.cases[2].label, std::string("Fibonacci~ 5!"));
}

QTEST_GUILESS_MAIN(TestImportersNewFormats)
#include "tst_importers_newfmt.moc"
