// The structured importers read as their tools mean them (issue 27): over
// the peers' own fixtures (tests/data/importers/, see SOURCES.md), values
// read off the files by hand. BenchmarkDotNet's Metrics and 0.10 layouts,
// Google Benchmark's label and two builds of one program, Go's benchfmt
// names, benchunit units and configuration partitions, criterion.rs's older
// layout.
#include "captureloader.h"
#include "capturediff.h"
#include "clirun.h"
#include "importerdata.h"
#include "participantmatch.h"
#include "tempfolder.h"

#include <QtTest>

#include <cmath>
#include <filesystem>
#include <map>

using bs::Capture;
using namespace Qt::StringLiterals;

namespace {

using importerdata::dataPath;
using importerdata::loadPath;
using importerdata::hasCaveat;
using importerdata::readData;
using importerdata::resultByLabels;

const char *kBdnMetrics = "benchmarkdotnet/dotnet_BenchmarkDotNet_CommonExporterVerifyTests_JsonExporter-full.json";
const char *kBdn0106 = "benchmarkdotnet/dotnet_BenchmarkDotNet_v0.10.6_ApprovalTest_JsonExporter-full.json";
const char *kBdn01014 = "benchmarkdotnet/dotnet_BenchmarkDotNet_v0.10.14_CommonExporterApprovalTests_JsonExporter-full.json";
const char *kGbRun1 = "google-benchmark/gbench/test1_run1.json";
const char *kGbRun2 = "google-benchmark/gbench/test1_run2.json";
const char *kBent = "golang-perf/bent/20200101T213604.";
const char *kBenchstat = "golang-perf/benchstat/";


const bs::DiffCell *cellOf(const bs::CaptureDiff &d, const std::string &caseLabel, const std::string &metric)
{
    for (const bs::DiffCell &c : d.cells())
        if (c.caseLabel == caseLabel && c.metric == metric)
            return &c;
    return nullptr;
}

const double *onceOf(const Capture &c, const char *participant, const char *caseLabel, const char *metric)
{
    const bs::Result *r = resultByLabels(c, participant, caseLabel);
    if (!r)
        return nullptr;
    const auto it = r->once.find(metric);
    return it == r->once.end() ? nullptr : &it->second;
}

} // namespace

class TestImportersStruct : public QObject {
    Q_OBJECT
private slots:
    void init() { m_tmp.renew(); }
    void benchmarkDotNetMetricsKept();
    void benchmarkDotNetMetricUnits();
    void benchmarkDotNet010Layouts();
    void googleBenchmarkLabelDescribesTheCase();
    void googleBenchmarkTwoBuildsMatchByName();
    void googleBenchmarkMatchCommand();
    void goLowerCaseNamesAndTidiedUnits();
    void goConfigurationThatChangesPartitions_data();
    void goConfigurationThatChangesPartitions();
    void goFileWideConfigurationComparesCellByCell();
    void goMultiPackageDiffHasNoUnmeasuredRows();
    void goNotGoOutputSaysWhy_data();
    void goNotGoOutputSaysWhy();
    void criterionOlderLayout();

private:
    TempFolder m_tmp;
};

// The diagnosers' Metrics: CacheMisses = 7 per operation on both benchmarks
// of BenchmarkDotNet's own exporter approval file.
void TestImportersStruct::benchmarkDotNetMetricsKept()
{
    const Capture c = loadPath(dataPath(kBdnMetrics));
    const bs::Metric *misses = c.metric("cachemisses");
    QVERIFY(misses);
    QCOMPARE(misses->label, std::string("CacheMisses"));
    QCOMPARE(misses->unit, std::string("count"));
    QCOMPARE(misses->direction, bs::Direction::LowerIsBetter); // TheGreaterTheBetter: false
    QCOMPARE(misses->description, std::string("Hardware counter 'CacheMisses' per single operation"));
    for (const char *method : {"MockBenchmarkClass.Foo (LongRun(IterationCount=100, LaunchCount=3, WarmupCount=15))",
                               "MockBenchmarkClass.Bar (LongRun(IterationCount=100, LaunchCount=3, WarmupCount=15))"}) {
        const double *v = onceOf(c, method, "default", "cachemisses");
        QVERIFY2(v, method);
        QCOMPARE(*v, 7.0);
        QCOMPARE(resultByLabels(c, method, "default")->repetitions.size(), std::size_t(6)); // six Workload Result rows
    }
    // Memory: TotalOperations 0 and BytesAllocatedPerOperation null give no figure.
    QVERIFY(!c.metric("allocated_per_op"));
}

