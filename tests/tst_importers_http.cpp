// The HTTP load generators' importers: ab, hey, h2load and vegeta
// over real outputs (tests/data/importers/<tool>/, made by
// make-http-samples.sh or copied, see SOURCES.md), with values read off the
// files by hand in canonical units; the failure rule on real failed runs;
// malformed variants with errors naming the file and the place; a folder of
// ab runs as one capture.
#include "captureloader.h"
#include "fileio.h"
#include "importerdata.h"
#include "tempfolder.h"

#include <QtTest>

#include <cmath>

using bs::Capture;
using namespace Qt::StringLiterals;

namespace {

using importerdata::dataPath;
using importerdata::readData;

// The only result of a single-run file.
const bs::Result &onlyResult(const Capture &c)
{
    if (c.results.size() != 1)
        qFatal("expected one result, found %zu", c.results.size());
    return c.results.front();
}

} // namespace

class TestImportersHttp : public QObject {
    Q_OBJECT
private slots:
    void init();
    void values_data();
    void values();
    void failureRule_data();
    void failureRule();
    void identity_data();
    void identity();
    void abLengthFailuresCaveat();
    void abFolderOfThreeRuns();
    void gzippedPerRequestFile();
    void vegetaStatusCodes_data();
    void vegetaStatusCodes();
    void malformed_data();
    void malformed();

private:
    TempFolder m_tmp;
};

void TestImportersHttp::init() { m_tmp.renew(); }

