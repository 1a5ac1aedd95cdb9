// Locust's own outputs (tests/data/importers/locust/, made by
// scripts/make-locust-samples.sh: Debian's Locust 2.12.1, a master and two
// workers against Python's http.server): the --csv files read as Locust
// means them, the --json shape agreeing with them, and malformed variants
// refused with the file and the line.
#include "captureloader.h"
#include "importerdata.h"
#include "locuststats.h"
#include "tempfolder.h"

#include <QtTest>

using namespace importerdata;
using namespace Qt::StringLiterals;

class TestImportersLocust : public QObject {
    Q_OBJECT
private slots:
    void init() { m_tmp.renew(); }
    void statsAsLocustWritesThem_data();
    void statsAsLocustWritesThem();
    void failuresByKind();
    void jsonAgreesWithCsv();
    void siblingLeadsToStats();
    void malformed_data();
    void malformed();
    void bucketRuleIsLocusts();
    void failureKinds_data();
    void failureKinds();
    void contradictionsFlagged_data();
    void contradictionsFlagged();
    void overCountedFailuresKeepTheStatsCount();
    void runTimeFromTheHistory();
    void oneRunPerPrefix_data();
    void oneRunPerPrefix();
    void longHistoryIsBounded();

private:
    // The sample set copied into the temporary folder with `name` changed to `content`.
    std::string variant(const QString &name, const QByteArray &content);
    TempFolder m_tmp;
};

std::string TestImportersLocust::variant(const QString &name, const QByteArray &content)
{
    for (const char *f : {"run_stats.csv", "run_stats_history.csv", "run_failures.csv", "run_exceptions.csv"})
        m_tmp.write(QString::fromLatin1(f), readData(std::string("locust/") + f));
    return m_tmp.write(name, content.toStdString());
}

void TestImportersLocust::statsAsLocustWritesThem_data()
{
    addValueColumns();
    const QString f = u"locust/run_stats.csv"_s;
    // Read by hand from run_stats.csv: Request Count, 50%, 99%, Max (ms → s).
    QTest::newRow("requests of the index") << f << u"locust"_s << u"GET /index.html"_s << u"requests"_s << u"value"_s << 273.0;
    QTest::newRow("its median, 5 ms") << f << u"locust"_s << u"GET /index.html"_s << u"latency_p50"_s << u"value"_s << 0.005;
    QTest::newRow("its p99, 120 ms") << f << u"locust"_s << u"GET /index.html"_s << u"latency_p99"_s << u"value"_s << 0.120;
    QTest::newRow("its max, 132 ms") << f << u"locust"_s << u"GET /index.html"_s << u"latency_max"_s << u"value"_s << 0.132;
    QTest::newRow("Locust's own req/s") << f << u"locust"_s << u"GET /index.html"_s << u"rps"_s << u"value"_s << 54.41126859188505;
    QTest::newRow("one repetition") << f << u"locust"_s << u"GET /index.html"_s << u"rps"_s << u"n"_s << 1.0;
}

void TestImportersLocust::statsAsLocustWritesThem()
{
    checkValueRow();
}

void TestImportersLocust::failuresByKind()
{
    bs::LoadError error;
    const auto c = bs::CaptureLoader::load(dataPath("locust/run_stats.csv"), error);
    QVERIFY2(c, error.toString().c_str());
    const bs::Result *missing = resultByLabels(*c, "locust", "GET /missing");
    QVERIFY(missing);
    // All 111 answered 404 (run_failures.csv: BadStatusCode(..., code=404)): an error result, by kind.
    QCOMPARE(int(missing->status), int(bs::ResultStatus::Error));
    QCOMPARE(missing->repetitions.front().errors.at("status_4xx"), std::uint64_t(111));
    QVERIFY2(missing->reason.find("111") != std::string::npos, missing->reason.c_str());
    const bs::Result *index = resultByLabels(*c, "locust", "GET /index.html");
    QCOMPARE(int(index->status), int(bs::ResultStatus::Ok));
    QVERIFY(index->repetitions.front().errors.empty());
    QVERIFY(hasCaveat(*c, "not corrected for coordinated omission"));
    QVERIFY(hasCaveat(*c, "bucketed"));
    QCOMPARE(c->participants.size(), std::size_t(1)); // the Aggregated row is no case
    QCOMPARE(c->cases.size(), std::size_t(2));
}

