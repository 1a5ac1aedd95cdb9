// Importers over real tool outputs (tests/data/importers/, see SOURCES.md):
// concrete values read off the files by hand, in canonical units; malformed
// variants with errors naming file and place; folder import; convert.
#include "captureloader.h"
#include "capturereader.h"
#include "capturewriter.h"
#include "fileio.h"
#include "importers/folderimporter.h"
#include "importers/importerregistry.h"
#include "importerdata.h"
#include "tempfolder.h"

#include <QtTest>

#include <cmath>
#include <filesystem>

using bs::Capture;
using namespace Qt::StringLiterals;

using importerdata::dataPath;
using importerdata::readData;
using importerdata::resultByLabels;

class TestImporters : public QObject {
    Q_OBJECT
private slots:
    void init();
    void values_data();
    void values();
    void provenance_data();
    void provenance();
    void ohaAllFailedIsAnError();
    void autocannonWithoutSamples();
    void googleBenchmarkAggregatesNotCounted();
    void googleBenchmarkNonFiniteValues();
    void k6ThresholdsAndChecks();
    void k6DroppedIterationsLowerIsBetter();
    void wrk2SpectrumBecomesHistogram();
    void wrk2UncorrectedBlock();
    void wrkWithoutLatencyFlagAndBareLuaJson();
    void wrkDoneJsonNotRead_data();
    void wrkDoneJsonNotRead();
    void typescriptAbsentPairsUnsupported();
    void hyperfineParameterScan();
    void gzipInput();
    void roundTripThroughCaptureFormat_data();
    void roundTripThroughCaptureFormat();
    void malformed_data();
    void malformed();
    void folderOfAutocannonRuns();
    void folderOfOhaRuns();
    void folderErrors_data();
    void folderErrors();
    void convertCommand();

private:
    TempFolder m_tmp;
};

void TestImporters::init() { m_tmp.renew(); }