// A descriptor's UnitType and Unit give the canonical unit; the memory
// diagnoser's ids are those of the Memory block.
void TestImportersStruct::benchmarkDotNetMetricUnits()
{
    const std::string cache = "{\n          \"Value\": 7,\n          \"Descriptor\": {\n            \"Id\": \"CacheMisses\",";
    auto variant = [&](const std::string &descriptor) {
        std::string text = readData(kBdnMetrics);
        const auto at = text.find(cache);
        if (at == std::string::npos)
            qFatal("fixture text not found");
        const auto end = text.find('}', at + cache.size());
        text.replace(at, end + 1 - at, descriptor);
        return m_tmp.write(u"bdn.json"_s, text);
    };
    const std::string foo = "MockBenchmarkClass.Foo (LongRun(IterationCount=100, LaunchCount=3, WarmupCount=15))";
    Capture c = loadPath(variant("{\"Value\": 2.5, \"Descriptor\": {\"Id\": \"Allocated Memory\", \"DisplayName\": \"Allocated\", "
                             "\"UnitType\": 2, \"Unit\": \"KB\", \"TheGreaterTheBetter\": false}"));
    QCOMPARE(*onceOf(c, foo.c_str(), "default", "allocated_per_op"), 2560.0);
    QCOMPARE(c.metric("allocated_per_op")->unit, std::string("B"));
    c = loadPath(variant("{\"Value\": 12.5, \"Descriptor\": {\"Id\": \"Gen0Collects\", \"UnitType\": 0, \"Unit\": \"Count\"}"));
    QCOMPARE(*onceOf(c, foo.c_str(), "default", "gen0_per_1000_ops"), 12.5);
    c = loadPath(variant("{\"Value\": 40, \"Descriptor\": {\"Id\": \"JitTime\", \"UnitType\": 1, \"Unit\": \"ms\", "
                     "\"TheGreaterTheBetter\": false}"));
    QCOMPARE(*onceOf(c, foo.c_str(), "default", "jittime"), 0.04);
    QCOMPARE(c.metric("jittime")->unit, std::string("s"));
    c = loadPath(variant("{\"Value\": 3, \"Descriptor\": {\"Id\": \"CompletedWorkItemCount\", \"UnitType\": 0, \"Unit\": \"\", "
                     "\"TheGreaterTheBetter\": true}"));
    QCOMPARE(c.metric("completedworkitemcount")->direction, bs::Direction::HigherIsBetter);
    c = loadPath(variant("{\"Value\": NaN, \"Descriptor\": {\"Id\": \"CacheMisses\", \"UnitType\": 0}"));
    QVERIFY(!onceOf(c, foo.c_str(), "default", "cachemisses"));
    QVERIFY(hasCaveat(c, "1 Metrics value(s) without a number"));
    importerdata::checkError(variant("{\"Value\": 3, \"Descriptor\": {\"Id\": \"T\", \"UnitType\": 1, \"Unit\": \"fortnights\"}"),
                             u"$.Benchmarks[0].Metrics[0].Descriptor.Unit"_s, u"unknown time unit \"fortnights\""_s);
}