void TestImportersLocust::jsonAgreesWithCsv()
{
    // The same run: Locust's bucket rule gives the CSV's percentiles from the JSON's histogram.
    bs::LoadError error;
    const auto csv = bs::CaptureLoader::load(dataPath("locust/run_stats.csv"), error);
    const auto json = bs::CaptureLoader::load(dataPath("locust/run.json"), error);
    QVERIFY2(csv && json, error.toString().c_str());
    for (const char *label : {"GET /index.html", "GET /missing"})
        for (const char *metric : {"requests", "latency_p50", "latency_p90", "latency_p99", "latency_max", "latency_mean"}) {
            const bs::Result *a = resultByLabels(*csv, "locust", label);
            const bs::Result *b = resultByLabels(*json, "locust", label);
            QVERIFY(a && b);
            QVERIFY2(std::abs(a->summary.at(metric).value - b->summary.at(metric).value) < 1e-9,
                     qPrintable(QStringLiteral("%1 %2: %3 vs %4").arg(QLatin1StringView(label), QLatin1StringView(metric))
                                    .arg(a->summary.at(metric).value).arg(b->summary.at(metric).value)));
        }
}

void TestImportersLocust::siblingLeadsToStats()
{
    bs::LoadError error;
    const auto c = bs::CaptureLoader::load(dataPath("locust/run_stats_history.csv"), error);
    QVERIFY2(c, error.toString().c_str());
    QCOMPARE(c->cases.size(), std::size_t(2));
    // Alone, a history file names what to open.
    const std::string alone = m_tmp.write(u"x_stats_history.csv"_s, readData("locust/run_stats_history.csv"));
    checkError(alone, u"line 1"_s, u"PREFIX_stats.csv"_s);
}

void TestImportersLocust::malformed_data()
{
    addErrorColumns();
    const QString stats = u"locust/run_stats.csv"_s;
    QTest::newRow("a count that is no number")
        << u"run_stats.csv"_s << replaced(stats, ",273,", ",1e999999,") << u"line 2"_s << u"Request Count"_s;
    QTest::newRow("a count with a letter")
        << u"run_stats.csv"_s << replaced(stats, ",273,", ",2x3,") << u"line 2"_s << u"Request Count"_s;
    QTest::newRow("a percentile garbled")
        << u"run_stats.csv"_s << replaced(stats, ",5,14,26,", ",5,1x4,26,") << u"line 2"_s << u"66%"_s;
    QTest::newRow("a row cut short")
        << u"run_stats.csv"_s << cutBefore(stats, ",85,100,120,130") << u"line 2"_s << u"columns"_s;
    QTest::newRow("the header only")
        << u"run_stats.csv"_s << cutBefore(stats, "GET,GET /index") << u"line 2"_s << u"header only"_s;
    QTest::newRow("a quote left open")
        << u"run_failures.csv"_s << replaced(u"locust/run_failures.csv"_s, "code=404)\"\"\"", "code=404)")
        << u"line 2"_s << u"quoted field"_s;
    QTest::newRow("failures with a bad count")
        << u"run_failures.csv"_s << replaced(u"locust/run_failures.csv"_s, ",111", ",-1") << u"line 2"_s << u"Occurrences"_s;
    // Files that contradict themselves: which figure is wrong cannot be told.
    const QByteArray stat = QByteArray::fromStdString(readData("locust/run_stats.csv"));
    const QByteArray firstRow = stat.split('\n').at(1);
    QTest::newRow("a column twice")
        << u"run_stats.csv"_s << replaced(stats, "Failure Count,Median Response Time", "Failure Count,Failure Count") << u"line 1"_s << u"twice"_s;
    QTest::newRow("a row twice") << u"run_stats.csv"_s << QByteArray(stat + firstRow + "\n") << u"line 5"_s << u"duplicated row"_s;
    QTest::newRow("more failures than requests")
        << u"run_stats.csv"_s << replaced(stats, ",273,0,", ",273,300,") << u"line 2"_s << u"more failures (300) than requests (273)"_s;
    QTest::newRow("percentiles falling")
        << u"run_stats.csv"_s << replaced(stats, ",5,14,26,", ",5,14,2,") << u"line 2"_s << u"percentiles never fall"_s;
    QTest::newRow("a minimum above the maximum")
        << u"run_stats.csv"_s << replaced(stats, ",19.095238095238095,0,132,", ",19.095238095238095,140,132,") << u"line 2"_s << u"minimum"_s;
    const QByteArray failures = QByteArray::fromStdString(readData("locust/run_failures.csv"));
    QTest::newRow("a failure row twice")
        << u"run_failures.csv"_s << QByteArray(failures + failures.split('\n').at(1) + "\n") << u"line 3"_s << u"duplicated row"_s;
    QTest::newRow("a history column twice")
        << u"run_stats_history.csv"_s << replaced(u"locust/run_stats_history.csv"_s, "User Count,", "Timestamp,") << u"line 1"_s << u"twice"_s;
    QTest::newRow("a history row cut short")
        << u"run_stats_history.csv"_s << cutBefore(u"locust/run_stats_history.csv"_s, ",0,0,0,0.0,0,0,0") << u"line 2"_s << u"columns"_s;
}