// One value per row: file, participant label, case label, metric, which
// statistic ("value" of the representative repetition, "median", "max", "n"),
// expected number in the canonical unit.
void TestImporters::values_data()
{
    importerdata::addValueColumns();

    const QString oha1 = u"oha/unknown-repo_id2616016724_README_example1.json"_s;
    const QString ohaW = u"oha/unknown-repo_id26550062628_smoke-test_DeployOhaRawJSON_wrapped.json"_s;
    QTest::newRow("oha p99 latency stays in seconds") << oha1 << u"oha"_s << u"run"_s << u"latency_p99"_s << u"value"_s << 0.454240625;
    QTest::newRow("oha requests per second") << oha1 << u"oha"_s << u"run"_s << u"rps"_s << u"value"_s << 13.962799611136033;
    QTest::newRow("oha success rate is a fraction") << oha1 << u"oha"_s << u"run"_s << u"success_rate"_s << u"value"_s << 1.0;
    QTest::newRow("oha bytes") << oha1 << u"oha"_s << u"run"_s << u"bytes"_s << u"value"_s << 6565.0;
    QTest::newRow("oha newer layout unwrapped p99.9") << ohaW << u"oha"_s << u"run"_s << u"latency_p99_9"_s << u"value"_s << 0.063786038;
    QTest::newRow("oha newer layout mean latency") << ohaW << u"oha"_s << u"run"_s << u"latency_mean"_s << u"value"_s << 0.007237240965787785;

    const QString ac = u"autocannon/dhardestylewis_homecastr_autocannon.json"_s;
    QTest::newRow("autocannon p97.5 from ms to s") << ac << u"autocannon"_s << u"/"_s << u"latency_p97_5"_s << u"value"_s << 0.990;
    QTest::newRow("autocannon max latency") << ac << u"autocannon"_s << u"/"_s << u"latency_max"_s << u"value"_s << 5.949;
    QTest::newRow("autocannon requests per second") << ac << u"autocannon"_s << u"/"_s << u"rps"_s << u"value"_s << 216.67;
    QTest::newRow("autocannon bytes") << ac << u"autocannon"_s << u"/"_s << u"bytes"_s << u"value"_s << 223966426.0;
    QTest::newRow("autocannon throughput") << ac << u"autocannon"_s << u"/"_s << u"transfer_rate"_s << u"value"_s << 7465779.2;

    const QString k6a = u"k6/grafana_k6-example-circleci-orb_summary.json"_s;
    const QString k6b = u"k6/gustiramadhan_Performance-test-using-k6_summary.json"_s;
    const QString k6c = u"k6/itzaddddd_ticket-reserve_summary-export.json"_s;
    const QString k6d = u"k6/unknown-repo_id26550062628_smoke-test_DeployK6RawJSON_wrapped.json"_s;
    QTest::newRow("k6 handleSummary p(95) from ms to s") << k6a << u"k6"_s << u"run"_s << u"latency_p95"_s << u"value"_s << 0.2651961;
    QTest::newRow("k6 handleSummary med is p50") << k6a << u"k6"_s << u"run"_s << u"latency_p50"_s << u"value"_s << 0.2599225;
    QTest::newRow("k6 handleSummary http_reqs rate") << k6a << u"k6"_s << u"run"_s << u"rps"_s << u"value"_s << 2.409160205298996;
    QTest::newRow("k6 handleSummary data_received bytes") << k6a << u"k6"_s << u"run"_s << u"bytes"_s << u"value"_s << 37784.0;
    QTest::newRow("k6 compact iteration_duration p90") << k6b << u"k6"_s << u"run"_s << u"iteration_duration.p90"_s << u"value"_s << 5.26210314;
    QTest::newRow("k6 compact checks rate") << k6b << u"k6"_s << u"run"_s << u"checks"_s << u"value"_s << 1.0;
    QTest::newRow("k6 legacy med from ms to s") << k6c << u"k6"_s << u"run"_s << u"latency_p50"_s << u"value"_s << 3.39069845;
    QTest::newRow("k6 legacy rate value") << k6c << u"k6"_s << u"run"_s << u"http_req_failed"_s << u"value"_s << 0.01;
    QTest::newRow("k6 legacy gauge max") << k6c << u"k6"_s << u"run"_s << u"vus.max"_s << u"value"_s << 97.0;
    QTest::newRow("k6 legacy gauge named like a max") << k6c << u"k6"_s << u"run"_s << u"vus_max"_s << u"value"_s << 100.0;
    QTest::newRow("k6 legacy submetric") << k6c << u"k6"_s << u"run"_s << u"http_req_duration-expected_response-true.p95"_s << u"value"_s << 4.10277963;
    QTest::newRow("k6 legacy unwrapped p(90)") << k6d << u"k6"_s << u"run"_s << u"latency_p90"_s << u"value"_s << 0.0054447603000000005;
    QTest::newRow("k6 legacy dropped_iterations count") << k6d << u"k6"_s << u"run"_s << u"dropped_iterations"_s << u"value"_s << 13.0;
    QTest::newRow("k6 legacy unwrapped rps") << k6d << u"k6"_s << u"run"_s << u"rps"_s << u"value"_s << 529.8876269373187;

    const QString hf = u"hyperfine/zeroows_1brc_hyperfine.json"_s;
    const QString cmd1 = u"cargo run --release --bin 1brc measurements_1000000000.txt"_s;
    QTest::newRow("hyperfine median of the runs") << hf << cmd1 << u"command"_s << u"wall_time"_s << u"median"_s << 11.81813333352;
    QTest::newRow("hyperfine max of the runs") << hf << cmd1 << u"command"_s << u"wall_time"_s << u"max"_s << 13.148435542520001;
    QTest::newRow("hyperfine every run a repetition") << hf << cmd1 << u"command"_s << u"wall_time"_s << u"n"_s << 3.0;
    QTest::newRow("hyperfine user time mean") << hf << cmd1 << u"command"_s << u"user_time"_s << u"value"_s << 43.55566462666667;

    const QString gb1 = u"google-benchmark/AnishPrakash_lob-engine_bench_results.json"_s;
    const QString gb2 = u"google-benchmark/benchmark-action_github-action-benchmark_test_data_extract_googlecpp_output.json"_s;
    QTest::newRow("google benchmark ns to s") << gb1 << u"bench_engine"_s << u"BM_AddLimitOrder/iterations:1000000"_s << u"real_time"_s << u"value"_s << 3.3246258414999829e-05;
    QTest::newRow("google benchmark cpu time") << gb1 << u"bench_engine"_s << u"BM_MarketOrder/iterations:100000"_s << u"cpu_time"_s << u"value"_s << 2.6564978460000006e-05;
    QTest::newRow("google benchmark 2019 file") << gb2 << u"a.out"_s << u"fib_20"_s << u"cpu_time"_s << u"value"_s << 2.7364903204272359e-05;

    const QString ts = u"typescript-runtime-type-benchmarks/moltar_typescript-runtime-type-benchmarks_docs_results_node-22.json"_s;
    const QString tsl = u"typescript-runtime-type-benchmarks/moltar_typescript-runtime-type-benchmarks_results_assertLoose-v14.15.4.json"_s;
    QTest::newRow("typescript ops per library and benchmark") << ts << u"ajv"_s << u"assertLoose"_s << u"ops"_s << u"value"_s << 34918903.0;
    QTest::newRow("typescript margin in percent") << ts << u"ajv"_s << u"assertLoose"_s << u"margin"_s << u"value"_s << 1.65;
    QTest::newRow("typescript legacy ops") << tsl << u"suretype"_s << u"assertLoose"_s << u"ops"_s << u"value"_s << 23930510.0;
    QTest::newRow("typescript legacy percent slower") << tsl << u"yup"_s << u"assertLoose"_s << u"percent_slower"_s << u"value"_s << 99.87;

    const QString w2 = u"wrk2/polis-mail-ru_2020-highload-dht_tests_stage4_allocGet.md"_s;
    QTest::newRow("wrk2 p99.9 from ms to s") << w2 << u"localhost:8081"_s << u"/"_s << u"latency_p99_9"_s << u"value"_s << 0.00572;
    QTest::newRow("wrk2 p100 is the max") << w2 << u"localhost:8081"_s << u"/"_s << u"latency_p100"_s << u"value"_s << 0.01293;
    QTest::newRow("wrk2 mean from the spectrum footer") << w2 << u"localhost:8081"_s << u"/"_s << u"latency_mean"_s << u"value"_s << 0.001441;
    QTest::newRow("wrk2 requests per second") << w2 << u"localhost:8081"_s << u"/"_s << u"rps"_s << u"value"_s << 1995.22;
    QTest::newRow("wrk2 MB read are 1024-based") << w2 << u"localhost:8081"_s << u"/"_s << u"bytes"_s << u"value"_s << 10.16 * 1024 * 1024;
    QTest::newRow("wrk2 KB per second") << w2 << u"localhost:8081"_s << u"/"_s << u"transfer_rate"_s << u"value"_s << 173.39 * 1024;
    QTest::newRow("wrk2 per-thread k suffix") << w2 << u"localhost:8081"_s << u"/"_s << u"thread_rps_mean"_s << u"value"_s << 2110.0;

    const QString wf = u"web-frameworks/the-benchmarker_web-frameworks_data.TRUNCATED.json"_s;
    QTest::newRow("web-frameworks p99 from us to s") << wf << u"framework #302"_s << u"256 connections"_s << u"latency_p99"_s << u"value"_s << 0.003302;
    QTest::newRow("web-frameworks p99.999 spelling") << wf << u"framework #294"_s << u"256 connections"_s << u"latency_p99_999"_s << u"value"_s << 30674.333333333332e-6;
    QTest::newRow("web-frameworks requests per second") << wf << u"framework #403"_s << u"512 connections"_s << u"rps"_s << u"value"_s << 554311.6666666666;
    QTest::newRow("web-frameworks duration_ms holds us") << wf << u"framework #313"_s << u"64 connections"_s << u"duration"_s << u"value"_s << 5.033317;

    // Outputs made here by scripts/make-import-samples.sh (copied from sample-data/imports/).
    QTest::newRow("local wrk sub-ms percentile") << u"local/wrk-nginx-latency.txt"_s << u"127.0.0.1:18481"_s << u"/data.json"_s << u"latency_p50"_s << u"value"_s << 0.00086;
    QTest::newRow("local wrk MB per second") << u"local/wrk-nginx-latency.txt"_s << u"127.0.0.1:18481"_s << u"/data.json"_s << u"transfer_rate"_s << u"value"_s << 2.91 * 1024 * 1024;
    QTest::newRow("local wrk text with Lua JSON: mean in us") << u"local/wrk-nginx-lua-done.txt"_s << u"127.0.0.1:18481"_s << u"/"_s << u"latency_mean"_s << u"value"_s << 1174e-6;
    QTest::newRow("local wrk text with Lua JSON: rps from requests and duration") << u"local/wrk-nginx-lua-done.txt"_s << u"127.0.0.1:18481"_s << u"/"_s << u"rps"_s << u"value"_s << 61915 / 3.109086;
    QTest::newRow("local autocannon p99") << u"local/autocannon-nginx.json"_s << u"autocannon"_s << u"/data.json"_s << u"latency_p99"_s << u"value"_s << 0.004;
    QTest::newRow("local autocannon rps") << u"local/autocannon-nginx.json"_s << u"autocannon"_s << u"/data.json"_s << u"rps"_s << u"value"_s << 18654.67;
    QTest::newRow("local google benchmark us row median") << u"local/gbench-sort-hash.json"_s << u"gbench_sort"_s << u"BM_StringHash/4096"_s << u"real_time"_s << u"median"_s << 1.344850532503687e-06;
    QTest::newRow("local google benchmark five repetitions") << u"local/gbench-sort-hash.json"_s << u"gbench_sort"_s << u"BM_StringHash/4096"_s << u"real_time"_s << u"n"_s << 5.0;
    QTest::newRow("local google benchmark counter max ignores cv row") << u"local/gbench-sort-hash.json"_s << u"gbench_sort"_s << u"BM_StringHash/4096"_s << u"bytes_per_second"_s << u"max"_s << 6725716054.285387;
    QTest::newRow("local hyperfine scan case") << u"local/hyperfine-scan.json"_s << u"gzip -{level} -c /usr/bin/hyperfine > /dev/null"_s << u"level=6"_s << u"wall_time"_s << u"median"_s << 0.18514560026000002;
}