// One value per row, read off the file by hand: file, metric, expected
// value in the canonical unit, relative tolerance (0 for a figure copied
// as it is; a histogram's percentile is known to 1/1024 of itself).
void TestImportersHttp::values_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("metric");
    QTest::addColumn<double>("expected");
    QTest::addColumn<double>("tolerance");

    const QString ab = u"ab/ab-nginx-root.txt"_s;
    QTest::newRow("ab requests per second") << ab << u"rps"_s << 3579.62 << 0.0;
    QTest::newRow("ab p99 in whole ms") << ab << u"latency_p99"_s << 0.013 << 0.0;
    QTest::newRow("ab p66, a percentile of its own") << ab << u"latency_p66"_s << 0.001 << 0.0;
    QTest::newRow("ab mean from Time per request") << ab << u"latency_mean"_s << 0.002235 << 0.0;
    QTest::newRow("ab max from Connection Times") << ab << u"latency_max"_s << 0.015 << 0.0;
    QTest::newRow("ab sd from Connection Times") << ab << u"latency_stdev"_s << 0.0027 << 0.0;
    QTest::newRow("ab waiting mean") << ab << u"waiting_time_mean"_s << 0.002 << 0.0;
    QTest::newRow("ab Kbytes are 1024 bytes") << ab << u"transfer_rate"_s << 912.38 * 1024 << 0.0;
    QTest::newRow("ab total transferred") << ab << u"bytes"_s << 783000.0 << 0.0;
    QTest::newRow("ab HTML transferred") << ab << u"body_bytes"_s << 90000.0 << 0.0;
    QTest::newRow("ab complete requests") << ab << u"requests"_s << 3000.0 << 0.0;
    const QString csv = u"ab/ab-nginx-root.csv"_s;
    QTest::newRow("ab -e p50") << csv << u"latency_p50"_s << 0.000843 << 0.0;
    QTest::newRow("ab -e p99") << csv << u"latency_p99"_s << 0.01257 << 0.0;
    QTest::newRow("ab -e row 0 is the minimum") << csv << u"latency_min"_s << 0.000334 << 0.0;
    QTest::newRow("ab -e row 100 is the maximum") << csv << u"latency_max"_s << 0.014582 << 0.0;
    const QString tsv = u"ab/ab-nginx-root.tsv"_s;
    QTest::newRow("ab -g p50 from the histogram") << tsv << u"latency_p50"_s << 0.001 << 1.0 / 1024;
    QTest::newRow("ab -g p99 from the histogram") << tsv << u"latency_p99"_s << 0.013 << 1.0 / 1024;
    QTest::newRow("ab -g max") << tsv << u"latency_max"_s << 0.015 << 1.0 / 1024;
    QTest::newRow("ab -g one row per request") << tsv << u"requests"_s << 3000.0 << 0.0;
    const QString hey = u"hey/hey-nginx-root.txt"_s;
    QTest::newRow("hey requests per second") << hey << u"rps"_s << 3219.7915 << 0.0;
    QTest::newRow("hey p50 in seconds") << hey << u"latency_p50"_s << 0.0009 << 0.0;
    QTest::newRow("hey p99") << hey << u"latency_p99"_s << 0.012 << 0.0;
    QTest::newRow("hey slowest") << hey << u"latency_max"_s << 0.02 << 0.0;
    QTest::newRow("hey average") << hey << u"latency_mean"_s << 0.0024 << 0.0;
    QTest::newRow("hey resp wait average") << hey << u"response_wait_time_mean"_s << 0.0022 << 0.0;
    QTest::newRow("hey total data") << hey << u"body_bytes"_s << 90000.0 << 0.0;
    QTest::newRow("hey responses from the status codes") << hey << u"requests"_s << 3000.0 << 0.0;
    const QString heyCsv = u"hey/hey-nginx-root.csv"_s;
    QTest::newRow("hey -o csv p50 (1500th of 3000)") << heyCsv << u"latency_p50"_s << 0.0007 << 1.0 / 1024;
    QTest::newRow("hey -o csv p99 (2970th)") << heyCsv << u"latency_p99"_s << 0.0103 << 1.0 / 1024;
    QTest::newRow("hey -o csv max") << heyCsv << u"latency_max"_s << 0.0196 << 1.0 / 1024;
    QTest::newRow("hey -o csv rows") << heyCsv << u"requests"_s << 3000.0 << 0.0;
    const QString h2 = u"h2load/h2load-nginx-root.txt"_s;
    QTest::newRow("h2load req/s") << h2 << u"rps"_s << 4787.39 << 0.0;
    QTest::newRow("h2load KB/s are 1024-based") << h2 << u"transfer_rate"_s << 715.91 * 1024 << 0.0;
    QTest::newRow("h2load request time min in us") << h2 << u"latency_min"_s << 77e-6 << 0.0;
    QTest::newRow("h2load request time max in ms") << h2 << u"latency_max"_s << 0.01163 << 0.0;
    QTest::newRow("h2load request time sd") << h2 << u"latency_stdev"_s << 0.00189 << 0.0;
    QTest::newRow("h2load first byte, per client") << h2 << u"first_byte_mean"_s << 0.01071 << 0.0;
    QTest::newRow("h2load slowest client's req/s") << h2 << u"client_rps_min"_s << 599.29 << 0.0;
    QTest::newRow("h2load exact traffic total") << h2 << u"bytes"_s << 459392.0 << 0.0;
    QTest::newRow("h2load exact data bytes") << h2 << u"body_bytes"_s << 90000.0 << 0.0;
    QTest::newRow("h2load requests done") << h2 << u"requests"_s << 3000.0 << 0.0;
    const QString h2log = u"h2load/h2load-nginx-root.log"_s;
    QTest::newRow("h2load log p50 (1500th of 3000, us)") << h2log << u"latency_p50"_s << 426e-6 << 1.0 / 1024;
    QTest::newRow("h2load log p99 (2970th)") << h2log << u"latency_p99"_s << 8643e-6 << 1.0 / 1024;
    QTest::newRow("h2load log min") << h2log << u"latency_min"_s << 77e-6 << 1.0 / 1024;
    QTest::newRow("h2load log max, as the report's") << h2log << u"latency_max"_s << 11633e-6 << 1.0 / 1024;
    QTest::newRow("h2load log rows") << h2log << u"requests"_s << 3000.0 << 0.0;
    const QString vg = u"vegeta/seldonio_seldon-core_benchmarking-argo-workflows_README_report.json"_s;
    QTest::newRow("vegeta 99th from ns") << vg << u"latency_p99"_s << 4.982426813 << 0.0;
    QTest::newRow("vegeta 50th") << vg << u"latency_p50"_s << 0.27284063 << 0.0;
    QTest::newRow("vegeta mean") << vg << u"latency_mean"_s << 0.339033885 << 0.0;
    QTest::newRow("vegeta min") << vg << u"latency_min"_s << 0.206244298 << 0.0;
    QTest::newRow("vegeta throughput is rps") << vg << u"rps"_s << 293.63176909007353 << 0.0;
    QTest::newRow("vegeta rate is the sent rate") << vg << u"sent_rate"_s << 296.05832946673667 << 0.0;
    QTest::newRow("vegeta requests") << vg << u"requests"_s << 8882.0 << 0.0;
    QTest::newRow("vegeta bytes in") << vg << u"body_bytes"_s << 3081764.0 << 0.0;
    QTest::newRow("vegeta bytes out") << vg << u"bytes_out"_s << 301988.0 << 0.0;
    QTest::newRow("vegeta success") << vg << u"success_rate"_s << 1.0 << 0.0;
    const QString ve = u"vegeta/vegeta-encode-schema-example.jsonl"_s;
    QTest::newRow("vegeta encode p50 (3rd of 5)") << ve << u"latency_p50"_s << 0.0012 << 1.0 / 1024;
    QTest::newRow("vegeta encode max") << ve << u"latency_max"_s << 0.0025 << 1.0 / 1024;
    QTest::newRow("vegeta encode rows") << ve << u"requests"_s << 5.0 << 0.0;
    QTest::newRow("vegeta encode bytes in") << ve << u"body_bytes"_s << 243.0 << 0.0;
}