void TestImportersLocust::malformed()
{
    QFETCH(QString, name);
    QFETCH(QByteArray, content);
    QFETCH(QString, place);
    QFETCH(QString, message);
    variant(name, content);
    bs::LoadError error;
    const auto c = bs::CaptureLoader::load(m_tmp.filePath(u"run_stats.csv"_s), error);
    QVERIFY(!c);
    QVERIFY2(QString::fromStdString(error.toString()).contains(name), error.toString().c_str()); // names the file
    QVERIFY2(QString::fromStdString(error.place).contains(place), error.toString().c_str());
    QVERIFY2(QString::fromStdString(error.message).contains(message), error.toString().c_str());
}

void TestImportersLocust::bucketRuleIsLocusts()
{
    // What locust.stats.calculate_response_time_percentile (2.12.1) returns
    // for {1: 50, 2: 40, 100: 10} at 0.5, 0.9, 0.91 and 1.0: 2, 100, 100, 100.
    const std::map<double, std::uint64_t> h {{1, 50}, {2, 40}, {100, 10}};
    QCOMPARE(bs::LocustStats::bucketPercentile(h, 100, 50), 2.0);
    QCOMPARE(bs::LocustStats::bucketPercentile(h, 100, 90), 100.0);
    QCOMPARE(bs::LocustStats::bucketPercentile(h, 100, 91), 100.0);
    QCOMPARE(bs::LocustStats::bucketPercentile(h, 100, 100), 100.0);
    QCOMPARE(bs::LocustStats::bucketPercentile(h, 100, 40), 1.0);
}

void TestImportersLocust::failureKinds_data()
{
    QTest::addColumn<QString>("error");
    QTest::addColumn<QString>("kind");
    QTest::newRow("FastHttpUser's bad status") << u"BadStatusCode('http://h/x', code=503)"_s << u"status_5xx"_s;
    QTest::newRow("HttpUser's HTTPError") << u"HTTPError('404 Client Error: Not Found for url: /x')"_s << u"status_4xx"_s;
    QTest::newRow("the runner's own message") << u"status 500 (expected 200)"_s << u"status_5xx"_s;
    QTest::newRow("refused") << u"ConnectionRefusedError(111, 'Connection refused')"_s << u"connect_refused"_s;
    QTest::newRow("reset") << u"ConnectionResetError(104, 'Connection reset by peer')"_s << u"reset"_s;
    QTest::newRow("timeout") << u"timeout('timed out')"_s << u"timeout"_s;
    QTest::newRow("closed early") << u"RemoteDisconnected('Remote end closed connection without response')"_s << u"eof"_s;
    QTest::newRow("anything else") << u"ValueError('x')"_s << u"other"_s;
}

void TestImportersLocust::failureKinds()
{
    QFETCH(QString, error);
    QFETCH(QString, kind);
    QCOMPARE(QString::fromStdString(bs::LocustStats::failureKind(error.toStdString())), kind);
}