void TestImporters::values()
{
    importerdata::checkValueRow();
}

void TestImporters::provenance_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("tool");
    QTest::addColumn<QString>("version");
    QTest::addColumn<QString>("caveat"); // a substring of one caveat
    QTest::addColumn<int>("latencyCorrected"); // -1 not stated, 0 no, 1 yes

    QTest::newRow("oha") << u"oha/unknown-repo_id2616016724_README_example1.json"_s << u"oha"_s << u""_s << u"older one"_s << -1;
    QTest::newRow("autocannon") << u"autocannon/dhardestylewis_homecastr_autocannon.json"_s << u"autocannon"_s << u""_s << u"not coordinated-omission corrected"_s << 0;
    QTest::newRow("k6 legacy") << u"k6/itzaddddd_ticket-reserve_summary-export.json"_s << u"k6"_s << u""_s << u"--summary-export (legacy layout)"_s << -1;
    QTest::newRow("google benchmark") << u"google-benchmark/AnishPrakash_lob-engine_bench_results.json"_s << u"google-benchmark"_s << u"v1.9.5"_s << u""_s << -1;
    QTest::newRow("typescript legacy") << u"typescript-runtime-type-benchmarks/moltar_typescript-runtime-type-benchmarks_results_assertLoose-v14.15.4.json"_s << u"node"_s << u"v14.15.4"_s << u"not a range"_s << -1;
    QTest::newRow("wrk2") << u"wrk2/polis-mail-ru_2020-highload-dht_tests_stage4_allocGet.md"_s << u"wrk2"_s << u""_s << u"coordinated-omission corrected"_s << 1;
    QTest::newRow("wrk") << u"local/wrk-nginx-latency.txt"_s << u"wrk"_s << u""_s << u"not coordinated-omission corrected"_s << 0;
    QTest::newRow("web-frameworks") << u"web-frameworks/the-benchmarker_web-frameworks_data.TRUNCATED.json"_s << u"wrk"_s << u""_s << u"microseconds"_s << 0;
}

void TestImporters::provenance()
{
    QFETCH(QString, file);
    QFETCH(QString, tool);
    QFETCH(QString, version);
    QFETCH(QString, caveat);
    QFETCH(int, latencyCorrected);
    bs::LoadError error;
    auto c = bs::CaptureLoader::load(dataPath(file), error);
    QVERIFY2(c, error.toString().c_str());
    QCOMPARE(QString::fromStdString(c->provenance.source), QString::fromStdString(dataPath(file)));
    bool found = false;
    for (const bs::ToolVersion &t : c->provenance.tools)
        found |= t.name == tool.toStdString() && t.version == version.toStdString();
    QVERIFY2(found, qPrintable(u"no tool "_s + tool + u" "_s + version));
    QVERIFY2(caveat.isEmpty() || importerdata::hasCaveat(*c, caveat.toStdString()),
             qPrintable(u"no caveat containing "_s + caveat));
    const auto &lc = c->provenance.conditions.latencyCorrected;
    QCOMPARE(lc ? int(*lc) : -1, latencyCorrected);
    QCOMPARE(c->provenance.sourceHashes.size(), std::size_t(1));
}

void TestImporters::ohaAllFailedIsAnError()
{
    bs::LoadError error;
    auto c = bs::CaptureLoader::load(dataPath("oha/unknown-repo_id2616016724_README_example2_all-failed-nulls.json"), error);
    QVERIFY2(c, error.toString().c_str());
    const bs::Result &r = c->results.front();
    QCOMPARE(r.status, bs::ResultStatus::Error);
    QVERIFY(QString::fromStdString(r.reason).contains(u"no request succeeded"_s));
    QCOMPARE(r.repetitions.size(), std::size_t(1));
    const auto &m = r.repetitions.front().metrics;
    QVERIFY(!m.count("latency_p50"));  // null, not zero
    QVERIFY(!m.count("success_rate"));
    QCOMPARE(m.at("rps"), 1.9951993826885033); // errors included, as oha counts
    QCOMPARE(r.repetitions.front().errors.at("aborted due to deadline"), std::uint64_t(2));
}

void TestImporters::autocannonWithoutSamples()
{
    // autocannon writes 0 for every latency statistic when it has no sample.
    std::string text = readData("autocannon/dhardestylewis_homecastr_autocannon.json");
    text.replace(text.find("\"totalCount\":6500"), 17, "\"totalCount\":0");
    bs::LoadError error;
    auto c = bs::CaptureLoader::load(m_tmp.write(u"ac.json"_s, text), error);
    QVERIFY2(c, error.toString().c_str());
    const bs::Result &r = c->results.front();
    QCOMPARE(r.status, bs::ResultStatus::Error);
    QVERIFY(!r.repetitions.front().metrics.count("latency_p50"));
    QCOMPARE(r.repetitions.front().metrics.at("rps"), 216.67);
}