void TestImportersHttp::values()
{
    QFETCH(QString, file);
    QFETCH(QString, metric);
    QFETCH(double, expected);
    QFETCH(double, tolerance);
    bs::LoadError error;
    auto c = bs::CaptureLoader::load(dataPath(file), error);
    QVERIFY2(c, error.toString().c_str());
    const bs::Result &r = onlyResult(*c);
    QCOMPARE(r.repetitions.size(), std::size_t(1));
    const auto &metrics = r.repetitions.front().metrics;
    auto it = metrics.find(metric.toStdString());
    QVERIFY2(it != metrics.end(), qPrintable(u"no metric "_s + metric));
    QVERIFY2(std::abs(it->second - expected) <= std::max(tolerance, 1e-12) * std::abs(expected),
             qPrintable(u"%1 != %2"_s.arg(it->second, 0, 'g', 17).arg(expected, 0, 'g', 17)));
    QVERIFY(!c->metric(metric.toStdString())->unit.empty());
}

// Real failed runs: status, flag and the counts in the reason.
void TestImportersHttp::failureRule_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<int>("status"); // bs::ResultStatus
    QTest::addColumn<bool>("flagged");
    QTest::addColumn<QString>("reason");

    const int ok = int(bs::ResultStatus::Ok), err = int(bs::ResultStatus::Error);
    QTest::newRow("ab clean run") << u"ab/ab-nginx-root.txt"_s << ok << false << u""_s;
    QTest::newRow("ab every response a 404") << u"ab/ab-nginx-missing.txt"_s << err << false
                                             << u"2000 of 2000 requests failed (2000× non-2xx)"_s;
    QTest::newRow("ab Length failures under keep-alive") << u"ab/ab-nginx-counter-keepalive.txt"_s << ok << true
                                                         << u"1964 of 2000 requests failed (1964× length)"_s;
    QTest::newRow("ab stopped by a refused connection") << u"ab/ab-refused.txt"_s << err << false
                                                        << u"ab stopped before its report: apr_socket_recv: Connection refused (111)"_s;
    QTest::newRow("hey clean run") << u"hey/hey-nginx-root.txt"_s << ok << false << u""_s;
    QTest::newRow("hey every response a 404") << u"hey/hey-nginx-missing.txt"_s << err << false
                                              << u"2000 of 2000 requests failed (2000× status 404)"_s;
    QTest::newRow("hey refused connections") << u"hey/hey-refused.txt"_s << err << false
                                             << u"200 of 200 requests failed (200× connection refused)"_s;
    QTest::newRow("h2load clean run") << u"h2load/h2load-nginx-root.txt"_s << ok << false << u""_s;
    QTest::newRow("h2load every response a 404") << u"h2load/h2load-nginx-missing.txt"_s << err << false
                                                 << u"2000 of 2000 requests failed (2000× status 4xx)"_s;
    QTest::newRow("h2load refused connections") << u"h2load/h2load-refused.txt"_s << err << false
                                                << u"200 of 200 requests failed (200× errored)"_s;
    QTest::newRow("h2load nginx stopped mid-run") << u"h2load/h2load-nginx-stopped-midrun.txt"_s << ok << true
                                                  << u"58382 of 60000 requests failed (58382× errored)"_s;
    QTest::newRow("vegeta report, all 200") << u"vegeta/seldonio_seldon-core_benchmarking-argo-workflows_README_report.json"_s
                                            << ok << false << u""_s;
    QTest::newRow("vegeta encode, hand-written schema example") << u"vegeta/vegeta-encode-schema-example.jsonl"_s << ok << true
        << u"2 of 5 requests failed (1× connection refused, 1× status 404)"_s;
    QTest::newRow("hey nginx stopped mid-run") << u"hey/hey-nginx-stopped-midrun.txt"_s << ok << true
        << u"387 of 2239 requests failed (383× connection refused, 4× connection reset by peer)"_s;
}