// 0.10.0 to 0.10.6 wrote OsVersion as a serialised Lazy, and 0.10 marks its
// result rows IterationMode "Result" (no IterationStage).
void TestImportersStruct::benchmarkDotNet010Layouts()
{
    const Capture old = loadPath(dataPath(kBdn0106));
    QCOMPARE(old.provenance.tools.at(0).version, std::string("0.10.x-mock"));
    QCOMPARE(old.provenance.machine.os, std::string("Microsoft Windows NT 10.0.x.mock"));
    QCOMPARE(old.provenance.machine.cpu, std::string("MockIntel(R) Core(TM) i7-6700HQ CPU 2.60GHz"));
    QCOMPARE(old.provenance.machine.cores, 8); // ProcessorCount
    const Capture later = loadPath(dataPath(kBdn01014));
    QCOMPARE(later.provenance.machine.os, std::string("Microsoft Windows NT 10.0.x.mock"));
    for (const Capture *c : {&old, &later}) {
        QCOMPARE(c->results.size(), std::size_t(2));
        for (const bs::Result &r : c->results) {
            QCOMPARE(r.repetitions.size(), std::size_t(1)); // the one "Result" row: 1 ns over 1 operation
            QCOMPARE(r.repetitions.front().metrics.at("time_per_op"), 1e-9);
        }
        QVERIFY(!hasCaveat(*c, "OriginalValues"));
        QVERIFY(!hasCaveat(*c, "measurements of other stages"));
    }
    // 0.10.14's bare NaN margin (one value, no interval) is left out, not a zero.
    QVERIFY(!later.metric("time_ci_margin"));
}

// compare.py keeps `label` beside the name; here it describes the case.
void TestImportersStruct::googleBenchmarkLabelDescribesTheCase()
{
    const Capture c = loadPath(dataPath(kGbRun1));
    for (const bs::CaseInfo &ci : c.cases)
        QCOMPARE(ci.description, std::string(ci.label == "BM_hasLabel" ? "label: a label" : ""));
}

// compare.py's benchmarks mode over its own test inputs, the context naming
// two executables as two builds' outputs would: without matching, nothing
// pairs; matched by name, the deltas are compare.py's expected ones
// (tools/gbench/report.py, TestReportDifference).
void TestImportersStruct::googleBenchmarkTwoBuildsMatchByName()
{
    auto build = [&](const char *file, const char *exe) {
        const std::string text = importerdata::replaced(QString::fromLatin1(file), "\"context\": {",
                                                        std::string("\"context\": {\"executable\": \"") + exe + "\",")
                                     .toStdString();
        return loadPath(m_tmp.write(QString::fromLatin1(exe + 2) + u".json"_s, text));
    };
    Capture before = build(kGbRun1, "./baseline"), after = build(kGbRun2, "./contender");
    bs::CaptureDiff::Options options;
    options.metrics = {"real_time", "cpu_time"};
    const bs::CaptureDiff apart = bs::CaptureDiff::compare(before, after, options);
    for (const bs::DiffCell &c : apart.cells())
        QVERIFY(c.presence != bs::DiffPresence::Both);

    std::string problem;
    QVERIFY(bs::ParticipantMatch::byName(before, problem));
    QVERIFY(bs::ParticipantMatch::byName(after, problem));
    const bs::CaptureDiff d = bs::CaptureDiff::compare(before, after, options);
    // name, Time, CPU as compare.py prints them (fractions; percent here)
    const struct {
        const char *name;
        double time, cpu;
    } expected[] = {{"BM_SameTimes", 0, 0},          {"BM_2xFaster", -0.5, -0.5},      {"BM_2xSlower", 1, 1},
                    {"BM_1PercentFaster", -0.01, -0.01}, {"BM_1PercentSlower", 0.01, 0.01},
                    {"BM_10PercentFaster", -0.1, -0.1}, {"BM_10PercentSlower", 0.1, 0.1},
                    {"BM_100xSlower", 99, 99},       {"BM_100xFaster", -0.99, -0.99},
                    {"BM_10PercentCPUToTime", 0.1, -0.1}, {"BM_ThirdFaster", -0.3333, -0.3334},
                    {"BM_NotBadTimeUnit", -0.9, 0.2}, {"BM_hasLabel", 0, 0}};
    for (const auto &e : expected) {
        for (const auto &[metric, fraction] : {std::pair{"real_time", e.time}, {"cpu_time", e.cpu}}) {
            const bs::DiffCell *c = cellOf(d, e.name, metric);
            QVERIFY2(c && c->deltaPct, e.name);
            QCOMPARE(c->presence, bs::DiffPresence::Both);
            // compare.py rounds to four decimals of the fraction
            QVERIFY2(std::abs(*c->deltaPct / 100 - fraction) <= 0.00005 + 1e-12,
                     qPrintable(QString::fromLatin1(e.name) + u" "_s + QString::number(*c->deltaPct)));
        }
    }
    QVERIFY(d.addedParticipants().empty() && d.removedParticipants().empty());

    // Several participants would be pooled: refused.
    Capture go = loadPath(dataPath(std::string(kBent) + "Base.stdout"));
    QVERIFY(!bs::ParticipantMatch::byName(go, problem));
    QVERIFY2(problem.find("30 participants") != std::string::npos, problem.c_str());
}