void TestImporters::googleBenchmarkAggregatesNotCounted()
{
    bs::LoadError error;
    auto c = bs::CaptureLoader::load(dataPath("local/gbench-sort-hash.json"), error);
    QVERIFY2(c, error.toString().c_str());
    QCOMPARE(c->cases.size(), std::size_t(4)); // no _mean/_median/_stddev/_cv cases
    for (const bs::Result &r : c->results) {
        QCOMPARE(r.repetitions.size(), std::size_t(5));
        for (const bs::Repetition &rep : r.repetitions)
            QVERIFY(rep.metrics.at("real_time") > 1e-9); // a cv fraction in ns would be far below
    }
    QCOMPARE(c->caseInfo(c->cases.front().id)->group, std::string("BM_Sort"));
    QVERIFY(c->metric("items_per_second"));
    QCOMPARE(c->metric("items_per_second")->unit, std::string("ops/s"));
    QCOMPARE(c->metric("bytes_per_second")->unit, std::string("B/s"));
    QCOMPARE(c->provenance.conditions.repetitions, std::optional<int>(5));

    // Only aggregates (--benchmark_report_aggregates_only): the mean stands in, cv is not a time.
    const std::string text = R"({"context": {"date": "x", "library_build_type": "release"}, "benchmarks": [
      {"name": "BM_X_mean", "run_name": "BM_X", "run_type": "aggregate", "aggregate_name": "mean", "aggregate_unit": "time",
       "iterations": 3, "real_time": 2.5e+03, "cpu_time": 2.4e+03, "time_unit": "us"},
      {"name": "BM_X_cv", "run_name": "BM_X", "run_type": "aggregate", "aggregate_name": "cv", "aggregate_unit": "percentage",
       "iterations": 3, "real_time": 0.0095, "cpu_time": 0.0090, "time_unit": "ns"}]})";
    auto agg = bs::CaptureLoader::load(m_tmp.write(u"aggregates.json"_s, text), error);
    QVERIFY2(agg, error.toString().c_str());
    QCOMPARE(agg->results.size(), std::size_t(1));
    // The mean is one figure for the run, stored once (n = 1), not a repetition.
    QVERIFY(agg->results.front().repetitions.empty());
    QCOMPARE(agg->results.front().once.at("real_time"), 2.5e-3);
    QCOMPARE(agg->metric("real_time")->scope, bs::MetricScope::Result);
    // ... and it is labelled as the mean it is, in every table and diff.
    QCOMPARE(agg->metric("real_time")->statistic, std::string("mean"));
    QVERIFY(bs::labelWithStatistic(*agg->metric("real_time")).find("mean") != std::string::npos);
    // The caveat names the aggregates it left out, as they are in the file.
    QVERIFY(!importerdata::hasCaveat(*agg, "left out where iteration rows exist"));
}

void TestImporters::googleBenchmarkNonFiniteValues()
{
    // The reporter writes bare NaN/Infinity, which is not JSON.
    const std::string text = R"({"context": {"date": "x"}, "benchmarks": [
      {"name": "BM_A", "run_name": "BM_A", "run_type": "iteration", "iterations": 1, "real_time": 12.0,
       "cpu_time": 11.0, "time_unit": "ms", "ratio": NaN, "peak": Infinity}]})";
    bs::LoadError error;
    auto c = bs::CaptureLoader::load(m_tmp.write(u"nan.json"_s, text), error);
    QVERIFY2(c, error.toString().c_str());
    const auto &m = c->results.front().repetitions.front().metrics;
    QCOMPARE(m.at("real_time"), 0.012);
    QVERIFY(!m.count("ratio"));
    QVERIFY(!m.count("peak"));
    bool caveat = false;
    for (const std::string &cv : c->provenance.caveats)
        caveat |= cv.find("2 NaN/Infinity") != std::string::npos;
    QVERIFY(caveat);
}

void TestImporters::k6ThresholdsAndChecks()
{
    bs::LoadError error;
    auto handle = bs::CaptureLoader::load(dataPath("k6/grafana_k6-example-circleci-orb_summary.json"), error);
    QVERIFY2(handle, error.toString().c_str());
    QCOMPARE(handle->contracts.size(), std::size_t(2));
    for (const bs::ContractCheck &cc : handle->contracts)
        QVERIFY(cc.passed); // {"ok": true}

    // Legacy export: true means FAILED.
    std::string text = readData("k6/itzaddddd_ticket-reserve_summary-export.json");
    const std::string anchor = "\"http_req_duration\": {";
    text.replace(text.find(anchor), anchor.size(),
                 anchor + "\"thresholds\": {\"p(95)<500\": true, \"p(99)<9000\": false},");
    auto legacy = bs::CaptureLoader::load(m_tmp.write(u"legacy-thresholds.json"_s, text), error);
    QVERIFY2(legacy, error.toString().c_str());
    std::map<std::string, bool> passed;
    for (const bs::ContractCheck &cc : legacy->contracts)
        passed[cc.expected] = cc.passed;
    QCOMPARE(passed.at("p(95)<500"), false);
    QCOMPARE(passed.at("p(99)<9000"), true);
    QCOMPARE(passed.at("every check passes"), false); // "status was 200": 99 passes, 1 fail
    QCOMPARE(legacy->results.front().repetitions.front().errors.at("http_req_failed"), std::uint64_t(1));
    QVERIFY(importerdata::hasCaveat(*legacy, "true means it FAILED"));
    // The caveat on thresholds only where the file has thresholds.
    for (const char *file : {"k6/itzaddddd_ticket-reserve_summary-export.json",
                             "k6/unknown-repo_id26550062628_smoke-test_DeployK6RawJSON_wrapped.json"}) {
        auto plain = bs::CaptureLoader::load(dataPath(file), error);
        QVERIFY2(plain, error.toString().c_str());
        QVERIFY2(!importerdata::hasCaveat(*plain, "threshold"), file);
    }

    auto compact = bs::CaptureLoader::load(dataPath("k6/gustiramadhan_Performance-test-using-k6_summary.json"), error);
    QVERIFY2(compact, error.toString().c_str());
    QCOMPARE(compact->contracts.size(), std::size_t(6)); // checks as an array
}