// What the stats do not account for, or a history that contradicts itself,
// is read with a caveat naming the file and the line.
void TestImportersLocust::contradictionsFlagged_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<QByteArray>("content");
    QTest::addColumn<QString>("caveat");
    const QByteArray failures = QByteArray::fromStdString(readData("locust/run_failures.csv"));
    QTest::newRow("failures of a request the stats lack")
        << u"run_failures.csv"_s << QByteArray(failures + "GET,GET /ghost,ConnectionResetError(104),7\n") << u"7 failures of \"GET GET /ghost\""_s;
    QTest::newRow("more failures than the stats count")
        << u"run_failures.csv"_s << replaced(u"locust/run_failures.csv"_s, ",111", ",150") << u"counts 150 failures"_s;
    QTest::newRow("an Aggregated row that does not add up")
        << u"run_stats.csv"_s << replaced(u"locust/run_stats.csv"_s, ",Aggregated,384,", ",Aggregated,390,") << u"add up to 384"_s;
    const std::string h = readData("locust/run_stats_history.csv");
    const std::string head = h.substr(0, h.find('\n') + 1);
    auto row = [](int t, int requests, int failures, const char *p50 = "5", const char *p66 = "9") {
        return std::to_string(t) + ",4,,Aggregated,1.0,0.0," + p50 + "," + p66 + ",10,10,10,10,10,10,10,10,10,"
            + std::to_string(requests) + "," + std::to_string(failures) + ",5,5.0,1,10,6\n";
    };
    QTest::newRow("history: more failures than requests")
        << u"run_stats_history.csv"_s << QByteArray::fromStdString(head + row(100, 10, 0) + row(101, 20, 25)) << u"line 3: more failures"_s;
    QTest::newRow("history: a total falls")
        << u"run_stats_history.csv"_s << QByteArray::fromStdString(head + row(100, 30, 0) + row(101, 20, 0)) << u"line 3: the total requests"_s;
    QTest::newRow("history: a row twice")
        << u"run_stats_history.csv"_s << QByteArray::fromStdString(head + row(100, 10, 0) + row(100, 10, 0)) << u"line 3: a second row"_s;
    QTest::newRow("history: time goes back")
        << u"run_stats_history.csv"_s << QByteArray::fromStdString(head + row(100, 10, 0) + row(90, 20, 0)) << u"line 3: the timestamp goes back"_s;
    QTest::newRow("history: percentiles fall")
        << u"run_stats_history.csv"_s << QByteArray::fromStdString(head + row(100, 10, 0, "50", "9")) << u"line 2: percentile 66%"_s;
}

void TestImportersLocust::contradictionsFlagged()
{
    QFETCH(QString, name);
    QFETCH(QByteArray, content);
    QFETCH(QString, caveat);
    variant(name, content);
    bs::LoadError error;
    const auto c = bs::CaptureLoader::load(m_tmp.filePath(u"run_stats.csv"_s), error);
    QVERIFY2(c, error.toString().c_str());
    QVERIFY2(hasCaveat(*c, caveat.toStdString()), qPrintable(caveat));
}

// More failures of a request in the failures file than its Failure Count:
// the count, the kinds and the reason all say the stats' count (kinds unknown).
void TestImportersLocust::overCountedFailuresKeepTheStatsCount()
{
    variant(u"run_failures.csv"_s, replaced(u"locust/run_failures.csv"_s, ",111", ",150"));
    bs::LoadError error;
    const auto c = bs::CaptureLoader::load(m_tmp.filePath(u"run_stats.csv"_s), error);
    QVERIFY2(c, error.toString().c_str());
    const bs::Result *missing = resultByLabels(*c, "locust", "GET /missing");
    QVERIFY(missing);
    const bs::Repetition &rep = missing->repetitions.front();
    QCOMPARE(rep.metrics.at("errors"), 111.0);
    std::uint64_t kinds = 0;
    for (const auto &[kind, n] : rep.errors)
        kinds += n;
    QCOMPARE(kinds, std::uint64_t(111));
    QVERIFY2(missing->reason.find("150") == std::string::npos, missing->reason.c_str());
    QVERIFY(hasCaveat(*c, "counts 150 failures"));
}

void TestImportersLocust::runTimeFromTheHistory()
{
    // The history's first row (Timestamp 1796179689) is the run's start: its capture time, so runs order by it.
    for (const char *opened : {"run_stats.csv", "run_failures.csv", "run_stats_history.csv"}) {
        bs::LoadError error;
        const auto c = bs::CaptureLoader::load(dataPath(std::string("locust/") + opened), error);
        QVERIFY2(c, error.toString().c_str());
        QCOMPARE(c->capturedAt, std::string("2026-12-02T02:48:09Z"));
        // Every file read is hashed: the same run from any of its files is the same content.
        QCOMPARE(c->provenance.sourceHashes.size(), std::size_t(4));
    }
}