void TestImportersStruct::googleBenchmarkMatchCommand()
{
    const std::string text1 = importerdata::replaced(QString::fromLatin1(kGbRun1), "\"context\": {",
                                                     "\"context\": {\"executable\": \"./baseline\",").toStdString();
    const std::string text2 = importerdata::replaced(QString::fromLatin1(kGbRun2), "\"context\": {",
                                                     "\"context\": {\"executable\": \"./contender\",").toStdString();
    const QString a = QString::fromStdString(m_tmp.write(u"baseline.json"_s, text1));
    const QString b = QString::fromStdString(m_tmp.write(u"contender.json"_s, text2));
    const CliRun byId = CliRun::run({u"diff"_s, a, b});
    QCOMPARE(byId.exitCode, 0);
    QVERIFY2(byId.out.contains(u"only in after"_s), qPrintable(byId.out));
    const CliRun byName = CliRun::run({u"diff"_s, a, b, u"--match"_s, u"name"_s, u"--format"_s, u"csv"_s});
    QCOMPARE(byName.exitCode, 0);
    QVERIFY2(!byName.out.contains(u"only in"_s), qPrintable(byName.out));
    QVERIFY2(byName.out.contains(u"BM_2xFaster"_s), qPrintable(byName.out));
    const CliRun bad = CliRun::run({u"diff"_s, a, b, u"--match"_s, u"label"_s});
    QCOMPARE(bad.exitCode, 2);
    QVERIFY(bad.err.contains(u"--match expects id or name"_s));
    const QString go = QString::fromStdString(dataPath(std::string(kBent) + "Base.stdout"));
    const CliRun several = CliRun::run({u"diff"_s, go, go, u"--match"_s, u"name"_s});
    QCOMPARE(several.exitCode, 1);
    QVERIFY2(several.err.contains(u"matching by name needs one participant per capture"_s), qPrintable(several.err));
}