// dropped_iterations counts iterations an arrival-rate executor could not
// start: fewer is better, for the count and its rate alike.
void TestImporters::k6DroppedIterationsLowerIsBetter()
{
    bs::LoadError error;
    auto c = bs::CaptureLoader::load(dataPath("k6/unknown-repo_id26550062628_smoke-test_DeployK6RawJSON_wrapped.json"), error);
    QVERIFY2(c, error.toString().c_str());
    for (const char *id : {"dropped_iterations", "dropped_iterations.per_s"}) {
        const bs::Metric *m = c->metric(id);
        QVERIFY2(m, id);
        QCOMPARE(m->direction, bs::Direction::LowerIsBetter);
    }
    QCOMPARE(c->metric("iterations")->direction, bs::Direction::HigherIsBetter);
}

void TestImporters::wrk2SpectrumBecomesHistogram()
{
    bs::LoadError error;
    auto c = bs::CaptureLoader::load(dataPath("wrk2/polis-mail-ru_2020-highload-dht_tests_stage4_allocGet.md"), error);
    QVERIFY2(c, error.toString().c_str());
    const bs::Repetition &rep = c->results.front().repetitions.front();
    const bs::Histogram &h = rep.histograms.at("latency");
    QCOMPARE(h.unit(), std::string("ns"));
    QCOMPARE(h.totalCount(), std::uint64_t(99357)); // "Total count = 99357"
    QVERIFY(std::abs(double(h.maxValue()) / 1e6 - 12.927) / 12.927 < 1e-3); // last spectrum value, ms, 3 digits
    QVERIFY(std::abs(double(h.valueAtPercentile(50)) / 1e6 - 1.371) < 0.002);
    QCOMPARE(c->provenance.conditions.rate, std::optional<double>(2000)); // -R2000 on the first line
    QCOMPARE(c->provenance.conditions.connections, std::optional<int>(64));
    QCOMPARE(c->provenance.conditions.durationSeconds, std::optional<double>(60)); // "1.00m"
}

void TestImporters::wrk2UncorrectedBlock()
{
    // wrk2 -U prints a second block, "Latency Distribution (HdrHistogram -
    // Uncorrected Latency (...))", after the first one's dashes. Made here by
    // repeating the real file's block under that header.
    std::string text = readData("wrk2/polis-mail-ru_2020-highload-dht_tests_stage4_allocGet.md");
    const auto begin = text.find("  Latency Distribution (HdrHistogram - Recorded Latency)");
    const auto end = text.find("----------------------------------------------------------\n") + 59;
    std::string block = text.substr(begin, end - begin);
    block.replace(0, block.find('\n'), "  Latency Distribution (HdrHistogram - Uncorrected Latency (measured without taking delayed starts into account))");
    block.replace(block.find(" 50.000%    1.37ms"), 18, " 50.000%    1.10ms");
    text.insert(end, "\n" + block);
    bs::LoadError error;
    auto c = bs::CaptureLoader::load(m_tmp.write(u"wrk2-u.txt"_s, text), error);
    QVERIFY2(c, error.toString().c_str());
    const bs::Repetition &rep = c->results.front().repetitions.front();
    QCOMPARE(rep.metrics.at("latency_p50"), 0.00137);
    QCOMPARE(rep.metrics.at("service_time_p50"), 0.0011);
    QCOMPARE(rep.metrics.at("latency_mean"), 0.001441); // the uncorrected footer does not overwrite it
    QCOMPARE(rep.histograms.at("service_time").totalCount(), std::uint64_t(99357));
    QCOMPARE(rep.histograms.at("latency").totalCount(), std::uint64_t(99357));
}

void TestImporters::wrkWithoutLatencyFlagAndBareLuaJson()
{
    const std::string text = readData("local/wrk-nginx-lua-done.txt");
    const auto dollar = text.find('$');
    bs::LoadError error;
    // The text before "$" is wrk's own report without --latency.
    auto plain = bs::CaptureLoader::load(m_tmp.write(u"wrk.txt"_s, text.substr(0, dollar)), error);
    QVERIFY2(plain, error.toString().c_str());
    const auto &m = plain->results.front().repetitions.front().metrics;
    QCOMPARE(m.at("rps"), 19914.21);
    QCOMPARE(m.at("latency_mean"), 0.00117);
    QCOMPARE(m.at("requests"), 61915.0);
    QVERIFY(!m.count("latency_p50"));
    QCOMPARE(plain->provenance.tools.front().name, std::string("wrk"));
    // The JSON after "$" on its own.
    auto bare = bs::CaptureLoader::load(m_tmp.write(u"lua.json"_s, text.substr(dollar + 1)), error);
    QVERIFY2(bare, error.toString().c_str());
    QCOMPARE(bare->results.front().repetitions.front().metrics.at("latency_max"), 0.017652);
}

void TestImporters::wrkDoneJsonNotRead_data()
{
    QTest::addColumn<QByteArray>("content");
    QTest::addColumn<QString>("caveat");
    const std::string text = readData("local/wrk-nginx-lua-done.txt");
    const auto dollar = text.find('$');
    QTest::newRow("another script's keys (duration_us, latency_us with p50 to p999)")
        << QByteArray::fromStdString(text.substr(0, dollar)
                                     + R"(${"duration_us":3109086,"latency_us":{"p50":1012,"p90":1890,"p99":7750,"p999":15021},"requests":61915})"
                                     + "\n")
        << u"expected the keys latency {min, max, mean, stdev}, requests, bytes, duration and errors"_s;
    QTest::newRow("wrk-report.lua's keys with stdev renamed")
        << importerdata::replaced(u"local/wrk-nginx-lua-done.txt"_s, "\"stdev\"", "\"sd\"") << u"expected the keys latency"_s;
}

// A done() JSON the text importer cannot read: the console report is read,
// and a caveat names the JSON's line and why it was not read.
void TestImporters::wrkDoneJsonNotRead()
{
    QFETCH(QByteArray, content);
    QFETCH(QString, caveat);
    bs::LoadError error;
    auto c = bs::CaptureLoader::load(m_tmp.write(u"wrk-done.txt"_s, content.toStdString()), error);
    QVERIFY2(c, error.toString().c_str());
    const auto &m = c->results.front().repetitions.front().metrics;
    QCOMPARE(m.at("rps"), 19914.21);      // the console's Requests/sec
    QCOMPARE(m.at("latency_mean"), 0.00117); // "1.17ms", not the JSON's
    QCOMPARE(m.at("requests"), 61915.0);
    QVERIFY(!m.count("latency_p50"));
    QVERIFY(importerdata::hasCaveat(*c, "the done() JSON at line 9"));
    QVERIFY(importerdata::hasCaveat(*c, "was not read, only wrk's console report"));
    QVERIFY(importerdata::hasCaveat(*c, caveat.toStdString()));
}