void TestImportersHttp::failureRule()
{
    QFETCH(QString, file);
    QFETCH(int, status);
    QFETCH(bool, flagged);
    QFETCH(QString, reason);
    bs::LoadError error;
    auto c = bs::CaptureLoader::load(dataPath(file), error);
    QVERIFY2(c, error.toString().c_str());
    const bs::Result &r = onlyResult(*c);
    QCOMPARE(int(r.status), status);
    QCOMPARE(std::find(r.flags.begin(), r.flags.end(), "failures") != r.flags.end(), flagged);
    QCOMPARE(QString::fromStdString(r.reason), reason);
}

// Participant and case from the host and the path ("/" is "root"), the
// tool and its version.
void TestImportersHttp::identity_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("participant");
    QTest::addColumn<QString>("caseId");
    QTest::addColumn<QString>("tool");
    QTest::addColumn<QString>("version");

    QTest::newRow("ab report") << u"ab/ab-nginx-root.txt"_s << u"127.0.0.1:18611"_s << u"root"_s << u"ab"_s << u"2.3"_s;
    QTest::newRow("ab 404 path") << u"ab/ab-nginx-missing.txt"_s << u"127.0.0.1:18611"_s << u"missing"_s << u"ab"_s << u"2.3"_s;
    QTest::newRow("hey prints no URL") << u"hey/hey-nginx-root.txt"_s << u"hey"_s << u"run"_s << u"hey"_s << u""_s;
    QTest::newRow("h2load prints no URL") << u"h2load/h2load-nginx-root.txt"_s << u"h2load"_s << u"run"_s << u"h2load"_s << u""_s;
    QTest::newRow("vegeta report names no URL") << u"vegeta/seldonio_seldon-core_benchmarking-argo-workflows_README_report.json"_s
                                                << u"vegeta"_s << u"run"_s << u"vegeta"_s << u""_s;
    QTest::newRow("vegeta encode URL") << u"vegeta/vegeta-encode-schema-example.jsonl"_s << u"127.0.0.1:18611"_s << u"root"_s
                                       << u"vegeta"_s << u""_s;
    QTest::newRow("ab -e has no URL") << u"ab/ab-nginx-root.csv"_s << u"ab"_s << u"run"_s << u"ab"_s << u""_s;
}

void TestImportersHttp::identity()
{
    QFETCH(QString, file);
    QFETCH(QString, participant);
    QFETCH(QString, caseId);
    QFETCH(QString, tool);
    QFETCH(QString, version);
    bs::LoadError error;
    auto c = bs::CaptureLoader::load(dataPath(file), error);
    QVERIFY2(c, error.toString().c_str());
    const bs::Result &r = onlyResult(*c);
    QCOMPARE(QString::fromStdString(c->participant(r.participant)->label), participant);
    QCOMPARE(QString::fromStdString(r.caseId), caseId);
    QCOMPARE(QString::fromStdString(c->provenance.tools.front().name), tool);
    QCOMPARE(QString::fromStdString(c->provenance.tools.front().version), version);
    QCOMPARE(c->provenance.conditions.latencyCorrected, std::optional<bool>(false));
}

void TestImportersHttp::abLengthFailuresCaveat()
{
    bs::LoadError error;
    auto c = bs::CaptureLoader::load(dataPath(u"ab/ab-nginx-counter-keepalive.txt"_s), error);
    QVERIFY2(c, error.toString().c_str());
    QCOMPARE(onlyResult(*c).repetitions.front().errors.at("length"), std::uint64_t(1964));
    QVERIFY(importerdata::hasCaveat(*c, "dynamic content"));
    auto clean = bs::CaptureLoader::load(dataPath(u"ab/ab-nginx-root.txt"_s), error);
    QVERIFY(!importerdata::hasCaveat(*clean, "dynamic content"));
}