// bent's reports (golang/perf benchfmt testdata): lower-case names after
// "Benchmark" are results, as benchfmt reads them; build-real-ns/op is in
// seconds, as benchstat tidies it (build-real-sec/op).
void TestImportersStruct::goLowerCaseNamesAndTidiedUnits()
{
    const Capture size = loadPath(dataPath(std::string(kBent) + "Base.benchsize"));
    const bs::Result *total = resultByLabels(size, "go test", "k8s_schedulercache_total");
    QVERIFY(total);
    QCOMPARE(total->summary.at("total-bytes").median, 33871255.0);
    QCOMPARE(resultByLabels(size, "go test", "k8s_schedulercache_text")->summary.at("text-bytes").median, 13515628.0);
    QCOMPARE(size.metric("text-bytes")->unit, std::string("text-bytes"));

    const Capture build = loadPath(dataPath(std::string(kBent) + "Base.build"));
    const bs::Result *k8s = resultByLabels(build, "go test", "K8s_schedulercache");
    QVERIFY(k8s);
    // 25 builds; the medians of the 25 values of each unit
    QCOMPARE(k8s->summary.at("build_real_time_per_op").n, std::size_t(25));
    QVERIFY(std::abs(k8s->summary.at("build_real_time_per_op").median - 14.82) < 1e-9);
    QVERIFY(std::abs(k8s->summary.at("build_user_time_per_op").median - 68.62) < 1e-9);
    QVERIFY(std::abs(k8s->summary.at("build_sys_time_per_op").median - 4.25) < 1e-9);
    for (const char *id : {"build_real_time_per_op", "build_user_time_per_op", "build_sys_time_per_op"}) {
        QCOMPARE(build.metric(id)->unit, std::string("s"));
        QCOMPARE(build.metric(id)->direction, bs::Direction::LowerIsBetter);
    }
}

// Configuration that changes within a file tells results apart (benchstat's
// -col note over its own testdata): never pooled.
void TestImportersStruct::goConfigurationThatChangesPartitions_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("caseLabel");
    QTest::addColumn<double>("before");
    QTest::addColumn<double>("after");
    QTest::addColumn<int>("n"); // repetitions on each side
    // units.stdout: Size 100 → 105 (+5.00%, n=1), NonExact 101 → 101 (n=3)
    QTest::newRow("units.txt Size") << u"units.txt"_s << u"Size"_s << 100.0 << 105.0 << 1;
    QTest::newRow("units.txt NonExact") << u"units.txt"_s << u"NonExact"_s << 101.0 << 101.0 << 3;
    // issue19634.stdout: 115.00n → 78.80n, n=5 each
    QTest::newRow("issue19634.txt") << u"issue19634.txt"_s << u"FloatSub/100"_s << 115e-9 << 78.8e-9 << 5;
}

void TestImportersStruct::goConfigurationThatChangesPartitions()
{
    QFETCH(QString, file);
    QFETCH(QString, caseLabel);
    QFETCH(double, before);
    QFETCH(double, after);
    QFETCH(int, n);
    const Capture c = loadPath(dataPath(kBenchstat + file.toStdString()));
    QCOMPARE(c.participants.size(), std::size_t(2));
    const std::string metric = file == u"units.txt"_s ? "text-bytes" : "time_per_op";
    QCOMPARE(c.primaryMetric()->id, metric); // a file without ns/op has no empty Time/op
    QCOMPARE(c.metrics.size(), std::size_t(1));
    const bs::Result *b = resultByLabels(c, "note: before", caseLabel.toStdString());
    const bs::Result *a = resultByLabels(c, "note: after", caseLabel.toStdString());
    QVERIFY(b && a);
    QCOMPARE(int(b->summary.at(metric).n), n);
    QCOMPARE(int(a->summary.at(metric).n), n);
    QVERIFY(std::abs(b->summary.at(metric).median - before) <= 1e-12 * before);
    QVERIFY(std::abs(a->summary.at(metric).median - after) <= 1e-12 * after);
    QVERIFY(hasCaveat(c, "configuration that changes within the file (note)"));
    QVERIFY(!c.provenance.conditions.extra.count("note"));
}