void TestImporters::typescriptAbsentPairsUnsupported()
{
    bs::LoadError error;
    auto c = bs::CaptureLoader::load(dataPath("typescript-runtime-type-benchmarks/moltar_typescript-runtime-type-benchmarks_docs_results_node-22.json"), error);
    QVERIFY2(c, error.toString().c_str());
    QCOMPARE(c->cases.size(), std::size_t(4));
    QCOMPARE(c->results.size(), c->cases.size() * c->participants.size());
    const bs::Result *r = resultByLabels(*c, u"ajv"_s, u"parseSafe"_s);
    QVERIFY(r);
    QCOMPARE(r->status, bs::ResultStatus::Unsupported); // the page's dash, never a made-up 0 ops/s
    QCOMPARE(c->participants.front().runtime, std::string("node v22.13.1"));
}

void TestImporters::hyperfineParameterScan()
{
    bs::LoadError error;
    auto c = bs::CaptureLoader::load(dataPath("local/hyperfine-scan.json"), error);
    QVERIFY2(c, error.toString().c_str());
    QCOMPARE(c->participants.size(), std::size_t(1));
    QCOMPARE(c->cases.size(), std::size_t(3));
    QCOMPARE(c->cases[2].label, std::string("level=9"));
}

void TestImporters::gzipInput()
{
    const std::string path = m_tmp.write(u"oha.bin"_s, bs::FileIO::gzip(readData("oha/unknown-repo_id2616016724_README_example1.json")));
    bs::LoadError error;
    auto c = bs::CaptureLoader::load(path, error);
    QVERIFY2(c, error.toString().c_str());
    QCOMPARE(c->results.front().repetitions.front().metrics.at("latency_p50"), 0.029952542);
}

void TestImporters::roundTripThroughCaptureFormat_data()
{
    QTest::addColumn<QString>("file");
    for (const auto &entry : std::filesystem::recursive_directory_iterator(dataPath(std::string()))) {
        const std::string rel = entry.path().lexically_relative(dataPath(std::string())).string();
        if (!entry.is_regular_file() || rel.find("folder") != std::string::npos || rel.find("-local/") != std::string::npos
            || rel.find("SOURCES") != std::string::npos || rel.find("golden/") != std::string::npos
            || entry.path().filename() == "LICENSE") // benchstat's outputs and a licence are not inputs
            continue;
        // asv's machine.json and benchmarks.json are read beside its results, not alone.
        if (rel.rfind("asv/", 0) == 0 && (entry.path().filename() == "machine.json" || entry.path().filename() == "benchmarks.json"))
            continue;
        // The scripts and programs that made the failure samples are not outputs.
        const std::string ext = entry.path().extension().string();
        if (ext == ".sh" || ext == ".cpp" || ext == ".lua" || ext == ".py" || ext == ".go" || ext == ".mod")
            continue;
        QTest::newRow(rel.c_str()) << QString::fromStdString(rel);
    }
    // The folders a folder import reads as one capture (their files are not samples alone).
    for (const char *folder : {"criterion-folder/target/criterion", "criterion-0.3.2-folder/target/criterion",
                               "criterion-repeated-id-folder/target/criterion",
                               "oha-folder/20260101-000000-copies", "go-folder/join", "ab/folder/20261201-193000-nginx",
                               "local/20261129-193057-local"})
        QTest::newRow(folder) << QString::fromUtf8(folder);
}

void TestImporters::roundTripThroughCaptureFormat()
{
    // Every import is a valid capture: written and read back, it is the same.
    QFETCH(QString, file);
    bs::LoadError error;
    auto c = bs::CaptureLoader::load(dataPath(file), error);
    QVERIFY2(c, error.toString().c_str());
    auto back = bs::CaptureReader::readBytes(bs::CaptureWriter::toJson(*c), "roundtrip", error);
    QVERIFY2(back, error.toString().c_str());
    QVERIFY(*back == *c);
}

