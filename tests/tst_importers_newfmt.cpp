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

using bs::Capture;
using namespace Qt::StringLiterals;

namespace {

using importerdata::dataPath;
using importerdata::hasCaveat;
using importerdata::readData;
using importerdata::resultByLabels;

Capture load(const QString &relative)
{
    bs::LoadError error;
    auto c = bs::CaptureLoader::load(dataPath(relative), error);
    if (!c)
        qFatal("%s", error.toString().c_str());
    return *c;
}

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
const QString kCargo = u"libtest/benchmark-action_github-action-benchmark_cargo_output.txt"_s;
const QString kCargo2 = u"libtest/benchmark-action_github-action-benchmark_cargo_output2.txt"_s;
const QString kCargo3 = u"libtest/benchmark-action_github-action-benchmark_cargo_output3.txt"_s;
const QString kCriterionBencher = u"libtest/benchmark-action_github-action-benchmark_criterion_output.txt"_s;

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
    void libtestAndCriterionBencher();
    void malformed_data();
    void malformed();

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
    QTest::newRow("k6 legacy no failed request") << kK6Legacy << u"k6"_s << u"run"_s << u"http_req_failed"_s << u"value"_s << 0.0;
    // libtest: "test bench_fib_20 ... bench:      18,149 ns/iter (+/- 755)"
    QTest::newRow("libtest median ns/iter") << kCargo << u"libtest"_s << u"bench_fib_20"_s << u"time_per_iter"_s << u"value"_s << 18149e-9;
    QTest::newRow("libtest +/- is max - min") << kCargo << u"libtest"_s << u"bench_fib_20"_s << u"time_per_iter_range"_s << u"value"_s << 755e-9;
    QTest::newRow("libtest given once") << kCargo << u"libtest"_s << u"bench_fib_10"_s << u"time_per_iter"_s << u"n"_s << 1.0;
    QTest::newRow("libtest decimals") << kCargo3 << u"libtest"_s << u"bench_fib_20"_s << u"time_per_iter"_s << u"value"_s << 18794.12e-9;
    QTest::newRow("libtest decimal spread") << kCargo3 << u"libtest"_s << u"bench_fib_20"_s << u"time_per_iter_range"_s << u"value"_s << 440.25e-9;
    QTest::newRow("libtest lines alone") << kCargo2 << u"libtest"_s << u"bench_engine_new"_s << u"time_per_iter"_s << u"value"_s << 211834e-9;
    QTest::newRow("criterion bencher median") << kCriterionBencher << u"criterion"_s << u"Fibonacci (Execution)"_s << u"estimate_median"_s << u"value"_s << 1672496e-9;
    QTest::newRow("criterion bencher std dev") << kCriterionBencher << u"criterion"_s << u"Fibonacci (Execution)"_s << u"estimate_std_dev"_s << u"value"_s << 10166e-9;
}

void TestImportersNewFormats::values() { importerdata::checkValueRow(); }

void TestImportersNewFormats::k6ThresholdsChecksAndFailures()
{
    const Capture c = load(kK6);
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
    const Capture c = load(kK6Legacy);
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

void TestImportersNewFormats::libtestAndCriterionBencher()
{
    const Capture cargo = load(kCargo);
    QCOMPARE(cargo.provenance.tools.front().name, std::string("libtest"));
    QVERIFY(!hasCaveat(cargo, "cannot be checked"));
    QCOMPARE(cargo.metric("time_per_iter")->scope, bs::MetricScope::Result);
    const Capture bare = load(kCargo2);
    QVERIFY(hasCaveat(bare, "cannot be checked"));
    // criterion.rs 0.3's bencher output: numbers libtest would have grouped, and criterion's own lines.
    const Capture crit = load(kCriterionBencher);
    QCOMPARE(crit.provenance.tools.front().name, std::string("criterion.rs"));
    QVERIFY(crit.metric("estimate_std_dev"));
    QVERIFY(!crit.metric("time_per_iter_range"));
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

QTEST_GUILESS_MAIN(TestImportersNewFormats)
#include "tst_importers_newfmt.moc"