void TestImportersHttp::abFolderOfThreeRuns()
{
    bs::LoadError error;
    auto c = bs::CaptureLoader::load(dataPath(u"ab/folder/20261201-193000-nginx"_s), error);
    QVERIFY2(c, error.toString().c_str());
    QCOMPARE(c->suite.id, std::string("ab-nginx-three-runs"));
    QCOMPARE(c->results.size(), std::size_t(1));
    const bs::Result *r = c->result("nginx", "root");
    QVERIFY(r);
    QCOMPARE(r->repetitions.size(), std::size_t(3));
    // Requests per second of run1, run2, run3: 5304.32, 4231.15, 3467.94.
    QCOMPARE(r->summary.at("rps").n, 3);
    QCOMPARE(r->summary.at("rps").value, 4231.15);
    QCOMPARE(r->summary.at("rps").max, 5304.32);
    QCOMPARE(c->provenance.sourceHashes.size(), std::size_t(3));
}

void TestImportersHttp::gzippedPerRequestFile()
{
    // Told by content, not by name: a gzipped h2load log named .bin.
    const std::string path = m_tmp.write(u"h2load.bin"_s, bs::FileIO::gzip(readData(u"h2load/h2load-nginx-root.log"_s)));
    bs::LoadError error;
    auto c = bs::CaptureLoader::load(path, error);
    QVERIFY2(c, error.toString().c_str());
    QCOMPARE(c->provenance.tools.front().name, std::string("h2load"));
    QCOMPARE(onlyResult(*c).repetitions.front().histograms.at("latency").totalCount(), std::uint64_t(3000));
}

// The published report with its status codes changed: code 0 (no response)
// and 5xx count as failures; the rule makes an error only when none succeeded.
void TestImportersHttp::vegetaStatusCodes_data()
{
    QTest::addColumn<QString>("codes");
    QTest::addColumn<int>("status");
    QTest::addColumn<QString>("reason");
    QTest::newRow("some failed") << u"{\"200\":8000,\"0\":500,\"503\":382}"_s << int(bs::ResultStatus::Ok)
                                 << u"882 of 8882 requests failed (500× no response, 382× status 503)"_s;
    QTest::newRow("none answered") << u"{\"0\":8882}"_s << int(bs::ResultStatus::Error)
                                   << u"8882 of 8882 requests failed (8882× no response)"_s;
}

void TestImportersHttp::vegetaStatusCodes()
{
    QFETCH(QString, codes);
    QFETCH(int, status);
    QFETCH(QString, reason);
    const QByteArray text = importerdata::replaced(u"vegeta/seldonio_seldon-core_benchmarking-argo-workflows_README_report.json"_s,
                                                   "{\"200\":8882}", codes.toStdString());
    bs::LoadError error;
    auto c = bs::CaptureLoader::load(m_tmp.write(u"vegeta.json"_s, text.toStdString()), error);
    QVERIFY2(c, error.toString().c_str());
    QCOMPARE(int(onlyResult(*c).status), status);
    QCOMPARE(QString::fromStdString(onlyResult(*c).reason), reason);
}