// A folder of Locust --csv runs: each run's four files (or any of them
// beside the stats) are one run, named by their prefix, in a history and
// in a folder import alike.
void TestImportersLocust::oneRunPerPrefix_data()
{
    QTest::addColumn<int>("runs");
    QTest::addColumn<QStringList>("siblings");
    const QStringList all{u"_stats_history.csv"_s, u"_failures.csv"_s, u"_exceptions.csv"_s};
    QTest::newRow("three runs, all four files") << 3 << all;
    QTest::newRow("two runs, stats and history") << 2 << QStringList{u"_stats_history.csv"_s};
    QTest::newRow("four runs, stats and failures") << 4 << QStringList{u"_failures.csv"_s, u"_exceptions.csv"_s};
    QTest::newRow("one run, all four") << 1 << all;
}

void TestImportersLocust::oneRunPerPrefix()
{
    QFETCH(int, runs);
    QFETCH(QStringList, siblings);
    const std::string h = readData("locust/run_stats_history.csv");
    for (int i = 0; i < runs; ++i) {
        const QString prefix = u"r%1"_s.arg(i);
        m_tmp.write(prefix + u"_stats.csv"_s, readData("locust/run_stats.csv"));
        for (const QString &s : siblings) {
            std::string text = readData("locust/run" + s.toStdString());
            if (s == u"_stats_history.csv"_s) // a run a minute later each
                text.replace(text.find("1796179689"), 10, std::to_string(1796179689 + 60 * (runs - i)));
            m_tmp.write(prefix + s, text);
        }
    }
    const std::vector<std::string> files = bs::CaptureLoader::historyFiles(m_tmp.path());
    QCOMPARE(int(files.size()), runs);
    for (const std::string &f : files)
        QVERIFY2(f.size() > 10 && f.compare(f.size() - 10, 10, "_stats.csv") == 0, f.c_str());
    if (runs == 1) { // a folder of one run's files is that run, not four participants
        bs::LoadError error;
        const auto c = bs::CaptureLoader::load(m_tmp.path(), error);
        QVERIFY2(c, error.toString().c_str());
        QCOMPARE(c->participants.size(), std::size_t(1));
        QCOMPARE(c->cases.size(), std::size_t(2));
    }
}

// A long run's stats history (written once a second) is read one record at
// a time: its cost stays within a small multiple of the file, not 72 times it.
void TestImportersLocust::longHistoryIsBounded()
{
    const std::string h = readData("locust/run_stats_history.csv");
    std::string text = h.substr(0, h.find('\n') + 1);
    for (int t = 0; text.size() < (24u << 20); ++t)
        for (const char *name : {"GET,/a", "GET,/b", ",Aggregated"})
            text += std::to_string(1796179689 + t) + ",16," + name + ",120.5,0.0,5,9,12,14,20,30,45,60,90,110,130,"
                + std::to_string(120 * (t + 1)) + ",0,5,6.1,1,130,6.0\n";
    variant(u"run_stats_history.csv"_s, QByteArray::fromStdString(text));
    auto hwm = [](const char *field) {
        QFile status(u"/proc/self/status"_s);
        if (!status.open(QIODevice::ReadOnly))
            return -1.0;
        for (const QByteArray &line : status.readAll().split('\n'))
            if (line.startsWith(field))
                return line.mid(int(std::strlen(field))).trimmed().split(' ').front().toDouble() * 1024;
        return -1.0;
    };
    QFile reset(u"/proc/self/clear_refs"_s);
    if (!reset.open(QIODevice::WriteOnly) || reset.write("5") != 1)
        QSKIP("the peak memory cannot be reset here (/proc/self/clear_refs)");
    reset.close();
    const double before = hwm("VmRSS:");
    bs::LoadError error;
    const auto c = bs::CaptureLoader::load(m_tmp.filePath(u"run_stats_history.csv"_s), error);
    QVERIFY2(c, error.toString().c_str());
    const double peak = hwm("VmHWM:") - before;
#ifndef __SANITIZE_ADDRESS__ // AddressSanitizer's shadow and quarantine: no measure of the reader's memory
    QVERIFY2(peak < 3.0 * double(text.size()) + (16 << 20),
             qPrintable(u"%1 MB for a %2 MB history"_s.arg(peak / 1e6).arg(double(text.size()) / 1e6)));
#else
    Q_UNUSED(peak);
#endif
    QCOMPARE(c->capturedAt, std::string("2026-12-02T02:48:09Z"));
}

QTEST_GUILESS_MAIN(TestImportersLocust)
#include "tst_importers_locust.moc"