// A note that holds for each whole file stays provenance, so crc-old.txt and
// crc-new.txt compare cell by cell as `benchstat -ignore note` does
// (crcIgnore.stdout), the note named in the provenance warning.
void TestImportersStruct::goFileWideConfigurationComparesCellByCell()
{
    const Capture before = loadPath(dataPath(std::string(kBenchstat) + "crc-old.txt"));
    const Capture after = loadPath(dataPath(std::string(kBenchstat) + "crc-new.txt"));
    QCOMPARE(before.participants.size(), std::size_t(1));
    QCOMPARE(before.provenance.conditions.extra.at("note"), std::string("hw acceleration disabled"));
    QCOMPARE(before.provenance.machine.os, std::string("darwin/amd64"));
    const bs::CaptureDiff d = bs::CaptureDiff::compare(before, after, {});
    bool noted = false;
    for (const bs::ProvenanceWarning &w : d.warnings())
        noted |= w.text().find("note") != std::string::npos && w.text().find("hw acceleration enabled") != std::string::npos;
    QVERIFY(noted);
    const struct {
        const char *name;
        double before, after, deltaPct, p;
    } rows[] = {
        // CRC32/poly=IEEE/size=15/align=0-8   46.55n ± 9%   44.40n ± 2%   -4.62% (p=0.008 n=10)
        {"CRC32/poly=IEEE/size=15/align=0", 46.55e-9, 44.40e-9, -4.62, 0.008},
        // CRC32/poly=IEEE/size=512/align=0-8  237.50n ± 4%  56.75n ± 3%  -76.11% (p=0.000 n=10)
        {"CRC32/poly=IEEE/size=512/align=0", 237.5e-9, 56.75e-9, -76.11, 0.0},
        // CRC32/poly=Castagnoli/size=15/align=0-8  16.50n ± 3%  16.30n ± 2%  ~ (p=0.642 n=10)
        {"CRC32/poly=Castagnoli/size=15/align=0", 16.50e-9, 16.30e-9, -1.21, 0.642},
    };
    for (const auto &r : rows) {
        const bs::DiffCell *c = cellOf(d, r.name, "time_per_op");
        QVERIFY2(c, r.name);
        QCOMPARE(c->presence, bs::DiffPresence::Both);
        QCOMPARE(c->before->n, std::size_t(10));
        QVERIFY(std::abs(c->before->median - r.before) < 1e-15);
        QVERIFY(std::abs(c->after->median - r.after) < 1e-15);
        QVERIFY2(std::abs(*c->deltaPct - r.deltaPct) < 0.005, qPrintable(QString::number(*c->deltaPct)));
        QVERIFY2(std::abs(*c->p - r.p) < 0.0005, qPrintable(QString::number(*c->p)));
        // Benchstat's "~" is no change here too; its -76.11% is better (ranges apart).
        if (r.p > 0.05)
            QCOMPARE(c->verdict, bs::DiffVerdict::NoChange);
        else if (r.deltaPct < -50)
            QCOMPARE(c->verdict, bs::DiffVerdict::Better);
    }
}

// bent's multi-package runs: 30 packages, 67 benchmarks, each in one package.
// A cell neither file measured (another package's benchmark) is no row:
// 67 ns/op, 7 B/op, 7 allocs/op and 3 MB/s cells, as the files hold them.
void TestImportersStruct::goMultiPackageDiffHasNoUnmeasuredRows()
{
    const Capture before = loadPath(dataPath(std::string(kBent) + "Base.stdout"));
    const Capture after = loadPath(dataPath(std::string(kBent) + "Tip.stdout"));
    QCOMPARE(before.participants.size(), std::size_t(30));
    QCOMPARE(before.cases.size(), std::size_t(67));
    const bs::CaptureDiff d = bs::CaptureDiff::compare(before, after, {});
    std::map<std::string, int> cells;
    for (const bs::DiffCell &c : d.cells()) {
        ++cells[c.metric];
        QCOMPARE(c.presence, bs::DiffPresence::Both);
        QVERIFY2(c.reason.find("unsupported") == std::string::npos, c.reason.c_str());
    }
    QCOMPARE(cells, (std::map<std::string, int>{{"time_per_op", 67}, {"bytes_per_op", 7}, {"allocs_per_op", 7},
                                                {"throughput", 3}}));
    const CliRun cli = CliRun::run({u"diff"_s, QString::fromStdString(dataPath(std::string(kBent) + "Base.stdout")),
                                    QString::fromStdString(dataPath(std::string(kBent) + "Tip.stdout")), u"--metric"_s,
                                    u"all"_s, u"--format"_s, u"csv"_s});
    QCOMPARE(cli.exitCode, 0);
    QCOMPARE(int(cli.out.trimmed().split(u'\n').size()), 1 + 84); // the header and one line a cell
    QVERIFY(!cli.out.contains(u"unsupported"_s));
}