void TestImportersHttp::malformed_data()
{
    importerdata::addErrorColumns();

    const auto from = importerdata::replaced;
    const auto cutBefore = importerdata::cutBefore;
    const QString ab = u"ab/ab-nginx-root.txt"_s;
    QTest::newRow("ab truncated") << u"ab.txt"_s << cutBefore(ab, "Requests per second") << u"line 20"_s
                                  << u"ab text, -e CSV or -g TSV: the ab report ends here, before the \"Requests per second:\" line"_s;
    QTest::newRow("ab number out of range") << u"ab.txt"_s << from(ab, "3579.62 [#/sec]", "1e999999 [#/sec]")
                                            << u"line 21"_s << u"expected a number, found \"1e999999\""_s;
    QTest::newRow("ab count not a number") << u"ab.txt"_s << from(ab, "Complete requests:      3000", "Complete requests:      many")
                                           << u"line 17"_s << u"expected a count (digits only), found \"many\""_s;
    QTest::newRow("ab -e row with a word") << u"ab.csv"_s << from(u"ab/ab-nginx-root.csv"_s, "50,0.843", "50,fast")
                                           << u"line 52"_s << u"expected a number with 3 decimals, found \"fast\""_s;
    QTest::newRow("ab -e header only") << u"ab.csv"_s << QByteArray("Percentage served,Time in ms\n")
                                       << u"line 1"_s << u"ends here, before the row of 0%"_s;
    QTest::newRow("ab -g short row") << u"ab.tsv"_s << QByteArray("starttime\tseconds\tctime\tdtime\tttime\twait\nTue Dec 01 19:30:03 2026\t1796153403\t0\n")
                                     << u"line 2"_s << u"expected 6 tab-separated columns"_s;
    QTest::newRow("ab -g negative time") << u"ab.tsv"_s << QByteArray("starttime\tseconds\tctime\tdtime\tttime\twait\nTue Dec 01 19:30:03 2026\t1796153403\t0\t0\t-1\t0\n")
                                         << u"line 2"_s << u"expected a count (digits only), found \"-1\""_s;
    const QString hey = u"hey/hey-nginx-root.txt"_s;
    QTest::newRow("hey cut short") << u"hey.txt"_s << cutBefore(hey, "  Requests/sec") << u"line 6"_s
                                   << u"hey text or -o csv: the hey report ends here, before the Summary's \"Requests/sec:\" line"_s;
    QTest::newRow("hey percentile out of range") << u"hey.txt"_s << from(hey, "99% in 0.0120 secs", "99% in 1e999999 secs")
                                                 << u"line 33"_s << u"expected a number, found \"1e999999\""_s;
    QTest::newRow("hey -o csv status as a word") << u"hey.csv"_s << from(u"hey/hey-nginx-root.csv"_s, ",200,", ",OK,")
                                                 << u"line 2"_s << u"expected a count (digits only), found \"OK\""_s;
    QTest::newRow("hey -o csv short row") << u"hey.csv"_s << from(u"hey/hey-nginx-root.csv"_s, ",200,", ",")
                                          << u"line 2"_s << u"expected 8 comma-separated columns"_s;
    const QString h2 = u"h2load/h2load-nginx-root.txt"_s;
    QTest::newRow("h2load cut short") << u"h2.txt"_s << cutBefore(h2, "finished in") << u"line 14"_s
                                      << u"h2load text or --log-file TSV: the h2load report ends here, before the \"finished in\" line"_s;
    QTest::newRow("h2load unknown time unit") << u"h2.txt"_s << from(h2, "11.63ms", "11.63xs")
                                              << u"line 20"_s << u"expected a number with a unit (us, ms, s)"_s;
    QTest::newRow("h2load req/s out of range") << u"h2.txt"_s << from(h2, "4787.39 req/s", "1e999999 req/s")
                                               << u"line 15"_s << u"expected a number, found \"1e999999\""_s;
    QTest::newRow("h2load log short row") << u"h2.log"_s << QByteArray("1796153496230819\t200\t3075\n1796153496230810\t200\n")
                                          << u"line 2"_s << u"expected 3 tab-separated columns"_s;
    const QString vg = u"vegeta/seldonio_seldon-core_benchmarking-argo-workflows_README_report.json"_s;
    QTest::newRow("vegeta latency as a string") << u"vg.json"_s << from(vg, "\"99th\":4982426813", "\"99th\":\"4982426813\"")
                                                << u"$.latencies.99th"_s << u"expected a number, found a string"_s;
    QTest::newRow("vegeta number out of range") << u"vg.json"_s << from(vg, "\"throughput\":293.63176909007353", "\"throughput\":1e999999")
                                                << u"$.throughput"_s << u"number out of range"_s;
    QTest::newRow("vegeta truncated") << u"vg.json"_s << QByteArray::fromStdString(readData(vg).substr(0, 200))
                                      << u"line 1"_s << u"not valid JSON"_s;
    QTest::newRow("vegeta status code key") << u"vg.json"_s << from(vg, "{\"200\":8882}", "{\"ok\":8882}")
                                            << u"$.status_codes.ok"_s << u"expected an HTTP status code"_s;
    const QString ve = u"vegeta/vegeta-encode-schema-example.jsonl"_s;
    QTest::newRow("vegeta encode line cut") << u"ve.jsonl"_s << from(ve, "\"seq\":2,\"code\":404,", "\"seq\":2,\"co")
                                            << u"line 3"_s << u"not valid JSON"_s;
    QTest::newRow("vegeta encode code as a string") << u"ve.jsonl"_s << from(ve, "\"code\":404", "\"code\":\"404\"")
                                                    << u"line 3: $.code"_s << u"expected"_s;
    QTest::newRow("empty file") << u"x.txt"_s << QByteArray() << u""_s << u"the file is empty"_s;
}

void TestImportersHttp::malformed()
{
    importerdata::checkErrorRow(m_tmp);
}

QTEST_GUILESS_MAIN(TestImportersHttp)
#include "tst_importers_http.moc"