void TestImporters::malformed_data()
{
    importerdata::addErrorColumns();

    const auto from = importerdata::replaced;
    const QString oha = u"oha/unknown-repo_id2616016724_README_example1.json"_s;
    QTest::newRow("oha truncated") << u"oha.json"_s << QByteArray::fromStdString(readData(oha).substr(0, 400))
                                   << u"line 20, column 11"_s << u"not valid JSON"_s;
    QTest::newRow("oha number as a string") << u"oha.json"_s << from(oha, "\"requestsPerSec\": 13.962799611136033", "\"requestsPerSec\": \"fast\"")
                                            << u"$.summary.requestsPerSec"_s << u"oha JSON: expected a number, found a string"_s;
    QTest::newRow("oha bad percentile key") << u"oha.json"_s << from(oha, "\"p99.9\":", "\"median\":")
                                            << u"$.latencyPercentiles.median"_s << u"percentile key"_s;
    QTest::newRow("oha missing rps object") << u"oha.json"_s << from(oha, "\"rps\":", "\"rpz\":")
                                            << u"$"_s << u"missing required field \"rps\""_s;
    const QString ac = u"autocannon/dhardestylewis_homecastr_autocannon.json"_s;
    QTest::newRow("autocannon percentile as a string") << u"ac.json"_s << from(ac, "\"p99\":1202", "\"p99\":\"1202\"")
                                                       << u"$.latency.p99"_s << u"expected a number"_s;
    QTest::newRow("autocannon console.log output") << u"ac.txt"_s
        << QByteArray("{\n  title: undefined,\n  url: 'http://localhost:3000',\n  latency: {\n    average: 271.52,\n    p0_001: 173\n  },\n  requests: { average: 36.6 },\n  start: 2023-10-26T20:07:10.799Z\n}\n")
        << u"line 1"_s << u"console.log(result) output"_s;
    const QString k6 = u"k6/grafana_k6-example-circleci-orb_summary.json"_s;
    QTest::newRow("k6 unknown metric type") << u"k6.json"_s << from(k6, "\"type\": \"gauge\"", "\"type\": \"histogram\"")
                                            << u".type"_s << u"unknown metric type \"histogram\""_s;
    QTest::newRow("k6 threshold without ok") << u"k6.json"_s << from(k6, "\"ok\": true\n                }\n            },\n            \"type\": \"trend\"", "\"okay\": true\n                }\n            },\n            \"type\": \"trend\"")
                                             << u"$.metrics.http_req_duration.thresholds.p(95)<500"_s << u"missing required field \"ok\""_s;
    QTest::newRow("k6 legacy threshold not a boolean") << u"k6.json"_s << from(u"k6/itzaddddd_ticket-reserve_summary-export.json"_s, "\"vus\": {", "\"vus\": {\"thresholds\": {\"value<5\": \"yes\"},")
                                                       << u"$.metrics.vus.thresholds.value<5"_s << u"expected true or false"_s;
    const QString hf = u"hyperfine/zeroows_1brc_hyperfine.json"_s;
    QTest::newRow("hyperfine time as a string") << u"hf.json"_s << from(hf, "11.81813333352,\n        9.877873458520002", "\"11.8\",\n        9.877873458520002")
                                                << u"$.results[0].times[1]"_s << u"expected a number, found a string"_s;
    QTest::newRow("hyperfine missing user time") << u"hf.json"_s << from(hf, "\"user\": 43.55566462666667,", "")
                                                 << u"$.results[0]"_s << u"missing required field \"user\""_s;
    const QString gb = u"google-benchmark/AnishPrakash_lob-engine_bench_results.json"_s;
    QTest::newRow("google benchmark unknown time unit") << u"gb.json"_s << from(gb, "\"time_unit\": \"ns\"", "\"time_unit\": \"ps\"")
                                                        << u"$.benchmarks[0].time_unit"_s << u"unknown time_unit \"ps\""_s;
    QTest::newRow("google benchmark rows not an array") << u"gb.json"_s << from(gb, "\"benchmarks\": [", "\"benchmarks\": {\"x\": [")
                                                        << u"line"_s << u"not valid JSON"_s;
    const QString ts = u"typescript-runtime-type-benchmarks/moltar_typescript-runtime-type-benchmarks_docs_results_node-22.json"_s;
    QTest::newRow("typescript ops as null") << u"ts.json"_s << from(ts, "\"ops\":989915", "\"ops\":null")
                                            << u"$.results[1].ops"_s << u"expected a number, found null"_s;
    QTest::newRow("typescript duplicate row") << u"ts.json"_s << from(ts, "\"benchmark\":\"parseStrict\",\"name\":\"aeria\"", "\"benchmark\":\"parseSafe\",\"name\":\"aeria\"")
                                              << u"$.results[1]"_s << u"a second result"_s;
    const QString w2 = u"wrk2/polis-mail-ru_2020-highload-dht_tests_stage4_allocGet.md"_s;
    QTest::newRow("wrk cut short") << u"wrk.txt"_s << importerdata::cutBefore(w2, "Requests/sec")
                                   << u"line 112"_s << u"the wrk report ends here, before the \"Requests/sec:\" line"_s;
    QTest::newRow("wrk unknown time unit") << u"wrk.txt"_s << from(w2, "1.44ms  706.00us", "1.44xs  706.00us")
                                           << u"line 7"_s << u"expected a number with a unit (us, ms, s, m, h)"_s;
    QTest::newRow("wrk unknown size unit") << u"wrk.txt"_s << from(w2, "10.16MB read", "10.16QB read")
                                           << u"line 112"_s << u"expected a number with a unit (B, KB, MB, GB, TB)"_s;
    QTest::newRow("wrk spectrum count going down") << u"wrk.txt"_s << from(w2, "19908", "9")
                                                   << u"line 24"_s << u"total count went down"_s;
    const std::string luaText = readData("local/wrk-nginx-lua-done.txt");
    QTest::newRow("wrk Lua JSON truncated") << u"lua.txt"_s << QByteArray::fromStdString(luaText.substr(0, luaText.size() - 20))
                                            << u"line 9, column 159"_s << u"not valid"_s;
    const QString wf = u"web-frameworks/the-benchmarker_web-frameworks_data.TRUNCATED.json"_s;
    QTest::newRow("web-frameworks unknown label") << u"wf.json"_s << from(wf, "\"label\": \"request_timeouts\"", "\"label\": \"speed\"")
                                                  << u"$.metrics[0].label"_s << u"unknown metric label \"speed\""_s;
    QTest::newRow("unknown JSON") << u"x.json"_s << QByteArray("{\"foo\": 1}")
                                  << u""_s << u"tried: Benchscope capture, oha JSON, autocannon JSON, k6 summary JSON"_s;
    QTest::newRow("unknown text") << u"x.txt"_s << QByteArray("hello\n") << u""_s << u"wrk/wrk2 text"_s;
    QTest::newRow("empty file") << u"x.json"_s << QByteArray() << u""_s << u"the file is empty"_s;
    QTest::newRow("ambiguous") << u"x.json"_s << QByteArray(R"({"context": {}, "benchmarks": [], "metrics": {}, "root_group": {}})")
                               << u""_s << u"ambiguous: the content matches k6 summary JSON (at $) and Google Benchmark JSON (at $)"_s;
}

void TestImporters::malformed()
{
    importerdata::checkErrorRow(m_tmp);
}

void TestImporters::folderOfAutocannonRuns()
{
    bs::LoadError error;
    auto c = bs::CaptureLoader::load(dataPath("local/20261129-193057-local"), error);
    QVERIFY2(c, error.toString().c_str());
    QCOMPARE(c->suite.id, std::string("local-static-servers")); // from benchscope-map.json
    QCOMPARE(c->capturedAt, std::string("2026-11-29T19:30:57"));
    QCOMPARE(c->provenance.conditions.extra.at("run"), std::string("local"));
    QCOMPARE(c->participants.size(), std::size_t(2));
    QCOMPARE(c->participants[0].id, std::string("nginx")); // the mapping's order
    QCOMPARE(c->participants[1].label, std::string("python3 -m http.server"));
    QVERIFY(c->participants[1].baseline);
    QCOMPARE(c->cases.size(), std::size_t(2));
    QCOMPARE(c->caseInfo("root")->label, std::string("GET /"));
    QCOMPARE(c->result("nginx", "root")->summary.at("rps").value, 8041.0);
    QCOMPARE(c->result("python-http-server", "json")->summary.at("latency_p99").value, 1.010);
    QCOMPARE(c->provenance.sourceHashes.size(), std::size_t(4));
}