void TestImportersStruct::goNotGoOutputSaysWhy_data()
{
    QTest::addColumn<QByteArray>("content");
    QTest::addColumn<QString>("message");
    QTest::newRow("a benchmark line without figures")
        << QByteArray("goos: linux\nBenchmarkJoin 1000\nPASS\n")
        << u"not Go benchmark text: line 2: \"BenchmarkJoin 1000\" is not a result line"_s;
    QTest::newRow("go test output without a benchmark")
        << QByteArray("goos: linux\ngoarch: amd64\npkg: example.com/x\nPASS\nok  \texample.com/x\t0.01s\n")
        << u"not Go benchmark text: go test output without a benchmark result line"_s;
}

void TestImportersStruct::goNotGoOutputSaysWhy()
{
    QFETCH(QByteArray, content);
    QFETCH(QString, message);
    importerdata::checkError(m_tmp.write(u"bench.txt"_s, content.toStdString()), u""_s, message);

    // Prose starting with "Benchmark" inside real output is no result and no error.
    std::string text = readData("go/before.txt");
    text.insert(text.find("BenchmarkJoin"), "Benchmarking the joins, please wait\n");
    const Capture c = loadPath(m_tmp.write(u"prose.txt"_s, text));
    QVERIFY(hasCaveat(c, "1 line(s) that are neither results nor configuration were ignored"));
    QCOMPARE(c.cases.size(), std::size_t(4));
}

// criterion.rs 0.2.5 to 0.3.2's layout, made from the measured 0.3.6 tree by
// criterion-0.3.2-folder/make-old-layout.py (SOURCES.md): the same figures.
void TestImportersStruct::criterionOlderLayout()
{
    const Capture old = loadPath(dataPath("criterion-0.3.2-folder/target/criterion"));
    const Capture now = loadPath(dataPath("criterion-folder/target/criterion"));
    QVERIFY(hasCaveat(old, "criterion.rs 0.3.2 or older layout"));
    QCOMPARE(old.participants.size(), std::size_t(3));
    QCOMPARE(old.results.size(), now.results.size());
    const bs::Result *r = resultByLabels(old, "std_stable", "sort/100");
    QVERIFY(r);
    QCOMPARE(r->summary.at("time_per_iter").n, std::size_t(20));
    // sample 0 of sort/std_stable/100: 1219973 ns over 1823 iterations
    QCOMPARE(r->summary.at("time_per_iter").min, 1219973.0 / 1823 * 1e-9);
    QCOMPARE(r->once.at("estimate_mean"), 2143.2999815886083e-9);
    QCOMPARE(r->once.at("estimate_mean.ci_upper"), 2628.2061034015633e-9);
    for (const bs::Result &n : now.results) {
        const bs::Result *o = old.result(n.participant, n.caseId);
        QVERIFY(o);
        QCOMPARE(o->summary.at("time_per_iter").median, n.summary.at("time_per_iter").median);
        QCOMPARE(o->once, n.once);
    }
    // A tuple that is not two arrays is refused, naming the file.
    const std::filesystem::path tree = std::filesystem::path(m_tmp.path()) / "criterion";
    std::filesystem::copy(dataPath("criterion-0.3.2-folder/target/criterion"), tree,
                          std::filesystem::copy_options::recursive);
    const std::string sample = (tree / "sum 1000" / "new" / "sample.json").string();
    bs::LoadError error;
    QVERIFY(bs::FileIO::writeAtomically(sample, "[[1.0, 2.0]]", error));
    importerdata::checkError(tree.string(), sample, u"$"_s, u"expected [iters, times]"_s);
}

QTEST_GUILESS_MAIN(TestImportersStruct)
#include "tst_importers_struct.moc"