void TestImporters::folderOfOhaRuns()
{
    // Copies of the real oha files, named <participant>-<case>.json, and a note that is skipped.
    bs::LoadError error;
    auto c = bs::CaptureLoader::load(dataPath("oha-folder/20260101-000000-copies"), error);
    QVERIFY2(c, error.toString().c_str());
    QCOMPARE(c->participants.size(), std::size_t(2));
    QCOMPARE(c->cases.size(), std::size_t(3));
    QCOMPARE(c->results.size(), std::size_t(6));
    QCOMPARE(c->result("lambda-dispatch", "ping")->summary.at("latency_p99").value, 0.040878992);
    QCOMPARE(c->result("readme-example", "failed")->status, bs::ResultStatus::Error);
    QCOMPARE(c->result("lambda-dispatch", "root")->status, bs::ResultStatus::Missing);
    QCOMPARE(c->warnings.size(), std::size_t(1));
    QVERIFY(QString::fromStdString(c->warnings.front()).startsWith(u"notes.txt"_s));
}

void TestImporters::folderErrors_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<QByteArray>("content");
    QTest::addColumn<QString>("errorFile"); // file name the error names
    QTest::addColumn<QString>("place");
    QTest::addColumn<QString>("message");
    QTest::newRow("a broken result file") << u"app-root.json"_s << QByteArray("{\"summary\": {\"requestsPerSec\": 1}, \"latencyPercentiles\": {}}")
                                          << u"app-root.json"_s << u"$"_s << u"missing required field \"rps\""_s;
    QTest::newRow("mapping not JSON") << u"benchscope-map.json"_s << QByteArray("{ files: 1 }") << u"benchscope-map.json"_s << u"byte"_s << u"not valid JSON"_s;
    QTest::newRow("mapping file entry without case") << u"benchscope-map.json"_s << QByteArray(R"({"files": {"app-root.json": {"participant": "a"}}})")
                                                     << u"benchscope-map.json"_s << u"$.files.app-root.json"_s << u"needs both"_s;
    QTest::newRow("mapping participants not an object") << u"benchscope-map.json"_s << QByteArray(R"({"participants": []})")
                                                        << u"benchscope-map.json"_s << u"$.participants"_s << u"expected an object"_s;
    QTest::newRow("mapping with a key twice") << u"benchscope-map.json"_s << QByteArray(R"({"separator": "-", "separator": "_"})")
                                              << u"benchscope-map.json"_s << u"$"_s << u"duplicate key \"separator\""_s;
    QTest::newRow("mapping with a participant twice") << u"benchscope-map.json"_s
        << QByteArray(R"({"participants": {"a": {"label": "A"}, "b": {}, "a": {"label": "B"}}})")
        << u"benchscope-map.json"_s << u"$.participants"_s << u"duplicate key \"a\""_s;
    QTest::newRow("mapping with a tag object's key twice") << u"benchscope-map.json"_s
        << QByteArray(R"({"ignore": ["x"], "participants": {"a": {"tags": ["t"]}}, "files": {"f.json": {"participant": "a", "case": "c", "case": "d"}}})")
        << u"benchscope-map.json"_s << u"$.files.f.json"_s << u"duplicate key \"case\""_s;
    QTest::newRow("a file with several results") << u"many-things.json"_s << QByteArray::fromStdString(readData("hyperfine/zeroows_1brc_hyperfine.json"))
                                                 << u"many-things.json"_s << u""_s << u"expects one run per file"_s;
}

void TestImporters::folderErrors()
{
    QFETCH(QString, file);
    QFETCH(QByteArray, content);
    QFETCH(QString, errorFile);
    QFETCH(QString, place);
    QFETCH(QString, message);
    m_tmp.write(u"run/good-root.json"_s, readData("oha/unknown-repo_id2616016724_README_example1.json"));
    m_tmp.write(u"run/"_s + file, content.toStdString());
    bs::LoadError error;
    auto c = bs::CaptureLoader::load(m_tmp.filePath(u"run"_s), error);
    QVERIFY(!c);
    QVERIFY2(QString::fromStdString(error.file).endsWith(u"/"_s + errorFile), error.toString().c_str());
    QVERIFY2(QString::fromStdString(error.place).contains(place), error.toString().c_str());
    QVERIFY2(QString::fromStdString(error.message).contains(message), error.toString().c_str());
}

void TestImporters::convertCommand()
{
    const QString cli = qEnvironmentVariable("BENCHSCOPE_BIN_DIR") + u"/benchscope-cli"_s;
    const QString out = QString::fromStdString(m_tmp.filePath(u"converted.json.gz"_s));
    QProcess p;
    p.start(cli, {u"convert"_s, QString::fromStdString(dataPath("local/20261129-193057-local")), u"--out"_s, out});
    QVERIFY(p.waitForFinished(30000));
    QCOMPARE(p.exitCode(), 0);
    QVERIFY(p.readAllStandardOutput().contains("2 participant(s), 2 case(s), 4 repetition(s)"));
    bs::LoadError error;
    auto c = bs::CaptureReader::readFile(out.toStdString(), error);
    QVERIFY2(c, error.toString().c_str());
    QCOMPARE(c->result("nginx", "root")->summary.at("rps").value, 8041.0);

    // Several files combine as one run per file.
    const QString oha = QString::fromStdString(m_tmp.write(u"in/svc-a.json"_s, readData("oha/unknown-repo_id2616016724_README_example1.json")));
    const QString wrk = QString::fromStdString(m_tmp.write(u"in/svc-b.txt"_s, readData("local/wrk-nginx-latency.txt")));
    p.start(cli, {u"convert"_s, oha, wrk, u"--out"_s, out, u"--title"_s, u"mixed"_s});
    QVERIFY(p.waitForFinished(30000));
    QCOMPARE(p.exitCode(), 0);
    c = bs::CaptureReader::readFile(out.toStdString(), error);
    QVERIFY2(c, error.toString().c_str());
    QCOMPARE(c->participants.size(), std::size_t(1)); // "svc"
    QCOMPARE(c->cases.size(), std::size_t(2));        // "a", "b"
    QCOMPARE(c->provenance.tools.size(), std::size_t(2)); // oha and wrk

    // A bad input: exit 1 and the error names the file.
    const QString bad = QString::fromStdString(m_tmp.write(u"bad.json"_s, "{\"foo\": 1}"));
    p.start(cli, {u"convert"_s, bad, u"--out"_s, out});
    QVERIFY(p.waitForFinished(30000));
    QCOMPARE(p.exitCode(), 1);
    QVERIFY(p.readAllStandardError().contains("bad.json"));
}

QTEST_GUILESS_MAIN(TestImporters)
#include "tst_importers.moc"
